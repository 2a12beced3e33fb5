import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { layWords, type LayKind } from '../../../db/schema/search-vocabulary';
import { createIndexes, dropIndexes, indexesOf } from '../../../db/table-indexes';
import type { Candidate } from './spelling';

/**
 * The MeSH vocabulary as search uses it: automatic term mapping, narrower expansion, suggestions and
 * "did you mean", all over the indexed tables of db/schema/search-vocabulary.ts, so that every query
 * stays a few index look-ups at full MeSH size (~30,000 descriptors, ~300,000 entry terms).
 */

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * pg_trgm's `%` and `<%` operators (the ones its indexes serve) compare with a threshold setting, not
 * an argument: set it for one transaction only, so pooled connections never carry it over.
 */
function withTrigramThresholds<T>(db: DbOrTx, thresholds: { similarity?: number; word?: number }, run: (tx: DbOrTx) => Promise<T>) {
  return db.transaction(async (tx) => {
    if (thresholds.similarity !== undefined) {
      await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(thresholds.similarity)}, true)`);
    }
    if (thresholds.word !== undefined) {
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(thresholds.word)}, true)`);
    }
    return run(tx);
  });
}

/** How many candidates each kind of suggestion match contributes before ranking (bounds the work for 1-2 letters). */
const SUGGEST_CANDIDATES = 200;

/** How a query phrase met a descriptor: one of its terms, and whether that term is from the lay vocabulary. */
export interface TermMatch {
  phrase: string;
  /** The term as written in the vocabulary ("Heart Attack", "IBS"). */
  term: string;
  lay_kind: LayKind | null;
}

export interface DescriptorMatch {
  ui: string;
  name: string;
  tree_numbers: string[];
  /** The asked phrases this descriptor has as its name, an entry term or a lay term. */
  terms: TermMatch[];
}

/**
 * Bumped whenever this process rewrites vocabulary rows, so caches of mappings (SearchService) drop
 * what they computed before. Imports run by another process are caught by the caches' time limit.
 */
export const vocabularyVersion = { current: 0 };

/** The tables derived from mesh_descriptors row by row (each row names its descriptor). */
const PER_DESCRIPTOR_TABLES = ['mesh_terms', 'mesh_words', 'mesh_tree_numbers'] as const;
/** All the tables derived from mesh_descriptors: those and the words' totals. */
const VOCABULARY_TABLES = [...PER_DESCRIPTOR_TABLES, 'mesh_word_uses'] as const;

/**
 * Whether a word of term `m` is one people write about their health: the term is a lay one, or it is
 * the name of a descriptor the lay vocabulary has terms for ("tuberculosis", reached as "TB").
 * Migration 0021 backfilled mesh_words.lay, and mesh_word_uses from it, with this same condition.
 */
const wordIsLay = sql`m.lay_kind IS NOT NULL OR (m.preferred AND EXISTS (SELECT 1 FROM mesh_lay_terms l WHERE l.descriptor_ui = m.descriptor_ui))`;

