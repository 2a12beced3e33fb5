import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** Runs raw SQL the same way on PGlite and node-postgres. */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const REFRESH_CHUNK = 1000;

/**
 * The one expression that builds an article's search document: title (A), the names and entry terms
 * of its MeSH descriptors (B), summary (C). Call it after articles or their MeSH links change;
 * without ids it refreshes every article (after a vocabulary import renamed descriptors).
 */
export async function refreshSearchVectors(db: DbOrTx, articleIds?: string[]): Promise<void> {
  const update = (where: SQL) => sql`
    UPDATE articles SET search_vector =
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', coalesce((
        SELECT string_agg(d.name || ' ' || array_to_string(d.entry_terms, ' '), ' ')
        FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui
        WHERE am.article_id = articles.id), '')), 'B') ||
      setweight(to_tsvector('english', summary), 'C')
    WHERE ${where}`;
  if (!articleIds) {
    await db.execute(update(sql`true`));
    return;
  }
  for (let i = 0; i < articleIds.length; i += REFRESH_CHUNK) {
    await db.execute(update(sql`id = ANY(${sql.param(articleIds.slice(i, i + REFRESH_CHUNK))}::uuid[])`));
  }
}

export interface DescriptorMatch {
  ui: string;
  name: string;
  tree_numbers: string[];
  /** Which of the asked phrases this descriptor has as its name or an entry term. */
  phrases: string[];
}

/** One mapped concept: the articles tagged with any of `uis` (the mapped descriptors and everything narrower). */
export interface Concept {
  uis: string[];
}

export interface SearchPlan {
  /** The query as typed, for `websearch_to_tsquery`. */
  text: string;
  concepts: Concept[];
  /** Concepts are alternatives (`or` in the query) rather than all required. */
  anyOf: boolean;
  /** Words no concept covered: an article found through MeSH must still contain them. */
  leftover: string;
  excluded: string[];
  /** Every descriptor of every concept, for the major-topic boost. */
  boostUis: string[];
}

export interface SearchFilters {
  source?: string;
  publicationType?: string;
  from?: string;
  to?: string;
}

export interface RankPosition {
  rank: string;
  id: string;
}

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
  total: string | number;
}

/**
 * Rank weights for D, C, B, A (PostgreSQL's order): title 1, MeSH 0.4, summary 0.2. ts_rank, not
 * ts_rank_cd: the cover-density rank adds every occurrence up, and a descriptor's name and entry terms
 * repeat its words ("Asthma", "Asthmas", "Bronchial Asthma"), so a MeSH tag outranked a title.
 * ts_rank lets each further occurrence count less and keeps title > MeSH > summary.
 */
const WEIGHTS = sql`'{0.1, 0.2, 0.4, 1.0}'::float4[]`;
/** Added for being tagged with a mapped descriptor: enough to order MeSH hits, never to outrank a title hit alone. */
const MAJOR_BOOST = 0.3;
const MINOR_BOOST = 0.1;
const HEADLINE_OPTIONS = 'StartSel=«, StopSel=», MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "';

const tsq = (plan: SearchPlan) => sql`websearch_to_tsquery('english', ${plan.text})`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** The ids of articles the query finds: by full text, or through the mapped MeSH concepts. */
function candidates(plan: SearchPlan): SQL {
  const byText = sql`SELECT id FROM articles WHERE search_vector @@ ${tsq(plan)}`;
  if (plan.concepts.length === 0) return byText;
  const tagged = plan.concepts.map((c) => sql`SELECT article_id FROM article_mesh WHERE descriptor_ui = ANY(${textArray(c.uis)})`);
  const combined = sql.join(tagged, plan.anyOf ? sql` UNION ` : sql` INTERSECT `);
  const conditions: SQL[] = [sql`a.id IN (${combined})`];
  if (!plan.anyOf && plan.leftover) conditions.push(sql`a.search_vector @@ plainto_tsquery('english', ${plan.leftover})`);
  if (plan.excluded.length) {
    conditions.push(sql`NOT (coalesce(a.search_vector, ''::tsvector) @@ websearch_to_tsquery('english', ${plan.excluded.join(' or ')}))`);
  }
  return sql`${byText} UNION SELECT a.id FROM articles a WHERE ${sql.join(conditions, sql` AND `)}`;
}

function filterConditions(filters: SearchFilters, skip?: 'source' | 'publication_type'): SQL[] {
  const out: SQL[] = [];
  if (filters.source && skip !== 'source') out.push(sql`a.source = ${filters.source}`);
  if (filters.publicationType && skip !== 'publication_type') out.push(sql`${filters.publicationType} = ANY(a.publication_types)`);
  if (filters.from) out.push(sql`a.published_at >= ${filters.from}::date`);
  if (filters.to) out.push(sql`a.published_at <= ${filters.to}::date`);
  return out;
}

