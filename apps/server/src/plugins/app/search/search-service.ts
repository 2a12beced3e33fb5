import type { Article, MeshDescriptor, SearchMapping, SearchQuery, SearchResponse, Suggestion } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { invalid, notFound } from '../../../lib/errors';
import { PAGE_SIZE } from '../../../lib/pagination';
import { normalizeTerm, parseQuery, subPhrases, type ParsedQuery } from './query-parser';
import { DEFAULT_RANKING, isLayQuery, type Ranking } from './ranking';
import {
  ALL_LEVELS,
  sampleLevel,
  sampleScale,
  searchRepository,
  type HitRow,
  type RankContext,
  type RankedHit,
  type RankPosition,
  type SampleLevels,
  type SearchFilters,
  type SearchPlan,
} from './search-repository';
import { vocabularyRepository, vocabularyVersion } from './vocabulary-repository';

const SUGGESTIONS = 8;
/** How many hits a search ranks and counts at most before it samples (search-repository.ts, "Sampling"). */
export const DEFAULT_HIT_BUDGET = 2_000;
const MAPPING_CACHE_SIZE = 1_000;
/** An import in another process (the CLI) is seen by a running server within this time. */
const MAPPING_TTL_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK = /^\d{1,9}(\.\d{1,6})?$/;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

const emptyResponse = (): SearchResponse => ({
  data: [],
  meta: {
    next_cursor: null,
    total: 0,
    total_estimated: false,
    mapping: [],
    did_you_mean: null,
    facets: { source: [], publication_type: [] },
    facets_estimated: false,
  },
});

/**
 * A count from a sample, scaled up to the corpus and rounded to two significant figures, since a
 * sample's count is no more precise than that; exact counts stay as they are.
 */
export function scaledCount(count: number, level: number): number {
  if (level >= ALL_LEVELS || count === 0) return count;
  const scaled = count * sampleScale(level);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(scaled)) - 1);
  return Math.round(scaled / unit) * unit;
}

const isLevel = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= ALL_LEVELS;

/**
 * The cursor is the last hit's (rank, id), ranks being rounded numerics that compare exactly page after
 * page, and the samples of page 1, so later pages read the same hits.
 */
const encodeCursor = (row: RankedHit, levels: SampleLevels) =>
  Buffer.from(JSON.stringify([row.rank, row.id, levels.found, levels.shown])).toString('base64url');

function decodeCursor(cursor: string | undefined): RankPosition | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 4) {
      const [rank, id, found, shown] = parsed as unknown[];
      if (typeof rank === 'string' && RANK.test(rank) && typeof id === 'string' && UUID.test(id) && isLevel(found) && isLevel(shown)) {
        return { rank, id, levels: { found, shown } };
      }
    }
  } catch {
    // the same answer as any other cursor we did not write
  }
  throw invalid('cursor', 'The cursor is invalid.');
}

const summaryOf = (row: Omit<HitRow, 'snippet' | 'rank' | 'mesh_terms'>) => ({
  id: row.id,
  source: row.source as Article['source'],
  external_id: row.external_id,
  title: row.title,
  authors: row.authors,
  journal: row.journal,
  published_at: row.published_at,
  url: row.url,
  publication_types: row.publication_types,
});

/**
 * Health search: full text weighted title > MeSH > summary, plus PubMed-like automatic term mapping
 * (query phrases to descriptors through names and entry terms, expanded to narrower descriptors).
 */
export class SearchService {
  /**
   * Mappings by query text: the same query (a second page, a filter change, the next person typing
   * "asthma") maps the same way until the vocabulary changes, and mapping costs 2+ look-ups.
   */
  private mappings = new Map<string, { at: number; version: number; value: Promise<{ plan: SearchPlan; mapping: SearchMapping[] }> }>();

  /**
   * @param hitBudget how many hits a search counts at most before it estimates (SEARCH_HIT_BUDGET).
   * @param ranking Best Match's weights (SEARCH_RANK_*).
   * @param exhaustive rank every hit at once instead of tier by tier: the same pages, slower; the
   *   reference that tests and bench:search compare the tiers with.
   */
  constructor(
    private db: Db,
    private hitBudget = DEFAULT_HIT_BUDGET,
    private ranking: Ranking = DEFAULT_RANKING,
    private exhaustive = false,
  ) {}

