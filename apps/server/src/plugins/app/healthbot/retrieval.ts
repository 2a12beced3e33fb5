import { inArray } from 'drizzle-orm';
import type { SearchMapping } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/index';
import type { SearchService } from '../search/search-service';
import type { QuestionFocus, RetrievedArticle } from './passages';
import { questionTerms, stemsOf } from './question-terms';

/** How many of the best articles passages are chosen from. */
const ARTICLES = 6;
/** Fewer hits than this and the search is widened (first to the mapped concepts, then to any word). */
const ENOUGH = 3;

export interface Retrieval {
  /** The words searched for: what "search the library" links to. */
  query: string;
  focus: QuestionFocus;
  articles: RetrievedArticle[];
}

/**
 * Retrieval through the search module itself (full text plus MeSH automatic term mapping), so Wink
 * finds what the search page finds. A question is mostly grammar, so only its content words are
 * searched: all of them first; when that finds too little, only the MeSH-mapped concepts, or, when
 * nothing mapped, any of the words.
 */
export async function retrieve(search: SearchService, db: Db, question: string): Promise<Retrieval> {
  const terms = questionTerms(question);
  const query = terms.join(' ');
  if (terms.length === 0) return { query, focus: { terms, concepts: [] }, articles: [] };

  const found: string[] = [];
  const add = (ids: string[]) => ids.forEach((id) => found.includes(id) || found.push(id));
  const first = await search.rankedIds(query, ARTICLES);
  add(first.ids);
  const mapping = first.mapping;
  const concepts = conceptsOf(mapping);

  // At most one wider search: each costs a ranked scan, and the first token waits for them all. With a
  // mapped concept, articles without it would be dropped by passage selection anyway (passages.ts).
  if (found.length < ENOUGH && terms.length > 1) {
    const matched = [...new Set(mapping.map((m) => m.matched))];
    const wider = await search.rankedIds(matched.length ? matched.map((m) => `"${m}"`).join(' ') : terms.join(' or '), ARTICLES);
    add(wider.ids);
  }
  return { query, focus: { terms, concepts }, articles: await loadArticles(db, found.slice(0, ARTICLES)) };
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