const whereAll = (conditions: SQL[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

export const searchRepository = {
  /** Descriptors whose name or an entry term equals one of the phrases (after normalization). */
  async descriptorsMatching(db: DbOrTx, phrases: string[]): Promise<DescriptorMatch[]> {
    if (phrases.length === 0) return [];
    return rowsOf<DescriptorMatch>(
      db,
      sql`
      SELECT d.ui, d.name, d.tree_numbers,
        ARRAY(SELECT unnest(mesh_normalized_terms(d.name, d.entry_terms)) INTERSECT SELECT unnest(${textArray(phrases)})) AS phrases
      FROM mesh_descriptors d
      WHERE mesh_normalized_terms(d.name, d.entry_terms) && ${textArray(phrases)}
      ORDER BY d.ui`,
    );
  },

  /** The descriptors themselves and all narrower ones: tree numbers under any of theirs. */
  async withNarrower(db: DbOrTx, uis: string[], treeNumbers: string[]): Promise<string[]> {
    const rows = await rowsOf<{ ui: string }>(
      db,
      sql`
      SELECT d.ui FROM mesh_descriptors d
      WHERE d.ui = ANY(${textArray(uis)})
         OR EXISTS (SELECT 1 FROM unnest(d.tree_numbers) tn, unnest(${textArray(treeNumbers)}) m WHERE tn LIKE m || '.%')`,
    );
    return rows.map((r) => r.ui);
  },

  /** One page of hits after `position`, best first, with the total for the whole query. */
  async page(
    db: DbOrTx,
    plan: SearchPlan,
    filters: SearchFilters,
    position: RankPosition | null,
    size: number,
  ): Promise<{ total: number; rows: HitRow[] }> {
    const boost = plan.boostUis.length
      ? sql`coalesce((SELECT max(CASE WHEN am.major THEN ${MAJOR_BOOST}::numeric ELSE ${MINOR_BOOST}::numeric END)
          FROM article_mesh am WHERE am.article_id = a.id AND am.descriptor_ui = ANY(${textArray(plan.boostUis)})), 0)`
      : sql`0`;
    const after = position ? sql`WHERE (h.rank, h.id) < (${position.rank}::numeric, ${position.id}::uuid)` : sql``;
    const rows = await rowsOf<HitRow>(
      db,
      sql`
      WITH hits AS (
        SELECT a.id, round((coalesce(ts_rank(${WEIGHTS}, a.search_vector, ${tsq(plan)}), 0))::numeric + ${boost}, 6) AS rank
        FROM articles a JOIN (${candidates(plan)}) c ON c.id = a.id
        ${whereAll(filterConditions(filters))}
      ),
      shown AS (SELECT h.id, h.rank FROM hits h ${after} ORDER BY h.rank DESC, h.id DESC LIMIT ${size + 1})
      SELECT a.id, a.source, a.external_id, a.title, a.authors, a.journal, a.published_at::text AS published_at, a.url,
        a.publication_types, s.rank::text AS rank, t.total,
        ts_headline('english', CASE WHEN a.summary = '' THEN a.title ELSE translate(a.summary, '«»', '""') END,
          ${tsq(plan)}, ${HEADLINE_OPTIONS}) AS snippet
      FROM (SELECT count(*) AS total FROM hits) t
        LEFT JOIN (shown s JOIN articles a ON a.id = s.id) ON true
      ORDER BY s.rank DESC, s.id DESC`,
    );
    // The count row comes back alone (id null) when the page is empty.
    return { total: Number(rows[0]?.total ?? 0), rows: rows.filter((r) => r.id !== null) };
  },

  /** Counts per source and per publication type; each facet applies the other filters, not its own. */
  async facets(db: DbOrTx, plan: SearchPlan, filters: SearchFilters) {
    const base = (skip: 'source' | 'publication_type', also = sql``) =>
      sql`FROM articles a JOIN (${candidates(plan)}) c ON c.id = a.id ${also} ${whereAll(filterConditions(filters, skip))}`;
    const [sources, types] = await Promise.all([
      rowsOf<{ value: string; count: string | number }>(
        db,
        sql`SELECT a.source AS value, count(*) AS count ${base('source')} GROUP BY a.source ORDER BY count(*) DESC, a.source`,
      ),
      rowsOf<{ value: string; count: string | number }>(
        db,
        sql`SELECT pt AS value, count(*) AS count ${base('publication_type', sql`CROSS JOIN LATERAL unnest(a.publication_types) pt`)}
          GROUP BY pt ORDER BY count(*) DESC, pt`,
      ),
    ]);
    const counted = (rows: { value: string; count: string | number }[]) => rows.map((r) => ({ value: r.value, count: Number(r.count) }));
    return { source: counted(sources), publication_type: counted(types) };
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

  /**
   * The vocabulary term (a descriptor's name or entry term) closest to the whole phrase, when one is
   * close enough: "hart atack" is nearer to "heart attack" as a phrase than word by word. Inverted
   * entry terms ("Infarction, Myocardial") are left out: they spell the same words in the wrong order.
   */
  async phraseCorrection(db: DbOrTx, phrase: string): Promise<string | null> {
    const rows = await rowsOf<{ term: string }>(
      db,
      sql`
      SELECT lower(raw) AS term FROM mesh_descriptors d, unnest(array_prepend(d.name, d.entry_terms)) raw
      WHERE raw NOT LIKE '%,%' AND similarity(lower(raw), ${phrase}) >= 0.4 AND lower(raw) <> ${phrase}
      ORDER BY similarity(lower(raw), ${phrase}) DESC, length(raw), raw
      LIMIT 1`,
    );
    return rows[0]?.term ?? null;
  },

  /**
   * For each word that is not in the MeSH vocabulary, the most similar vocabulary word (pg_trgm
   * similarity at least 0.3). Only asked when a query found nothing, so scanning the vocabulary is fine.
   */
  async corrections(db: DbOrTx, words: string[]): Promise<Map<string, string>> {
    if (words.length === 0) return new Map();
    const rows = await rowsOf<{ word: string; fix: string | null }>(
      db,
      sql`
      WITH vocab AS (
        SELECT DISTINCT w FROM mesh_descriptors d, unnest(mesh_normalized_terms(d.name, d.entry_terms)) t,
          regexp_split_to_table(t, '\\s+') w
        WHERE length(w) >= 3
      )
      SELECT q.word, (SELECT v.w FROM vocab v WHERE similarity(v.w, q.word) >= 0.3 ORDER BY similarity(v.w, q.word) DESC, v.w LIMIT 1) AS fix
      FROM unnest(${textArray(words)}) q(word)
      WHERE NOT EXISTS (SELECT 1 FROM vocab v WHERE v.w = q.word)`,
    );
    return new Map(rows.filter((r) => r.fix).map((r) => [r.word, r.fix!]));
  },

  /**
   * Names and entry terms for the search box: those starting with the text first, then those with a
   * word starting with it, then trigram look-alikes (typos). Inverted entry terms ("Infarction,
   * Myocardial") are left out: nobody types them.
   */
  async suggest(db: DbOrTx, text: string, limit: number) {
    const q = text.toLowerCase();
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    return rowsOf<{ text: string; ui: string; name: string }>(
      db,
      sql`
      WITH terms AS (
        SELECT DISTINCT ON (lower(t)) t AS text, d.ui, d.name, lower(t) AS low, t = d.name AS preferred
        FROM mesh_descriptors d, unnest(array_prepend(d.name, d.entry_terms)) t
        WHERE (t = d.name OR position(',' in t) = 0)
          AND (lower(t) LIKE ${`${escaped}%`} OR lower(t) LIKE ${`% ${escaped}%`} OR word_similarity(${q}, lower(t)) >= 0.5)
        ORDER BY lower(t), (t = d.name) DESC, d.ui
      )
      SELECT text, ui, name FROM terms
      ORDER BY CASE WHEN low LIKE ${`${escaped}%`} THEN 0 WHEN low LIKE ${`% ${escaped}%`} THEN 1 ELSE 2 END,
        word_similarity(${q}, low) DESC, preferred DESC, length(text), text
      LIMIT ${limit}`,
    );
  },

  async article(db: DbOrTx, id: string) {
    const [row] = await rowsOf<Omit<HitRow, 'snippet' | 'rank' | 'total'> & { summary: string }>(
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

  /** Direct parents: descriptors holding a tree number one level up from one of these. */
  async broader(db: DbOrTx, treeNumbers: string[]) {
    const parents = treeNumbers.filter((t) => t.includes('.')).map((t) => t.slice(0, t.lastIndexOf('.')));
    if (parents.length === 0) return [];
    return rowsOf<{ ui: string; name: string }>(
      db,
      sql`SELECT ui, name FROM mesh_descriptors WHERE tree_numbers && ${textArray(parents)} ORDER BY name, ui`,
    );
  },

  /** Direct children: a tree number exactly one level below one of these. */
  async narrower(db: DbOrTx, treeNumbers: string[]) {
    if (treeNumbers.length === 0) return [];
    return rowsOf<{ ui: string; name: string }>(
      db,
      sql`
      SELECT d.ui, d.name FROM mesh_descriptors d
      WHERE EXISTS (SELECT 1 FROM unnest(d.tree_numbers) tn, unnest(${textArray(treeNumbers)}) m
        WHERE tn LIKE m || '.%' AND position('.' in substr(tn, length(m) + 2)) = 0)
      ORDER BY d.name, d.ui`,
    );
  },
};