/** Deletes and re-derives the vocabulary rows of the descriptors in `uis` (a text[] value), or of all when null. */
async function rewriteVocabularyRows(db: DbOrTx, uis: SQL | null): Promise<void> {
  vocabularyVersion.current++;
  const wordsOf = async () =>
    uis
      ? (await rowsOf<{ word: string }>(db, sql`SELECT DISTINCT word FROM mesh_words WHERE descriptor_ui = ANY(${uis})`)).map((r) => r.word)
      : [];
  const wordsBefore = await wordsOf();
  if (uis)
    for (const table of PER_DESCRIPTOR_TABLES)
      await db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE descriptor_ui = ANY(${uis})`);
  await db.execute(sql`
    INSERT INTO mesh_terms (normalized, descriptor_ui, term, preferred, inverted)
    SELECT DISTINCT ON (x.normalized, d.ui) x.normalized, d.ui, t.term, t.ord = 1, position(',' in t.term) > 0
    FROM mesh_descriptors d
      CROSS JOIN LATERAL unnest(array_prepend(d.name, d.entry_terms)) WITH ORDINALITY AS t(term, ord)
      CROSS JOIN LATERAL (SELECT array_to_string(ARRAY(SELECT (regexp_matches(lower(t.term), '[[:alnum:]]+(?:[''’-][[:alnum:]]+)*', 'g'))[1]), ' ') AS normalized) x
    WHERE x.normalized <> '' ${uis ? sql`AND d.ui = ANY(${uis})` : sql``}
    ORDER BY x.normalized, d.ui, t.ord`);
  // The lay vocabulary's rows for these descriptors. A lay term MeSH also has for this descriptor
  // ("Heart Attack") is marked lay, so the search details can say so; an abbreviation MeSH has itself
  // ("AIDS") stays MeSH's, matched in any case. A lay term MeSH gives another descriptor maps to both:
  // "cirrhosis" is an entry term of Fibrosis, and what a person typing it means is Liver Cirrhosis.
  // No ON CONFLICT: loading the whole vocabulary writes these rows while mesh_terms has no keys.
  const layRows = sql`mesh_lay_terms l JOIN mesh_descriptors d ON d.ui = l.descriptor_ui
    ${uis ? sql`WHERE l.descriptor_ui = ANY(${uis})` : sql`WHERE true`}`;
  await db.execute(sql`
    UPDATE mesh_terms m SET lay_kind = l.kind FROM ${layRows}
      AND l.kind <> 'abbreviation' AND m.normalized = l.normalized AND m.descriptor_ui = l.descriptor_ui`);
  await db.execute(sql`
    INSERT INTO mesh_terms (normalized, descriptor_ui, term, preferred, inverted, lay_kind)
    SELECT l.normalized, l.descriptor_ui, l.term, false, false, l.kind FROM ${layRows}
      AND NOT EXISTS (SELECT 1 FROM mesh_terms m WHERE m.normalized = l.normalized AND m.descriptor_ui = l.descriptor_ui)`);
  await db.execute(sql`
    INSERT INTO mesh_words (word, descriptor_ui, lay)
    SELECT w, m.descriptor_ui, bool_or(${wordIsLay})
    FROM mesh_terms m CROSS JOIN LATERAL unnest(string_to_array(m.normalized, ' ')) AS w
    WHERE length(w) >= 3 ${uis ? sql`AND m.descriptor_ui = ANY(${uis})` : sql``}
    GROUP BY w, m.descriptor_ui`);
  // The totals of the words these descriptors had or have now (of every word when rewriting all).
  const touched = uis ? textArray([...new Set([...wordsBefore, ...(await wordsOf())])]) : null;
  if (touched) await db.execute(sql`DELETE FROM mesh_word_uses WHERE word = ANY(${touched})`);
  await db.execute(sql`
    INSERT INTO mesh_word_uses (word, uses, lay)
    SELECT word, count(*), bool_or(lay) FROM mesh_words ${touched ? sql`WHERE word = ANY(${touched})` : sql``}
    GROUP BY word`);
  await db.execute(sql`
    INSERT INTO mesh_tree_numbers (tree_number, descriptor_ui)
    SELECT DISTINCT tn, d.ui FROM mesh_descriptors d CROSS JOIN LATERAL unnest(d.tree_numbers) AS tn
    ${uis ? sql`WHERE d.ui = ANY(${uis})` : sql``}`);
}

export const vocabularyRepository = {
  /**
   * Rewrites the vocabulary rows (terms, words, tree numbers) of these descriptors from
   * mesh_descriptors; the migration that created the tables backfilled them with the same statements.
   */
  async refresh(db: DbOrTx, uis: string[]): Promise<void> {
    if (uis.length === 0) return;
    await rewriteVocabularyRows(db, textArray(uis));
  },

  /**
   * Rewrites every descriptor's vocabulary rows at once, for loading the full MeSH vocabulary
   * (30,000 descriptors, 260,000 terms): the tables' keys and indexes are dropped, the rows written
   * set-based, and the keys and indexes built again from their own definitions. Building a trigram
   * index once is several times cheaper than growing it row by row, and checking the foreign keys
   * once is cheaper than per row. All inside the caller's transaction: DDL in PostgreSQL is transactional.
   */
  async refreshAll(db: DbOrTx): Promise<void> {
    const definitions = await indexesOf(db, [...VOCABULARY_TABLES], true);
    // Sorting 260,000 terms and building their indexes fit in memory with these; the defaults spill to disk.
    await db.execute(sql`SELECT set_config('work_mem', '64MB', true), set_config('maintenance_work_mem', '256MB', true)`);
    await dropIndexes(db, definitions);
    await db.execute(sql.raw(`TRUNCATE ${VOCABULARY_TABLES.join(', ')}`));
    await rewriteVocabularyRows(db, null);
    await createIndexes(db, definitions);
    // Fresh statistics: planned on the empty tables' defaults, a term look-up hashed all 30,000
    // descriptors (9 ms a mapping instead of 1), and the embedded database has no autovacuum to fix it.
    await db.execute(sql.raw(`ANALYZE mesh_descriptors, mesh_lay_terms, ${VOCABULARY_TABLES.join(', ')}`));
  },

  /** Descriptors whose name, an entry term or a lay term equals one of the (normalized) phrases. */
  async descriptorsMatching(db: DbOrTx, phrases: string[]): Promise<DescriptorMatch[]> {
    if (phrases.length === 0) return [];
    return rowsOf<DescriptorMatch>(
      db,
      sql`
      SELECT d.ui, d.name, d.tree_numbers,
        json_agg(json_build_object('phrase', m.normalized, 'term', m.term, 'lay_kind', m.lay_kind) ORDER BY m.normalized) AS terms
      FROM mesh_terms m JOIN mesh_descriptors d ON d.ui = m.descriptor_ui
      WHERE m.normalized = ANY(${textArray(phrases)})
      GROUP BY d.ui
      ORDER BY d.ui`,
    );
  },

  /**
   * The descriptors themselves and all narrower ones: tree numbers under any of theirs, found as a
   * byte-wise range ('C14.280.' up to 'C14.280/') that the text_pattern_ops index answers.
   */
  async withNarrower(db: DbOrTx, uis: string[], treeNumbers: string[]): Promise<string[]> {
    const rows = await rowsOf<{ ui: string }>(
      db,
      sql`
      SELECT unnest(${textArray(uis)}) AS ui
      UNION
      SELECT t.descriptor_ui FROM unnest(${textArray(treeNumbers)}) AS m(tn)
        JOIN mesh_tree_numbers t ON t.tree_number ~>=~ (m.tn || '.') AND t.tree_number ~<~ (m.tn || '/')`,
    );
    return rows.map((r) => r.ui);
  },

  /** Direct parents: descriptors holding a tree number one level up from one of these. */
  async broader(db: DbOrTx, treeNumbers: string[]) {
    const parents = treeNumbers.filter((t) => t.includes('.')).map((t) => t.slice(0, t.lastIndexOf('.')));
    if (parents.length === 0) return [];
    return rowsOf<{ ui: string; name: string }>(
      db,
      sql`
      SELECT d.ui, d.name FROM mesh_descriptors d
      WHERE d.ui IN (SELECT descriptor_ui FROM mesh_tree_numbers WHERE tree_number = ANY(${textArray(parents)}))
      ORDER BY d.name, d.ui`,
    );
  },

  /** Direct children: a tree number exactly one level below one of these. */
  async narrower(db: DbOrTx, treeNumbers: string[]) {
    if (treeNumbers.length === 0) return [];
    return rowsOf<{ ui: string; name: string }>(
      db,
      sql`
      SELECT d.ui, d.name FROM mesh_descriptors d
      WHERE d.ui IN (
        SELECT t.descriptor_ui FROM unnest(${textArray(treeNumbers)}) AS m(tn)
          JOIN mesh_tree_numbers t ON t.tree_number ~>=~ (m.tn || '.') AND t.tree_number ~<~ (m.tn || '/')
        WHERE position('.' in substr(t.tree_number, length(m.tn) + 2)) = 0)
      ORDER BY d.name, d.ui`,
    );
  },

  /**
   * The vocabulary term closest to the whole phrase, when one is close enough (similarity 0.4):
   * "hart atack" is nearer to "heart attack" as a phrase than word by word. Inverted entry terms
   * ("Infarction, Myocardial") are left out: they spell the same words in the wrong order.
   */
  async phraseCorrection(db: DbOrTx, phrase: string): Promise<string | null> {
    const rows = await withTrigramThresholds(db, { similarity: 0.4 }, (tx) =>
      rowsOf<{ term: string }>(
        tx,
        sql`
        SELECT normalized AS term FROM mesh_terms
        WHERE normalized % ${phrase} AND NOT inverted AND normalized <> ${phrase}
        ORDER BY similarity(normalized, ${phrase}) DESC, length(normalized), normalized
        LIMIT 1`,
      ),
    );
    return rows[0]?.term ?? null;
  },

  /**
   * For each word the vocabulary does not have, its look-alike vocabulary words (trigram similarity
   * 0.2 or more, length within 3, the 40 most similar) with how many descriptors use each and whether
   * it is a lay word; a word the vocabulary lacks and nothing resembles comes back with no candidate.
   * Words it has, and words of the lay vocabulary and its descriptors' names (loaded or not:
   * "teething" is no typo of "testing"), are left out.
   */
  async spellingCandidates(db: DbOrTx, words: string[]): Promise<Map<string, Candidate[]>> {
    if (words.length === 0) return new Map();
    const rows = await withTrigramThresholds(db, { similarity: 0.2 }, (tx) =>
      rowsOf<{ word: string; candidate: string | null; uses: number | null; lay: boolean | null }>(
        tx,
        // The unknown words first, materialized: planned as one statement, the look-alikes of every
        // word were found before the lay vocabulary was checked for each of them (50 ms instead of 8).
        sql`
        WITH unknown AS MATERIALIZED (
          SELECT q.word FROM unnest(${textArray(words)}) AS q(word)
          WHERE NOT EXISTS (SELECT 1 FROM mesh_word_uses v WHERE v.word = q.word)
            -- Words of the lay vocabulary are real words too, even those of descriptors not loaded.
            AND NOT EXISTS (SELECT 1 FROM mesh_lay_terms l
              WHERE ${layWords(sql.raw('l.normalized'), sql.raw('l.descriptor_name'))} @> ARRAY[q.word]))
        SELECT q.word, c.word AS candidate, c.uses, c.lay
        FROM unknown q
          LEFT JOIN LATERAL (
            SELECT v.word, v.uses, v.lay FROM mesh_word_uses v
            WHERE v.word % q.word AND abs(length(v.word) - length(q.word)) <= 3
            ORDER BY similarity(v.word, q.word) DESC, v.word LIMIT 40) c ON true`,
      ),
    );
    const out = new Map<string, Candidate[]>();
    for (const row of rows) {
      const list = out.get(row.word) ?? [];
      if (row.candidate) list.push({ word: row.candidate, uses: row.uses ?? 0, lay: Boolean(row.lay) });
      out.set(row.word, list);
    }
    return out;
  },

  /**
   * Names and entry terms for the search box: those starting with the text first, then (from 3
   * letters) those with a word starting with it, then, only when those leave room, trigram
   * look-alikes (typos, from 3 letters). Inverted entry terms are left out: nobody types them.
   * Each kind contributes a bounded number of candidates, so the cost does not grow with the vocabulary.
   */
  async suggest(db: DbOrTx, normalized: string, limit: number) {
    const escaped = escapeLike(normalized);
    const prefix = `${escaped}%`;
    const wordPrefix = `% ${escaped}%`;
    const typable = sql`(m.preferred OR NOT m.inverted)`;
    const ranked = (candidates: SQL, tier: SQL | null, exclude: string[]) => sql`
      WITH terms AS (
        SELECT DISTINCT ON (lower(c.term)) c.term AS text, d.ui, d.name, c.normalized, c.preferred
        FROM (${candidates}) c JOIN mesh_descriptors d ON d.ui = c.descriptor_ui
        WHERE lower(c.term) <> ALL(${textArray(exclude)})
        ORDER BY lower(c.term), c.preferred DESC, d.ui
      )
      SELECT text, ui, name FROM terms
      ORDER BY ${tier ? sql`${tier}, ` : sql``}word_similarity(${normalized}, normalized) DESC, preferred DESC, length(text), text
      LIMIT ${limit}`;
    const byPrefix = [
      sql`(SELECT m.* FROM mesh_terms m WHERE m.normalized LIKE ${prefix} AND ${typable} ORDER BY m.normalized USING ~<~ LIMIT ${SUGGEST_CANDIDATES})`,
    ];
    if (normalized.length >= 3) {
      byPrefix.push(sql`(SELECT m.* FROM mesh_terms m WHERE m.normalized LIKE ${wordPrefix} AND ${typable} LIMIT ${SUGGEST_CANDIDATES})`);
    }
    type Row = { text: string; ui: string; name: string };
    const found = await rowsOf<Row>(
      db,
      ranked(sql.join(byPrefix, sql` UNION `), sql`CASE WHEN normalized LIKE ${prefix} THEN 0 ELSE 1 END`, []),
    );
    if (found.length >= limit || normalized.length < 3) return found;
    const lookAlikes = await withTrigramThresholds(db, { word: 0.5 }, (tx) =>
      rowsOf<Row>(
        tx,
        ranked(
          sql`SELECT m.* FROM mesh_terms m WHERE ${normalized} <% m.normalized AND ${typable}
            ORDER BY word_similarity(${normalized}, m.normalized) DESC LIMIT ${SUGGEST_CANDIDATES}`,
          null,
          found.map((r) => r.text.toLowerCase()),
        ),
      ),
    );
    return [...found, ...lookAlikes].slice(0, limit);
  },
};
