import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { refreshTitleImpacts } from './title-impacts';

const REFRESH_CHUNK = 1000;

/** A descriptor's words (name and entry terms) as every article tagged with it carries them in its search document. */
const descriptorWords = sql`d.name || ' ' || array_to_string(d.entry_terms, ' ')`;

/**
 * The one expression that builds an article's search document: title (A), the names and entry terms
 * of its MeSH descriptors (B), summary (C), plus the copies of its MeSH links that search filters and
 * boosts on. Call it after articles or their MeSH links change; without ids it refreshes every article
 * (after a vocabulary import renamed descriptors).
 */
export async function refreshSearchVectors(db: DbOrTx, articleIds?: string[]): Promise<void> {
  const update = (where: SQL) => sql`
    UPDATE articles SET
      search_vector =
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', coalesce((
          SELECT string_agg(${descriptorWords}, ' ')
          FROM article_mesh am JOIN mesh_descriptors d ON d.ui = am.descriptor_ui
          WHERE am.article_id = articles.id), '')), 'B') ||
        setweight(to_tsvector('english', summary), 'C'),
      mesh_uis = ARRAY(SELECT am.descriptor_ui FROM article_mesh am WHERE am.article_id = articles.id ORDER BY am.position, am.descriptor_ui),
      major_mesh_uis = ARRAY(SELECT am.descriptor_ui FROM article_mesh am WHERE am.article_id = articles.id AND am.major
        ORDER BY am.position, am.descriptor_ui)
    WHERE ${where}`;
  if (!articleIds) {
    await db.execute(update(sql`true`));
    await refreshTitleImpacts(db);
    return;
  }
  for (let i = 0; i < articleIds.length; i += REFRESH_CHUNK) {
    const chunk = articleIds.slice(i, i + REFRESH_CHUNK);
    await db.execute(update(sql`id = ANY(${sql.param(chunk)}::uuid[])`));
    await refreshTitleImpacts(db, chunk);
  }
}
