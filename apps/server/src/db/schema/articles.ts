import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; written only through the articles repository. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export type ArticleSource = 'pubmed' | 'medlineplus' | 'curated';

/**
 * Sampling (search-repository.ts, "Sampling"): an article's sample bucket is the last byte of its
 * random id, and the sample of level L the articles whose bucket is below 2^L, an even 2^L/256 of the
 * corpus; level SAMPLE_LEVELS is all of it. Each level below has partial search indexes of its own, one
 * for the full text and one for the MeSH tags, and a sampled search states its level in the very form
 * of the index it should read (constants, not parameters), so that PostgreSQL proves that index's
 * condition from the query's. The two kinds state "bucket < 2^L" differently, and neither as an
 * inequality, so that no query implies an index other than its own: PostgreSQL would otherwise read a
 * whole partial index for its condition alone and intersect it with the one it searches (57 ms to find
 * that 62,000 articles are in a sample, at a million articles).
 */
export const SAMPLE_LEVELS = 8;
export function inSample(kind: 'text' | 'mesh', id: SQL, level: number): SQL {
  if (level >= SAMPLE_LEVELS) return sql`true`;
  const bucket = sql`get_byte(uuid_send(${id}), 15)`;
  return kind === 'text'
    ? sql`((${bucket} >> ${sql.raw(String(level))}) = 0)`
    : sql`((${bucket} & ${sql.raw(String(256 - 2 ** level))}) = 0)`;
}

/** A constant text array as SQL text, for generated columns and index expressions (which take no parameters). */
const textArrayLiteral = (values: string[]) => sql.raw(`'{${values.map((v) => `"${v}"`).join(',')}}'::text[]`);

/** Sources written for lay readers (an article's rank group and the search's ranking read them). */
export const PLAIN_SOURCES = ['medlineplus', 'curated'];
/** Publication types that weigh evidence rather than report one study (MEDLINE's names). */
export const GUIDELINE_TYPES = ['Guideline', 'Practice Guideline', 'Consensus Development Conference'];
export const REVIEW_TYPES = ['Review', 'Systematic Review', 'Meta-Analysis'];

/**
 * An article's static rank group: 3 for a plain-language source, plus 2 for a guideline and 1 for a
 * review (ranking.ts). Within a group, Best Match's factors of the article itself (plain language,
 * publication type, recency) only fall with age, which is what lets search read hits in that order.
 */
export const RANK_GROUPS = { plain: 3, guideline: 2, review: 1 } as const;

/**
 * The terms of Best Match that an article's rank group decides, read from `group` (its rank_group):
 * the plain-language weight (when given) and the guideline or review weight. One reading of the
 * classes, for the score and the stored impacts; as terms, so each caller adds them in its own order.
 */
export function rankGroupTerms(group: SQL, weights: { plain: SQL | null; guideline: SQL; review: SQL }): SQL[] {
  const kind = sql`${group} % ${sql.raw(String(RANK_GROUPS.plain))}`;
  const byType = sql`CASE ${kind} WHEN ${sql.raw(String(RANK_GROUPS.guideline))} THEN ${weights.guideline}
    WHEN ${sql.raw(String(RANK_GROUPS.review))} THEN ${weights.review} ELSE 0 END`;
  if (!weights.plain) return [byType];
  return [sql`CASE WHEN ${group} >= ${sql.raw(String(RANK_GROUPS.plain))} THEN ${weights.plain} ELSE 0 END`, byType];
}

/**
 * MeSH descriptors (NLM's Medical Subject Headings): the vocabulary that articles are tagged with
 * and that queries are mapped to, through entry terms (synonyms) and tree numbers (hierarchy).
 */
