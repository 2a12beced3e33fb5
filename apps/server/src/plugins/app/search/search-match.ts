import { sql, type SQL } from 'drizzle-orm';
import { inSample, SAMPLE_LEVELS } from '../../../db/schema/articles';

/** One mapped concept: the articles tagged with any of `uis` (the mapped descriptors and everything narrower). */
export interface Concept {
  uis: string[];
}

export interface SearchPlan {
  /** The query as typed, for `websearch_to_tsquery`. */
  text: string;
  /**
   * The mapped concepts, for finding tagged articles the text missed: without the descriptors whose
   * own words satisfy the query (`descriptorsFoundByText`), whose articles the text finds anyway.
   */
  concepts: Concept[];
  /** Concepts are alternatives (`or` in the query) rather than all required. */
  anyOf: boolean;
  /** Words no concept covered: an article found through MeSH must still contain them. */
  leftover: string;
  excluded: string[];
  /** Every descriptor of every concept, for the major-topic boost. */
  boostUis: string[];
  /**
   * A word the query requires is in no descriptor's words (`meshFacts`): no article can
   * match the query in its MeSH words, so a hit without it in its title matches in its summary only.
   */
  wordOutsideMesh: boolean;
  /**
   * The query with every word labelled B (`'x':B`): matched against the search document, the same
   * test as against its MeSH words alone, without copying them out per row (`meshMatches`). Null when
   * the query's text would not read back as a tsquery.
   */
  meshQuery: string | null;
}

export interface SearchFilters {
  source?: string;
  publicationType?: string;
  from?: string;
  to?: string;
}

export const tsq = (plan: SearchPlan) => sql`websearch_to_tsquery('english', ${plan.text})`;
export const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Which articles the query finds, as disjoint conditions on one articles row: the full text, and
 * (when the query mapped to MeSH) a tag with the mapped concepts on an article the text missed (the
 * row's copy of its links). Each is answered by its own GIN index and the results are appended
 * (UNION ALL): one OR over both made PostgreSQL scan the whole table once hits were many.
 */
export function matches(plan: SearchPlan): { index: 'text' | 'mesh'; where: SQL }[] {
  const byText = sql`a.search_vector @@ ${tsq(plan)}`;
  // A concept left with no descriptor tags nothing the text missed: with `or` it drops out, otherwise no tagged article can qualify.
  const concepts = plan.concepts.filter((c) => c.uis.length > 0);
  const text = { index: 'text' as const, where: byText };
  if (concepts.length === 0 || (!plan.anyOf && concepts.length < plan.concepts.length)) return [text];
  const tagged = concepts.map((c) => sql`a.mesh_uis && ${textArray(c.uis)}`);
  const conditions: SQL[] = [sql`(${sql.join(tagged, plan.anyOf ? sql` OR ` : sql` AND `)})`];
  if (!plan.anyOf && plan.leftover) conditions.push(sql`a.search_vector @@ plainto_tsquery('english', ${plan.leftover})`);
  if (plan.excluded.length) {
    conditions.push(sql`NOT (coalesce(a.search_vector, ''::tsvector) @@ websearch_to_tsquery('english', ${plan.excluded.join(' or ')}))`);
  }
  conditions.push(sql`NOT coalesce(${byText}, false)`);
  return [text, { index: 'mesh', where: sql.join(conditions, sql` AND `) }];
}

/**
 * The two faceted filters, in the form the search indexes answer (keys of `search_keys`, array
 * containment), so a filtered scan reads only the hits that pass them. Without the filter, `true`.
 */
export const sourceOk = (filters: SearchFilters) =>
  filters.source ? sql`a.search_keys @> ${textArray([`source:${filters.source}`])}` : sql`true`;
export const typeOk = (filters: SearchFilters) =>
  filters.publicationType ? sql`a.publication_types @> ${textArray([filters.publicationType])}` : sql`true`;

/**
 * The date range is not a facet: it narrows every count. It is checked on the hits the search index
 * found (`+ 0` keeps PostgreSQL from also reading the date index: ten years is a quarter of the corpus,
 * and intersecting that bitmap with a few thousand hits cost more than the search).
 */
export function dateConditions(filters: SearchFilters): SQL {
  const out: SQL[] = [sql`true`];
  if (filters.from) out.push(sql`a.published_at + 0 >= ${filters.from}::date`);
  if (filters.to) out.push(sql`a.published_at + 0 <= ${filters.to}::date`);
  return sql.join(out, sql` AND `);
}

export const hasFilters = (filters: SearchFilters) => Boolean(filters.source || filters.publicationType || filters.from || filters.to);

/**
 * `columns` of every article the plan finds among `where`, one indexed scan per way of matching (see
 * `matches`), in the sample of `level` (each way states it in the form of its own sample indexes).
 */
export const hitsWhere = (plan: SearchPlan, columns: SQL, where: SQL, level = SAMPLE_LEVELS) =>
  sql.join(
    matches(plan).map(
      (match) => sql`SELECT ${columns} FROM articles a WHERE ${match.where} AND ${where} AND ${inSample(match.index, sql`a.id`, level)}`,
    ),
    sql` UNION ALL `,
  );
