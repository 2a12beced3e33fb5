import { z } from 'zod';
import { articleSource } from './articles';
import { isoDate, list } from './common';
import { EVIDENCE_KINDS } from './article-references';
import { userSummary } from './profile';

export * from './article-references';

/**
 * Evidence in conversation. A comment or a discussion cites corpus articles by their
 * addresses in its text: ours (the search page's article link), PubMed's or MedlinePlus's. The server
 * reads them out of the text whenever it is written, keeps those in the corpus, and answers each as a
 * card with what kind of evidence it is.
 */

export const citedArticle = z.object({
  id: z.uuid(),
  source: articleSource,
  title: z.string(),
  journal: z.string().nullable(),
  published_at: z.string().nullable().describe('YYYY-MM-DD'),
  url: z.string().nullable().describe('The page at the source, external'),
  publication_types: z.array(z.string()),
  evidence: z.enum(EVIDENCE_KINDS),
  retracted: z.boolean().describe('PubMed marks the article retracted: the card says so, whatever its kind of evidence'),
});
export type CitedArticle = z.infer<typeof citedArticle>;

/** One place an article is cited, as the article drawer's Discussions tab lists it. */
export const articleCitation = z.object({
  discussion: z.object({ id: z.string(), title: z.string() }),
  /** The citing comment; null when the discussion's own text cites it. */
  comment_id: z.string().nullable(),
  author: userSummary.nullable(),
  created_at: isoDate,
});
export const articleCitationsResponse = list(articleCitation);
export type ArticleCitation = z.infer<typeof articleCitation>;
