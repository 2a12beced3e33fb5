import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { textArray, tsq, type SearchPlan } from './search-match';
import type { RankedHit } from './static-order';

export interface HitRow {
  id: string;
  source: string;
  external_id: string;
  title: string;
  authors: string[];
  journal: string | null;
  published_at: string | null;
  url: string | null;
  publication_types: string[];
  snippet: string;
  rank: string;
  /** Major topics first, then in the order the source listed them. */
  mesh_terms: { ui: string; name: string; major: boolean }[];
}

const HEADLINE_OPTIONS = 'StartSel=«, StopSel=», MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "';

export const searchLookups = {
  /** The page's rows for `hits` (best first): summary columns, snippet and MeSH terms, in one statement. */
  async pageRows(db: DbOrTx, plan: SearchPlan, hits: RankedHit[]): Promise<HitRow[]> {
    if (hits.length === 0) return [];
    const [row] = await rowsOf<{ rows: HitRow[] | null }>(
      db,
      sql`
      SELECT json_agg(p ORDER BY p.ord) AS rows FROM (
        SELECT s.ord, a.id, a.source, a.external_id, a.title, a.authors, a.journal, a.published_at::text AS published_at, a.url,
          a.publication_types, s.rank,
          ts_headline('english', CASE WHEN a.summary = '' THEN a.title ELSE translate(a.summary, '«»', '""') END,
            ${tsq(plan)}, ${HEADLINE_OPTIONS}) AS snippet,
          coalesce((SELECT json_agg(json_build_object('ui', d.ui, 'name', d.name, 'major', am.major)
              ORDER BY am.major DESC, am.position, d.name)
            FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui WHERE am.article_id = a.id), '[]') AS mesh_terms
        FROM unnest(${sql.param(hits.map((h) => h.id))}::uuid[], ${sql.param(hits.map((h) => h.rank))}::text[]) WITH ORDINALITY
          AS s(id, rank, ord)
        JOIN articles a ON a.id = s.id) p`,
    );
    return (row?.rows ?? []).map(({ ord: _ord, ...hit }: HitRow & { ord?: number }) => hit);
  },

  /**
   * The descriptors among `uis` whose own words satisfy the query. Every article tagged with one
   * carries those words (weight B), so the full text finds it: looking for it among the tagged articles
   * the text missed would only read it and throw it away ("asthma" and Asthma, say).
   */
  async descriptorsFoundByText(db: DbOrTx, uis: string[], text: string): Promise<Set<string>> {
    if (uis.length === 0) return new Set();
    const rows = await rowsOf<{ ui: string }>(
      db,
      sql`
      SELECT d.ui FROM mesh_descriptors d
      WHERE d.ui = ANY(${textArray(uis)}) AND mesh_descriptor_words(d.name, d.entry_terms) @@ websearch_to_tsquery('english', ${text})`,
    );
    return new Set(rows.map((row) => row.ui));
  },

  /**
   * What the plan needs to know of the query's words and MeSH (SearchPlan): whether a word that the
   * all-words query requires (a lexeme of its index part, `querytree`) is in no descriptor's words
   * (unsure, so false, for a lexeme with a backslash, which does not quote as a tsquery), and the
   * query labelled B.
   */
  async meshFacts(
    db: DbOrTx,
    text: string,
    excluded: string[],
    anyOf: boolean,
  ): Promise<Pick<SearchPlan, 'wordOutsideMesh' | 'meshQuery'>> {
    const [row] = await rowsOf<{ query: string; tree: string; excluded: string[] }>(
      db,
      sql`SELECT q::text AS query, querytree(q) AS tree, tsvector_to_array(to_tsvector('english', ${excluded.join(' ')})) AS excluded
        FROM websearch_to_tsquery('english', ${text}) q`,
    );
    const query = row?.query ?? '';
    const meshQuery = query && !query.includes('\\') ? query.replace(/'((?:[^']|'')*)'/g, "'$1':B") : null;
    const left = new Set(row?.excluded ?? []);
    const lexemes = [...new Set([...(row?.tree ?? '').matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'")))].filter(
      (lexeme) => !left.has(lexeme) && !lexeme.includes('\\'),
    );
    if (anyOf || lexemes.length === 0) return { wordOutsideMesh: false, meshQuery };
    // One look-up per lexeme, each a constant the descriptors' word index answers: drawn from a list
    // (unnest), the lexeme made PostgreSQL compute every descriptor's words (0.6 s at full MeSH size).
    const missing = lexemes.map(
      (lexeme) =>
        sql`NOT EXISTS (SELECT 1 FROM mesh_descriptors d WHERE mesh_descriptor_words(d.name, d.entry_terms) @@ quote_literal(${lexeme})::tsquery)`,
    );
    const [outside] = await rowsOf<{ missing: boolean | null }>(db, sql`SELECT ${sql.join(missing, sql` OR `)} AS missing`);
    return { wordOutsideMesh: outside?.missing === true, meshQuery };
  },

  /** The MeSH terms of each article, major topics first, then in the order the source listed them. */
  async meshTermsOf(db: DbOrTx, articleIds: string[]) {
    if (articleIds.length === 0) return new Map<string, { ui: string; name: string; major: boolean }[]>();
    const rows = await rowsOf<{ article_id: string; ui: string; name: string; major: boolean }>(
      db,
      sql`
      SELECT am.article_id, d.ui, d.name, am.major FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui
      WHERE am.article_id = ANY(${sql.param(articleIds)}::uuid[])
      ORDER BY am.major DESC, am.position, d.name`,
    );
    const byArticle = new Map<string, { ui: string; name: string; major: boolean }[]>();
    for (const row of rows) {
      const list = byArticle.get(row.article_id) ?? [];
      list.push({ ui: row.ui, name: row.name, major: row.major });
      byArticle.set(row.article_id, list);
    }
    return byArticle;
  },

  async article(db: DbOrTx, id: string) {
    const [row] = await rowsOf<Omit<HitRow, 'snippet' | 'rank' | 'mesh_terms'> & { summary: string }>(
      db,
      sql`
      SELECT id, source, external_id, title, summary, authors, journal, published_at::text AS published_at, url, publication_types
      FROM articles WHERE id = ${id}::uuid`,
    );
    return row ?? null;
  },

  async descriptor(db: DbOrTx, ui: string) {
    const [row] = await rowsOf<{ ui: string; name: string; tree_numbers: string[]; scope_note: string; entry_terms: string[] }>(
      db,
      sql`SELECT ui, name, tree_numbers, scope_note, entry_terms FROM mesh_descriptors WHERE ui = ${ui}`,
    );
    return row ?? null;
  },
};
