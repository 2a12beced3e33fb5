import { inArray } from 'drizzle-orm';
import type { SearchMapping } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/index';
import type { SearchService } from '../search/search-service';
import type { QuestionFocus, RetrievedArticle } from './passages';
import { questionTerms, stemsOf } from './question-terms';

/** How many of the best articles passages are chosen from. */
const ARTICLES = 6;

export interface Retrieval {
  /** The words searched for: what "search the library" links to. */
  query: string;
  focus: QuestionFocus;
  articles: RetrievedArticle[];
}

/**
 * Retrieval through the search module itself, reading the question as the search page does
 * (query-reading.ts, question-search.ts): the subject's parts are searched each on its own and
 * together, and the articles covering most of the question come first; its intents ("what helps",
 * "symptoms") choose the passages. `query` is what "search the library" links to: words whose search
 * has pages, or empty.
 */
export async function retrieve(search: SearchService, db: Db, question: string): Promise<Retrieval> {
  const terms = questionTerms(question);
  const sources = terms.length ? await search.answerSources(question, ARTICLES) : null;
  if (!sources) return { query: '', focus: { terms, concepts: [], intents: [] }, articles: [] };
  const subject = sources.result.subject.split(' ');
  const focus = {
    terms: subject.filter((word) => questionTerms(word).length > 0),
    concepts: conceptsOf(sources.result.mapping),
    intents: sources.reading.intents,
  };
  const coverage = new Map(sources.hits.map((h) => [h.id, h.coverage]));
  const loaded = await loadArticles(
    db,
    sources.hits.map((h) => h.id),
  );
  return { query: sources.searchable ?? '', focus, articles: loaded.map((a) => ({ ...a, coverage: coverage.get(a.id) ?? 0 })) };
}

/** Each mapped descriptor gives two ways to recognise its concept in a sentence: its name and the words that matched it. */
function conceptsOf(mapping: SearchMapping[]): string[][] {
  const out: string[][] = [];
  for (const m of mapping) {
    for (const phrase of [m.name, m.matched]) {
      const words = [...stemsOf(phrase)];
      if (words.length && !out.some((c) => c.join(' ') === words.join(' '))) out.push(words);
    }
  }
  return out;
}

/** The summaries passages are cut from, in the search's order. */
async function loadArticles(db: Db, ids: string[]): Promise<RetrievedArticle[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: articles.id, title: articles.title, summary: articles.summary, source: articles.source, url: articles.url })
    .from(articles)
    .where(inArray(articles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RetrievedArticle => r !== undefined);
}
