import { doublePrecision, index, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { articles } from './articles';

/**
 * Impact-ordered title words: one row per article and distinct word (lexeme) of its title, with the
 * most that article can score for a search of that one word (search/title-impacts.ts). Read in
 * descending impact, a one-word search meets the best articles first and stops once no later row
 * can enter its page, instead of ranking every article with the word in its title ("pain" has
 * 170,000 of them at a million articles). Rewritten with the article's search document
 * (refreshSearchVectors); deleting an article deletes its rows.
 */
export const searchTitleTerms = pgTable(
  'search_title_terms',
  {
    term: text('term').notNull(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** ts_rank of the article's whole search document for the word alone: the words' part of its score. */
    wordRank: real('word_rank').notNull(),
    /**
     * Every factor of Best Match at its most for this article and a search of this one word, but the
     * topic, by the weights of `search_impact_weights`.
     */
    impact: real('impact').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.term] }),
    index('search_title_terms_impact_idx').on(t.term, t.impact.desc(), t.articleId.desc()),
  ],
);

/** The one row of Best Match weights the impacts were computed with; search reads impacts only when they are its own. */
export const searchImpactWeights = pgTable('search_impact_weights', {
  signature: text('signature').primaryKey(),
  text: doublePrecision('text').notNull(),
  title: doublePrecision('title').notNull(),
  plain: doublePrecision('plain').notNull(),
  guideline: doublePrecision('guideline').notNull(),
  review: doublePrecision('review').notNull(),
  recency: doublePrecision('recency').notNull(),
  recencyHalfLife: doublePrecision('recency_half_life').notNull(),
});
