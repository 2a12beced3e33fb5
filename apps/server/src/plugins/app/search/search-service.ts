import { isUuid } from '@wink/contracts';
import type { Article, MeshDescriptor, SearchCorrection, SearchMapping, SearchQuery, SearchResponse, Suggestion } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { SAMPLE_LEVELS } from '../../../db/schema/articles';
import { invalid, notFound } from '../../../lib/errors';
import { RecentAnswers } from '../../../lib/recent-answers';
import { PAGE_SIZE } from '../../../lib/pagination';
import { normalizeTerm, parseQuery, type ParsedQuery } from './query-parser';
import { correctQuery, withCorrectedFrom } from './query-correction';
import { DEFAULT_RANKING, isLayQuery, type Ranking } from './ranking';
import { readQuery, type QueryReading } from './query-reading';
import { questionPage, searchQuestion, type QuestionDeps, type QuestionResult } from './question-search';
import { decodeCursor, encodeCursor, type CursorPosition } from './search-cursor';
import type { HitRow } from './search-lookups';
import type { SearchFilters, SearchPlan } from './search-match';
import { searchRepository } from './search-repository';
import { sampleLevel, scaledCount, type Counts, type SampleLevels } from './search-sampling';
import type { RankContext } from './search-score';
import type { Correction } from './spelling';
import { mapQuery } from './term-mapping';
import { vocabularyRepository, vocabularyVersion } from './vocabulary-repository';

const SUGGESTIONS = 8;
/** How many hits a search ranks and counts at most before it samples (search-sampling.ts, "Sampling"). */
export const DEFAULT_HIT_BUDGET = 2_000;
const MAPPING_CACHE_SIZE = 1_000;
/** An import in another process (the CLI) is seen by a running server within this time. */
const MAPPING_TTL_MS = 60_000;
/** A query that maps to nothing and finds fewer hits than this is worth a spelling correction. */
const FEW_HITS = 3;

const emptyResponse = (): SearchResponse => ({
  data: [],
  meta: {
    next_cursor: null,
    total: 0,
    total_estimated: false,
    mapping: [],
    correction: null,
    did_you_mean: null,
    facets: { source: [], publication_type: [] },
    facets_estimated: false,
  },
});

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

/** A results-page row as a search hit: its summary, snippet and MeSH terms. */
const hitOf = (row: HitRow) => ({ ...summaryOf(row), snippet: row.snippet, mesh_terms: row.mesh_terms });

/**
 * Health search: full text weighted title > MeSH > summary, plus PubMed-like automatic term mapping
 * (query phrases to descriptors through names and entry terms, expanded to narrower descriptors).
 */
export class SearchService {
  /**
   * Mappings by query text: the same query (a second page, a filter change, the next person typing
   * "asthma") maps the same way until the vocabulary changes, and mapping costs 2+ look-ups.
   */
  private mappings = new RecentAnswers<{ plan: SearchPlan; mapping: SearchMapping[] }>(MAPPING_CACHE_SIZE, MAPPING_TTL_MS);
  /**
   * Spelling corrections by query text, for the same reasons: they depend on the vocabulary alone, and
   * a corrected search asks again for its next page and for each filter change.
   */
  private corrections = new RecentAnswers<Correction | null>(MAPPING_CACHE_SIZE, MAPPING_TTL_MS);
  /** Questions' candidates by query text and dates: a question's next page and filter changes rank the same candidates. */
  private questions = new RecentAnswers<QuestionResult>(MAPPING_CACHE_SIZE, MAPPING_TTL_MS);

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
   * Page 1's samples: the widest within the hit budget, sized by the counts at level 0. When a filter
   * leaves fewer hits to show, the facets are counted in a sample of their own, a quarter of the
   * budget: estimates either way, and that scan comes on top of the page's. The level-0 counts come
   * along: the broadest queries are counted at level 0, and need no second look.
   */
  private async sampleLevels(plan: SearchPlan, filters: SearchFilters): Promise<{ levels: SampleLevels; atZero: Counts }> {
    const atZero = await searchRepository.counts(this.db, plan, filters, { found: 0, shown: 0 });
    const shown = sampleLevel(atZero.total, this.hitBudget);
    const found = sampleLevel(atZero.found, this.hitBudget);
    return { levels: { shown, found: found === shown ? found : sampleLevel(atZero.found, this.hitBudget / 4) }, atZero };
  }

  /** The total and facet counts in page 1's samples (`levels`), reusing the level-0 counts (`atZero`) where the samples are level 0. */
  private async counts(plan: SearchPlan, filters: SearchFilters, levels: SampleLevels, atZero: Counts | null): Promise<Counts> {
    if (!atZero || levels.found !== 0) return searchRepository.counts(this.db, plan, filters, levels);
    if (levels.shown === 0) return atZero;
    return { ...atZero, total: await searchRepository.total(this.db, plan, filters, levels.shown) };
  }

  private cachedPlan(parsed: ParsedQuery) {
    return this.mappings.get(parsed.text, vocabularyVersion.current, () => mapQuery(this.db, parsed));
  }