export const meshDescriptors = pgTable(
  'mesh_descriptors',
  {
    ui: text('ui').primaryKey(),
    name: text('name').notNull(),
    treeNumbers: text('tree_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scopeNote: text('scope_note').notNull().default(''),
    entryTerms: text('entry_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mesh_descriptors_tree_numbers_idx').using('gin', t.treeNumbers),
    // The descriptors whose words (name and entry terms, as articles carry them) hold a query's word.
    index('mesh_descriptors_words_idx').using('gin', sql`mesh_descriptor_words(${t.name}, ${t.entryTerms})`),
  ],
);

/** A search result item (SRI): one article from one source, upserted by (source, external_id). */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').$type<ArticleSource>().notNull(),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    authors: text('authors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    journal: text('journal'),
    publishedAt: date('published_at', { mode: 'string' }),
    url: text('url'),
    publicationTypes: text('publication_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Title (A), MeSH names and entry terms (B), summary (C); refreshed whenever either side changes. */
    searchVector: tsvector('search_vector'),
    /**
     * The title's own document, stored: the title index cannot tell a phrase from its words, so every
     * candidate it finds for a phrase is checked again on this column; recomputing it from the title
     * for each candidate ("blood pressure": 6,751 titles at a million articles) cost three times more
     * than ranking them.
     */
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, title)`),
    /** RANK_GROUPS: which of the six static rank groups the article is in. */
    rankGroup: smallint('rank_group')
      .notNull()
      .generatedAlwaysAs(
        sql`(CASE WHEN source = ANY(${textArrayLiteral(PLAIN_SOURCES)}) THEN ${sql.raw(String(RANK_GROUPS.plain))} ELSE 0 END
          + CASE WHEN publication_types && ${textArrayLiteral(GUIDELINE_TYPES)} THEN ${sql.raw(String(RANK_GROUPS.guideline))}
            WHEN publication_types && ${textArrayLiteral(REVIEW_TYPES)} THEN ${sql.raw(String(RANK_GROUPS.review))} ELSE 0 END)::smallint`,
      ),
    /**
     * Copies of the article's MeSH links (all, and major topics), refreshed with the search vector: search
     * finds and boosts articles tagged with mapped descriptors from the row itself, in the same index scan
     * as the full text, instead of joining article_mesh for every hit.
     */
    meshUis: text('mesh_uis')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    majorMeshUis: text('major_mesh_uis')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What search narrows by besides the text, as keys of the search indexes: `source:S`. */
    searchKeys: text('search_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`ARRAY['source:' || source]`),
    /**
     * When the corpus learnt that the article was retracted (PubMed's "Retracted Publication" type, a
     * RetractionIn correction, or a retraction notice naming it); null while it stands. Never cleared
     * by an import: a record fetched before PubMed caught up does not undo a notice already read.
     */
    retractedAt: timestamp('retracted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_source_external_id_idx').on(t.source, t.externalId),
    // One GIN scan answers the full text (or the MeSH tags) and the source and publication-type
    // filters together, so a filtered search reads only its own hits.
    index('articles_search_idx').using('gin', t.searchVector, t.searchKeys, t.publicationTypes),
    index('articles_mesh_search_idx').using('gin', t.meshUis, t.searchKeys, t.publicationTypes),
    // The same, over each sample only (SAMPLE_LEVELS), so that counting a sample reads the posting lists
    // of the sample, not of the whole corpus: a common word's list in the full index is the corpus's.
    ...Array.from({ length: SAMPLE_LEVELS }, (_, level) => [
      index(`articles_search_sample${level}_idx`)
        .using('gin', t.searchVector, t.searchKeys, t.publicationTypes)
        .where(inSample('text', sql.raw('id'), level)),
      index(`articles_mesh_search_sample${level}_idx`)
        .using('gin', t.meshUis, t.searchKeys, t.publicationTypes)
        .where(inSample('mesh', sql.raw('id'), level)),
    ]).flat(),
    // The title alone, with the same keys: search's first tier, the hits whose title matches the query
    // (search-repository.ts, "Exact top hits"), found without reading the others.
    index('articles_title_search_idx').using('gin', t.titleVector, t.searchKeys, t.publicationTypes),
    index('articles_published_at_idx').on(t.publishedAt),
    // Each rank group newest first (read backwards): how search reads the hits of a query found only in
    // summaries, best static factors first, without ranking all of them (search-repository.ts, "Summary hits").
    index('articles_static_order_idx').on(t.rankGroup, t.publishedAt.asc().nullsFirst(), t.id),
    // A pasted MedlinePlus address finds the plain-language pages that link to it (citations).
    index('articles_plain_url_idx')
      .on(t.url)
      .where(sql`source <> 'pubmed'`),
  ],
);

/** Which descriptors an article is about; `major` marks a major topic (PubMed's asterisk). */
export const articleMesh = pgTable(
  'article_mesh',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    descriptorUi: text('descriptor_ui')
      .notNull()
      .references(() => meshDescriptors.ui, { onDelete: 'cascade' }),
    major: boolean('major').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.descriptorUi] }), index('article_mesh_descriptor_idx').on(t.descriptorUi)],
);

export type ArticleRow = typeof articles.$inferSelect;
export type MeshDescriptorRow = typeof meshDescriptors.$inferSelect;
