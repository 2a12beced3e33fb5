import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import type { SearchPlan } from './search-match';
import { scoreOf, type RankContext } from './search-score';

/** One part of a question's subject: a mapped concept (its descriptors, narrower ones included) or a word no descriptor took. */
export interface PartTest {
  text: string;
  uis: string[];
  /** The mapped descriptors' names: a title naming the concept in MeSH's words ("Paracetamol (acetaminophen)" for "tylenol") counts as naming it. */
  names?: string[];
  /**
   * The mapped descriptors themselves (not the narrower ones): a page naming the concept by any of their
   * terms, MeSH's entry terms or the lay vocabulary's, names it ("Handwashing" for "wash your hands",
   * "difficulty breathing" for "can't breathe"). Abbreviations and inverted terms are left out.
   */
  termUis?: string[];
}

/** What a candidate shows of each part, and what the page needs of it. */
export interface CandidateFacts {
  id: string;
  title: string;
  summary: string;
  source: string;
  publication_types: string[];
  /** Best Match of the whole subject (ranking.ts), every factor bounded. */
  best: number;
  /** Per part, in order: [in the title, tagged as a major topic, tagged, in the text]. */
  parts: [boolean, boolean, boolean, boolean][];
}

const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Every term of the descriptors as one tsquery, each term a phrase, OR-ed (evaluated once per
 * statement, not per row). Left out: a term of several words that stop words leave one ("a fit"
 * would be any "fit"), and abbreviations (matched only in capitals); none left matches nothing.
 */
const termsQuery = (uis: string[]) => sql`coalesce((
  SELECT string_agg('(' || q::text || ')', ' | ')::tsquery
  FROM (SELECT DISTINCT phraseto_tsquery('english', m.normalized) AS q, position(' ' in m.normalized) > 0 AS several FROM mesh_terms m
    WHERE m.descriptor_ui = ANY(${textArray(uis)}) AND NOT m.inverted AND m.lay_kind IS DISTINCT FROM 'abbreviation') t
  WHERE q::text <> '' AND (numnode(q) > 1 OR NOT several)), ''::tsquery)`;

/** How far apart two words typed together may be in a page and still say the same thing: "runny or blocked nose". */
const NEAR = 3;
/** Beyond this many words a phrase is asked as typed: every spacing of more would make too long a query. */
const NEAR_WORDS = 3;