  private cachedCorrection(parsed: ParsedQuery) {
    return this.corrections.get(parsed.text, vocabularyVersion.current, () => correctQuery(this.db, parsed));
  }

  /**
   * A page of hits. A query that maps to nothing it could and finds little is corrected against the
   * vocabulary: a sure correction that finds more is searched at once and reported in meta.correction
   * (unless `verbatim`, the "Search instead for …" link); an unsure one is offered as did_you_mean.
   */
  async search(query: SearchQuery): Promise<SearchResponse> {
    const parsed = parseQuery(query.q);
    if (!parsed.text) return emptyResponse();
    if (query.from && query.to && query.from > query.to) throw invalid('to', 'The end date must be on or after the start date.');
    const position = decodeCursor(query.cursor);
    const filters: SearchFilters = { source: query.source, publicationType: query.publication_type, from: query.from, to: query.to };
    const verbatim = query.verbatim === 'true';

    // A question ("what helps period cramps", "heart attack symptoms") is searched for its subject, its
    // intent and audience raising the pages that serve them (question-search.ts); later pages likewise.
    if (position?.question || (!position && !verbatim && !strictOperators(parsed) && (await this.reading(parsed)).question)) {
      return this.questionResponse(await this.question(parsed, filters), filters, position);
    }
    if (position?.corrected && !verbatim) {
      const fix = await this.cachedCorrection(parsed);
      if (fix)
        return (await this.page(parseQuery(fix.text), filters, position, { typed: parsed.text, searched: fix.text }, parsed)).response;
    }
    const asTyped = await this.page(parsed, filters, position, null, null);
    if (position || verbatim || asTyped.total >= FEW_HITS) return asTyped.response;
    const fix = await this.cachedCorrection(parsed);
    if (fix?.confident) {
      const corrected = await this.page(parseQuery(fix.text), filters, null, { typed: parsed.text, searched: fix.text }, parsed);
      if (corrected.total > asTyped.total) return corrected.response;
    }
    if (asTyped.total === 0 && !verbatim && !strictOperators(parsed)) {
      // Nothing has every word: the parts that do find something, or a helpful empty page (question-search.ts).
      const graceful = await this.questionResponse(await this.question(parsed, filters), filters, null);
      if (graceful.data.length === 0 && fix) graceful.meta.did_you_mean = fix.text;
      return graceful;
    }
    return asTyped.response;
  }

  /** How a query reads (query-reading.ts): the words of a mapped phrase with a subject word in it stay the subject's. */
  async reading(parsed: ParsedQuery): Promise<QueryReading> {
    const { mapping } = await this.cachedPlan(parsed);
    const kept = new Array<boolean>(parsed.words.length).fill(false);
    for (const phrase of new Set(mapping.map((m) => m.matched))) {
      const words = phrase.split(' ');
      if (words.length < 2 || readQuery(words).cueOnly) continue;
      const at = parsed.words.findIndex((_, i) => words.every((w, j) => parsed.words[i + j] === w));
      if (at >= 0) kept.fill(true, at, at + words.length);
    }
    return readQuery(parsed.words, kept);
  }

  private questionDeps(): QuestionDeps {
    return {
      db: this.db,
      plan: (parsed) => this.cachedPlan(parsed),
      correction: (parsed) => this.cachedCorrection(parsed),
      context: (mapping) => this.rankContext(mapping),
    };
  }

  /** A query read as a question, searched for its subject's parts (question-search.ts); cached by query text like mappings. */
  private question(parsed: ParsedQuery, filters: SearchFilters): Promise<QuestionResult> {
    const key = [parsed.text, filters.source, filters.publicationType, filters.from, filters.to].map((v) => v ?? '').join('\u0000');
    return this.questions.get(key, vocabularyVersion.current, async () =>
      searchQuestion(this.questionDeps(), await this.reading(parsed), parsed.typed, filters),
    );
  }

  /** A question's page of hits as a search response. */
  private async questionResponse(result: QuestionResult, filters: SearchFilters, position: CursorPosition | null): Promise<SearchResponse> {
    const page = questionPage(result, filters, position, PAGE_SIZE);
    const rows = await searchRepository.pageRows(this.db, result.plan, page.shown);
    const last = page.shown[page.shown.length - 1];
    const all = { found: SAMPLE_LEVELS, shown: SAMPLE_LEVELS };
    return {
      data: rows.map(hitOf),
      meta: {
        next_cursor: page.more && last ? encodeCursor(last, all, false, true) : null,
        total: page.total,
        total_estimated: result.capped,
        mapping: result.mapping,
        correction: result.correction,
        did_you_mean: null,
        facets: page.facets,
        facets_estimated: result.capped,
        nothing_found: result.nothingFound,
      },
    };
  }

