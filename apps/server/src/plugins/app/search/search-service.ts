import type { Article, MeshDescriptor, SearchMapping, SearchQuery, SearchResponse, Suggestion } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { invalid, notFound } from '../../../lib/errors';
import { PAGE_SIZE } from '../../../lib/pagination';
import { normalizeTerm, parseQuery, subPhrases, type ParsedQuery } from './query-parser';
import { searchRepository, type HitRow, type RankPosition, type SearchFilters, type SearchPlan } from './search-repository';
import { vocabularyRepository, vocabularyVersion } from './vocabulary-repository';

const SUGGESTIONS = 8;
const MAPPING_CACHE_SIZE = 1_000;
/** An import in another process (the CLI) is seen by a running server within this time. */
const MAPPING_TTL_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK = /^\d{1,9}(\.\d{1,6})?$/;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

const emptyResponse = (): SearchResponse => ({
  data: [],
  meta: { next_cursor: null, total: 0, mapping: [], did_you_mean: null, facets: { source: [], publication_type: [] } },
});

/** The cursor is the last hit's (rank, id): ranks are rounded numerics, so they compare exactly page after page. */
const encodeCursor = (row: HitRow) => Buffer.from(JSON.stringify([row.rank, row.id])).toString('base64url');

function decodeCursor(cursor: string | undefined): RankPosition | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [rank, id] = parsed as unknown[];
      if (typeof rank === 'string' && RANK.test(rank) && typeof id === 'string' && UUID.test(id)) return { rank, id };
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

  constructor(private db: Db) {}

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
    const { total, rows, facets } = await searchRepository.results(this.db, plan, filters, position, PAGE_SIZE);
    const shown = rows.slice(0, PAGE_SIZE);
    const didYouMean = total === 0 && !position ? await this.didYouMean(parsed) : null;
    return {
      data: shown.map((row) => ({ ...summaryOf(row), snippet: row.snippet, mesh_terms: row.mesh_terms })),
      meta: {
        next_cursor: rows.length > PAGE_SIZE ? encodeCursor(shown[shown.length - 1]!) : null,
        total,
        mapping,
        did_you_mean: didYouMean,
        facets,
      },
    };
  }

  /** The best `size` article ids and the mapping, for internal callers that show no results page (Wink). */
  async rankedIds(q: string, size: number): Promise<{ ids: string[]; mapping: SearchMapping[] }> {
    const parsed = parseQuery(q);
    if (!parsed.text) return { ids: [], mapping: [] };
    const { plan, mapping } = await this.cachedPlan(parsed);
    return { ids: await searchRepository.rankedIds(this.db, plan, size), mapping };
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
    return {
      plan: {
        text: parsed.text,
        concepts,
        anyOf: parsed.anyOf,
        leftover,
        excluded: parsed.excluded,
        boostUis: [...new Set(concepts.flatMap((c) => c.uis))],
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
