import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { meshDescriptors } from './articles';

/**
 * The MeSH vocabulary as lookup tables, derived from `mesh_descriptors` and rewritten for a
 * descriptor whenever it is upserted (articlesRepository.upsertDescriptors): one row per term, word
 * and tree number. Full MeSH has ~30,000 descriptors and ~300,000 entry terms; scanning and
 * unnesting the descriptors' arrays on every keystroke or search does not scale to that, indexed
 * rows do. Deleting a descriptor deletes its rows.
 */

export type LayKind = 'lay' | 'abbreviation' | 'spelling';

/**
 * A lay term's words and its descriptor's name's words, as one array: the known words a spelling
 * correction leaves alone. Indexed (GIN) under this very expression, so `layWords(...) @> ARRAY[word]`
 * is one index probe, not a pass over every lay term.
 */
export const layWords = (normalized: AnyColumn | SQL, descriptorName: AnyColumn | SQL): SQL =>
  sql`(string_to_array(${normalized}, ' ') || string_to_array(lower(${descriptorName}), ' '))`;

/**
 * The reviewed lay vocabulary (seed/vocabulary/lay-terms.tsv): everyday names, abbreviations and
 * spellings, each pointing at a descriptor UI. Kept whole, without a foreign key, whatever MeSH is
 * loaded: a row whose descriptor is missing (the 665-descriptor demo) waits, unused, until an import
 * brings that descriptor, and vocabularyRepository.refresh then adds it to mesh_terms. A lay term
 * that is a MeSH term of another loaded descriptor maps to both ("emphysema" is the Emphysema
 * descriptor's name once full MeSH is loaded, and reaches Pulmonary Emphysema beside it).
 * Its words count as known words all the same, so a spelling correction never "fixes" them.
 */
export const meshLayTerms = pgTable(
  'mesh_lay_terms',
  {
    normalized: text('normalized').notNull(),
    descriptorUi: text('descriptor_ui').notNull(),
    /** The descriptor's MeSH name as the file states it (a test checks it against the shipped descriptor). */
    descriptorName: text('descriptor_name').notNull(),
    term: text('term').notNull(),
    kind: text('kind').$type<LayKind>().notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.normalized, t.descriptorUi] }),
    index('mesh_lay_terms_descriptor_idx').on(t.descriptorUi),
    index('mesh_lay_terms_words_idx').using('gin', layWords(t.normalized, t.descriptorName)),
  ],
);

/** A descriptor's name or one of its entry terms, as written and normalized (lower case, punctuation runs as one space). */
export const meshTerms = pgTable(
  'mesh_terms',
  {
    normalized: text('normalized').notNull(),
    descriptorUi: text('descriptor_ui')
      .notNull()
      .references(() => meshDescriptors.ui, { onDelete: 'cascade' }),
    /** The first spelling seen for this normalized form, for display in suggestions. */
    term: text('term').notNull(),
    /** The descriptor's own name (preferred term), not an entry term. */
    preferred: boolean('preferred').notNull(),
    /** An inverted entry term ("Infarction, Myocardial"): nobody types those, so suggestions skip them. */
    inverted: boolean('inverted').notNull(),
    /**
     * Set when the term is in the lay vocabulary (mesh_lay_terms): 'lay' (an everyday name),
     * 'abbreviation' (matched only as typed in capitals, or as the whole query) or 'spelling'; null
     * for MeSH's own terms. The search details say "matched the everyday name ..." from it.
     */
    layKind: text('lay_kind').$type<LayKind>(),
  },
  (t) => [
    // Automatic term mapping: exact look-up of query phrases.
    primaryKey({ columns: [t.normalized, t.descriptorUi] }),
    index('mesh_terms_descriptor_idx').on(t.descriptorUi),
    // Suggestions: "starts with" as a range scan.
    index('mesh_terms_prefix_idx').using('btree', t.normalized.op('text_pattern_ops')),
    // Suggestions and "did you mean": word-prefix and look-alike (typo) matches.
    index('mesh_terms_trgm_idx').using('gin', t.normalized.op('gin_trgm_ops')),
  ],
);

/** Every word (3+ letters) of a descriptor's normalized terms: what a misspelt query word is corrected to. */
export const meshWords = pgTable(
  'mesh_words',
  {
    word: text('word').notNull(),
    descriptorUi: text('descriptor_ui')
      .notNull()
      .references(() => meshDescriptors.ui, { onDelete: 'cascade' }),
    /**
     * The word is in one of the descriptor's lay terms, or in its name when the lay vocabulary has
     * terms for it: a word people write about their health, which spelling corrections prefer.
     */
    lay: boolean('lay').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.word, t.descriptorUi] }), index('mesh_words_descriptor_idx').on(t.descriptorUi)],
);

/**
 * Each vocabulary word once, with how many descriptors use it and whether it is a lay word: what a
 * misspelt word is compared with. Derived from mesh_words (a word there is in two or three descriptors
 * on average), so a look-alike search rechecks 80,000 words rather than 200,000 rows.
 */
export const meshWordUses = pgTable(
  'mesh_word_uses',
  {
    word: text('word').primaryKey(),
    uses: integer('uses').notNull(),
    lay: boolean('lay').notNull(),
  },
  (t) => [index('mesh_word_uses_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/** A descriptor's tree numbers, one per row, so "everything narrower" is a range scan on a prefix. */
export const meshTreeNumbers = pgTable(
  'mesh_tree_numbers',
  {
    treeNumber: text('tree_number').notNull(),
    descriptorUi: text('descriptor_ui')
      .notNull()
      .references(() => meshDescriptors.ui, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.treeNumber, t.descriptorUi] }),
    index('mesh_tree_numbers_descriptor_idx').on(t.descriptorUi),
    index('mesh_tree_numbers_prefix_idx').using('btree', t.treeNumber.op('text_pattern_ops')),
  ],
);