  /** One page of a query's hits, counts and facets; `correction` says it is a corrected query, typed as `typed`. */
  private async page(
    parsed: ParsedQuery,
    filters: SearchFilters,
    position: CursorPosition | null,
    correction: SearchCorrection | null,
    typed: ParsedQuery | null,
  ): Promise<{ total: number; response: SearchResponse }> {
    const { plan, mapping } = await this.cachedPlan(parsed);
    // The top hits do not wait for page 1's samples: only a summary tier asks whether the counts are exact.
    const sampled = position ? Promise.resolve({ levels: position.levels, atZero: null }) : this.sampleLevels(plan, filters);
    const [{ levels }, hits, { total, facets }] = await Promise.all([
      sampled,
      searchRepository.topHits(this.db, plan, this.rankContext(mapping), filters, position, PAGE_SIZE + 1, {
        exhaustive: this.exhaustive,
        fewHits: async () => (await sampled).levels.shown >= SAMPLE_LEVELS,
      }),
      sampled.then(({ levels: l, atZero }) => this.counts(plan, filters, l, atZero)),
    ]);
    const shown = hits.slice(0, PAGE_SIZE);
    const rows = await searchRepository.pageRows(this.db, plan, shown);
    const scaled = (list: { value: string; count: number }[]) =>
      list.map((f) => ({ value: f.value, count: scaledCount(f.count, levels.found) }));
    return {
      total,
      response: {
        data: rows.map(hitOf),
        meta: {
          next_cursor: hits.length > PAGE_SIZE ? encodeCursor(shown[shown.length - 1]!, levels, correction !== null) : null,
          total: scaledCount(total, levels.shown),
          total_estimated: levels.shown < SAMPLE_LEVELS && total > 0,
          mapping: typed ? withCorrectedFrom(mapping, parsed.words, typed.words) : mapping,
          correction,
          did_you_mean: null,
          facets: { source: scaled(facets.source), publication_type: scaled(facets.publication_type) },
          facets_estimated: levels.found < SAMPLE_LEVELS,
        },
      },
    };
  }

  /** The best `size` article ids and the mapping, for internal callers that show no results page (Wink). */
  async rankedIds(q: string, size: number): Promise<{ ids: string[]; mapping: SearchMapping[] }> {
    const best = await this.best(q, size);
    return { ids: best?.hits.map((hit) => hit.id) ?? [], mapping: best?.mapping ?? [] };
  }

  /**
   * What Wink answers from: the question read as the search page reads it (query-reading.ts) and its
   * best `size` candidates (question-search.ts), each with the share of the question it covers, the
   * intents asked, and the words to offer for a search: the subject when it found pages, else the
   * nearest topic that has some, else none (never a link to an empty search).
   */
  async answerSources(q: string, size: number) {
    const parsed = parseQuery(q);
    if (!parsed.text) return null;
    const reading = await this.reading(parsed);
    const result = await this.question(parsed, {});
    const best = result.hits.slice(0, size);
    const searchable = best.length > 0 ? result.subject : (result.nothingFound?.nearest_topic?.name ?? null);
    return { reading, result, hits: best, searchable };
  }

  /** The first `size` hits of the search ranking for `q`, without counts or facets (a topic page's best articles). */
  async bestHits(q: string, size: number): Promise<SearchResponse['data']> {
    const best = await this.best(q, size);
    return best ? (await searchRepository.pageRows(this.db, best.plan, best.hits)).map(hitOf) : [];
  }

  /** The best `size` hits of a query over every article (no filters, first page), or null for a query with no words. */
  private async best(q: string, size: number) {
    const parsed = parseQuery(q);
    if (!parsed.text) return null;
    const { plan, mapping } = await this.cachedPlan(parsed);
    const hits = await searchRepository.topHits(this.db, plan, this.rankContext(mapping), {}, null, size, { exhaustive: this.exhaustive });
    return { plan, mapping, hits };
  }

  /**
   * The mapping of a query or a piece of writing, computed afresh: what bench:vocabulary measures, and a
   * discussion's suggested topics (not cached: each text is written once, and would only push queries out).
   */
  async map(q: string): Promise<SearchMapping[]> {
    const parsed = parseQuery(q);
    return parsed.text ? (await mapQuery(this.db, parsed)).mapping : [];
  }

  /** The spelling correction search would consider for a query that finds little, computed afresh (bench:vocabulary times it). */
  async correct(q: string): Promise<Correction | null> {
    const parsed = parseQuery(q);
    return parsed.text ? correctQuery(this.db, parsed) : null;
  }

  async suggest(q: string | undefined): Promise<{ data: Suggestion[] }> {
    const text = normalizeTerm(parseQuery(q).text);
    if (!text) return { data: [] };
    return { data: await vocabularyRepository.suggest(this.db, text, SUGGESTIONS) };
  }

  async article(id: string): Promise<Article> {
    const row = isUuid(id) ? await searchRepository.article(this.db, id) : null;
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

/** `or`, a minus and quotes are a searcher's operators: such a query means every word as typed, never a question. */
const strictOperators = (parsed: ParsedQuery) => parsed.anyOf || parsed.excluded.length > 0 || parsed.text.includes('"');