const lexeme = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * Each text as a tsquery for its words (stemmed, stop words out) in the order typed, each within
 * NEAR positions of the one before: one word alone, or every spacing OR-ed; null for no word or
 * more than NEAR_WORDS (then the phrase is asked as typed); empty for several words that stop words
 * leave one (then the words as typed are not asked: the concept's other terms are).
 */
export async function nearQueries(db: DbOrTx, texts: string[]): Promise<(string | null)[]> {
  if (texts.length === 0) return [];
  const rows = await rowsOf<{ i: number; lexeme: string; pos: number }>(
    db,
    sql`SELECT t.i::int AS i, v.lexeme, v.positions[1]::int AS pos
      FROM unnest(${textArray(texts)}) WITH ORDINALITY AS t(text, i), unnest(to_tsvector('english', t.text)) AS v`,
  );
  return texts.map((_, i) => {
    // A word typed twice keeps its first place.
    const words = rows
      .filter((r) => Number(r.i) === i + 1)
      .sort((a, b) => a.pos - b.pos)
      .map((r) => lexeme(r.lexeme));
    // Several words that stop words leave one ("had a fit") say nothing on their own: "keeping fit" is not a fit.
    if (words.length === 1 && /\s/.test(texts[i]!.trim())) return '';
    if (words.length === 0 || words.length > NEAR_WORDS) return null;
    let spacings = [words[0]!];
    for (const word of words.slice(1)) {
      spacings = spacings.flatMap((left) => Array.from({ length: NEAR }, (_, d) => `${left} <${d + 1}> ${word}`));
    }
    return spacings.map((q) => `(${q})`).join(' | ');
  });
}

export const questionRepository = {
  /**
   * For each candidate, whether each part is in its title, among its major topics, among its topics, or
   * anywhere in its text (words whole, stemmed: "burning" finds "burns" but never "sunburn"), and its
   * Best Match score for the whole subject. One statement over the candidates only.
   */
  async facts(db: DbOrTx, ids: string[], parts: PartTest[], subject: SearchPlan, context: RankContext): Promise<CandidateFacts[]> {
    if (ids.length === 0) return [];
    const near = await nearQueries(
      db,
      parts.map((p) => p.text),
    );
    const columns = parts.map((part, i) => {
      // The words as typed close together and in order ("runny or blocked nose" says "runny nose", "swollen
      // fingertips … blue lips" does not say "swollen lips"); each name of the concept as a phrase.
      const typed = near[i] ? [sql`${near[i]}::tsquery`] : near[i] === '' ? [] : [sql`phraseto_tsquery('english', ${part.text})`];
      const names = [...typed, ...(part.names ?? []).map((text) => sql`phraseto_tsquery('english', ${text})`)];
      if (part.termUis?.length) names.push(termsQuery(part.termUis));
      const words = names.length ? sql.join(names, sql` || `) : sql`''::tsquery`;
      const tagged = part.uis.length ? sql`a.mesh_uis && ${textArray(part.uis)}` : sql`false`;
      const major = part.uis.length ? sql`a.major_mesh_uis && ${textArray(part.uis)}` : sql`false`;
      return sql`json_build_array(coalesce(a.title_vector @@ (${words}), false), ${major}, ${tagged}, coalesce(a.search_vector @@ (${words}), false))`;
    });
    const rows = await rowsOf<Omit<CandidateFacts, 'best'> & { best: string | number }>(
      db,
      sql`
      SELECT a.id, a.title, a.summary, a.source, a.publication_types, ${scoreOf(subject, context)} AS best,
        json_build_array(${sql.join(columns, sql`, `)}) AS parts
      FROM articles a WHERE a.id = ANY(${sql.param(ids)}::uuid[])`,
    );
    return rows.map((row) => ({ ...row, best: Number(row.best) }));
  },

  /**
   * The nearest topic that has pages for descriptors that have none: the descriptors themselves, then
   * up to two levels up their trees, the first with an article tagged with it or anything narrower.
   */
  async nearestTopicWithPages(db: DbOrTx, treeNumbers: string[]): Promise<{ ui: string; name: string } | null> {
    const levels = new Set<string>();
    for (const tn of treeNumbers) {
      const parts = tn.split('.');
      // Two levels up at most, and never a whole branch ("C12"): further up is no longer the same subject.
      for (let depth = parts.length; depth >= Math.max(2, parts.length - 2); depth--) levels.add(parts.slice(0, depth).join('.'));
    }
    const ordered = [...levels].sort((a, b) => b.split('.').length - a.split('.').length || a.localeCompare(b));
    for (const tn of ordered) {
      const [row] = await rowsOf<{ ui: string; name: string }>(
        db,
        sql`
        SELECT d.ui, d.name FROM mesh_tree_numbers t JOIN mesh_descriptors d ON d.ui = t.descriptor_ui
        WHERE t.tree_number = ${tn} AND EXISTS (
          SELECT 1 FROM articles a WHERE a.mesh_uis && ARRAY(
            SELECT x.descriptor_ui FROM mesh_tree_numbers x WHERE x.tree_number = ${tn}
              OR (x.tree_number ~>=~ (${tn} || '.') AND x.tree_number ~<~ (${tn} || '/'))))
        LIMIT 1`,
      );
      if (row) return row;
    }
    return null;
  },

  /** Tree numbers of descriptors. */
  async treeNumbers(db: DbOrTx, uis: string[]): Promise<string[]> {
    if (uis.length === 0) return [];
    const rows = await rowsOf<{ tree_number: string }>(
      db,
      sql`SELECT tree_number FROM mesh_tree_numbers WHERE descriptor_ui = ANY(${textArray(uis)})`,
    );
    return rows.map((r) => r.tree_number);
  },
};