  private rankContext(mapping: SearchMapping[]): RankContext {
    return { ranking: this.ranking, lay: isLayQuery(mapping, normalizeTerm) };
  }

  /**
   * Page 1's samples: the widest within the hit budget, sized by the hits at level 0. When a filter
   * leaves fewer hits to show, the facets are counted in a sample of their own, a quarter of the
   * budget: estimates either way, and that scan comes on top of the page's.
   */
  private async sampleLevels(plan: SearchPlan, filters: SearchFilters): Promise<SampleLevels> {
    const atZero = await searchRepository.levelZeroHits(this.db, plan, filters);
    const shown = sampleLevel(atZero.shown, this.hitBudget);
    const found = sampleLevel(atZero.found, this.hitBudget);
    return { shown, found: found === shown ? found : sampleLevel(atZero.found, this.hitBudget / 4) };
  }

  private cachedPlan(parsed: ParsedQuery) {
    const now = Date.now();
    const hit = this.mappings.get(parsed.text);
    if (hit && hit.version === vocabularyVersion.current && now - hit.at < MAPPING_TTL_MS) {
      // Refresh its place in the insertion order: the Map doubles as an LRU list.
      this.mappings.delete(parsed.text);
      this.mappings.set(parsed.text, hit);
      return hit.value;
    }
    const value = this.plan(parsed);
    this.mappings.set(parsed.text, { at: now, version: vocabularyVersion.current, value });
    value.catch(() => this.mappings.delete(parsed.text));
    if (this.mappings.size > MAPPING_CACHE_SIZE) this.mappings.delete(this.mappings.keys().next().value!);
    return value;
  }

  async search(query: SearchQuery): Promise<SearchResponse> {
    const parsed = parseQuery(query.q);
    if (!parsed.text) return emptyResponse();
    if (query.from && query.to && query.from > query.to) throw invalid('to', 'The end date must be on or after the start date.');
    const position = decodeCursor(query.cursor);
    const filters: SearchFilters = { source: query.source, publicationType: query.publication_type, from: query.from, to: query.to };

    const { plan, mapping } = await this.cachedPlan(parsed);
    const levels = position?.levels ?? (await this.sampleLevels(plan, filters));
    const [hits, { total, facets }] = await Promise.all([
      searchRepository.topHits(this.db, plan, this.rankContext(mapping), filters, position, PAGE_SIZE + 1, this.exhaustive),
      searchRepository.counts(this.db, plan, filters, levels),
    ]);
    const shown = hits.slice(0, PAGE_SIZE);
    const rows = await searchRepository.pageRows(this.db, plan, shown);
    const didYouMean = total === 0 && !position ? await this.didYouMean(parsed) : null;
    const scaled = (list: { value: string; count: number }[]) =>
      list.map((f) => ({ value: f.value, count: scaledCount(f.count, levels.found) }));
    return {
      data: rows.map((row) => ({ ...summaryOf(row), snippet: row.snippet, mesh_terms: row.mesh_terms })),
      meta: {
        next_cursor: hits.length > PAGE_SIZE ? encodeCursor(shown[shown.length - 1]!, levels) : null,
        total: scaledCount(total, levels.shown),
        total_estimated: levels.shown < ALL_LEVELS && total > 0,
        mapping,
        did_you_mean: didYouMean,
        facets: { source: scaled(facets.source), publication_type: scaled(facets.publication_type) },
        facets_estimated: levels.found < ALL_LEVELS,
      },
    };
  }

  /** The best `size` article ids and the mapping, for internal callers that show no results page (Wink). */
  async rankedIds(q: string, size: number): Promise<{ ids: string[]; mapping: SearchMapping[] }> {
    const parsed = parseQuery(q);
    if (!parsed.text) return { ids: [], mapping: [] };
    const { plan, mapping } = await this.cachedPlan(parsed);
    const hits = await searchRepository.topHits(this.db, plan, this.rankContext(mapping), {}, null, size, this.exhaustive);
    return { ids: hits.map((hit) => hit.id), mapping };
  }

  /** The first `size` hits of the search ranking for `q`, without counts or facets (a topic page's best articles). */
  async bestHits(q: string, size: number): Promise<SearchResponse['data']> {
    const parsed = parseQuery(q);
    if (!parsed.text) return [];
    const { plan, mapping } = await this.cachedPlan(parsed);
    const hits = await searchRepository.topHits(this.db, plan, this.rankContext(mapping), {}, null, size, this.exhaustive);
    const rows = await searchRepository.pageRows(this.db, plan, hits);
    return rows.map((row) => ({ ...summaryOf(row), snippet: row.snippet, mesh_terms: row.mesh_terms }));
  }

  /**
   * The descriptors a piece of writing maps to, the way a query would (a discussion's suggested
   * topics). Not cached: each text is written once, and would only push queries out of the cache.
   */
  async mapText(text: string): Promise<SearchMapping[]> {
    const parsed = parseQuery(text);
    if (parsed.words.length === 0) return [];
    return (await this.plan(parsed)).mapping;
  }

  /**
   * Automatic term mapping, PubMed's way: the longest phrases first, each query word used by one
   * mapping at most, so "heart attack" maps to Myocardial Infarction and not also to Heart.
   */
  private async plan(parsed: ParsedQuery): Promise<{ plan: SearchPlan; mapping: SearchMapping[] }> {
    const phrases = subPhrases(parsed.words);
    const matches = await vocabularyRepository.descriptorsMatching(
      this.db,
      phrases.map((p) => p.phrase),
    );
    const used = new Array<boolean>(parsed.words.length).fill(false);
    const concepts: SearchPlan['concepts'] = [];
    const mapping: SearchMapping[] = [];
    for (const { phrase, start, length } of phrases) {
      if (used.slice(start, start + length).some(Boolean)) continue;
      const descriptors = matches.filter((d) => d.phrases.includes(phrase));
      if (descriptors.length === 0) continue;
      used.fill(true, start, start + length);
      const uis = await vocabularyRepository.withNarrower(
        this.db,
        descriptors.map((d) => d.ui),
        descriptors.flatMap((d) => d.tree_numbers),
      );
      concepts.push({ uis });
      for (const d of descriptors) mapping.push({ ui: d.ui, name: d.name, matched: phrase });
    }
    const leftover = parsed.words.filter((_, i) => !used[i] && i < used.length).join(' ');
    const boostUis = [...new Set(concepts.flatMap((c) => c.uis))];
    const foundByText = await searchRepository.descriptorsFoundByText(this.db, boostUis, parsed.text);
    return {
      plan: {
        text: parsed.text,
        concepts: concepts.map((c) => ({ uis: c.uis.filter((ui) => !foundByText.has(ui)) })),
        anyOf: parsed.anyOf,
        leftover,
        excluded: parsed.excluded,
        boostUis,
      },
      mapping,
    };
  }

  /**
   * A query of several words is first compared whole with the vocabulary's terms; failing that, each
   * word the vocabulary does not know is replaced by its closest MeSH word, if any.
   */
  private async didYouMean(parsed: ParsedQuery): Promise<string | null> {
    if (parsed.words.length >= 2 && parsed.words.length <= 6) {
      const phrase = await vocabularyRepository.phraseCorrection(this.db, parsed.words.join(' ').toLowerCase());
      if (phrase) return phrase;
    }
    const words = [...new Set(parsed.words.filter((w) => w.length >= 3))].slice(0, 16);
    const fixes = await vocabularyRepository.corrections(this.db, words);
    if (fixes.size === 0) return null;
    return parsed.text.replace(WORD, (w) => fixes.get(w.toLowerCase()) ?? w);
  }

  async suggest(q: string | undefined): Promise<{ data: Suggestion[] }> {
    const text = normalizeTerm(parseQuery(q).text);
    if (!text) return { data: [] };
    return { data: await vocabularyRepository.suggest(this.db, text, SUGGESTIONS) };
  }

  async article(id: string): Promise<Article> {
    const row = UUID.test(id) ? await searchRepository.article(this.db, id) : null;
    if (!row) throw notFound('The article');
    const terms = await searchRepository.meshTermsOf(this.db, [row.id]);
    return { ...summaryOf(row), summary: row.summary, mesh_terms: terms.get(row.id) ?? [] };
  }

  async descriptor(ui: string): Promise<MeshDescriptor> {
    const row = await searchRepository.descriptor(this.db, ui);
    if (!row) throw notFound('The MeSH descriptor');
    const [broader, narrower] = await Promise.all([
      vocabularyRepository.broader(this.db, row.tree_numbers),
      vocabularyRepository.narrower(this.db, row.tree_numbers),
    ]);
    return { ...row, broader, narrower };
  }
}
