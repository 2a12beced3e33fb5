import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { articles, collectionItems, collections } from '../../../db/schema/index';

/**
 * My collections for GET user/export (the right of access): every one, the draft included, with
 * its share link, its origin, and its items in order with their notes and which article each is.
 * Two statements however many collections there are.
 */
export async function collectionsForUserExport(db: DbOrTx, userId: number) {
  const [rows, items] = await Promise.all([
    db.select().from(collections).where(eq(collections.userId, userId)).orderBy(asc(collections.createdAt), asc(collections.id)),
    db
      .select({
        collectionId: collectionItems.collectionId,
        note: collectionItems.note,
        position: collectionItems.position,
        addedAt: collectionItems.addedAt,
        articleId: articles.id,
        source: articles.source,
        externalId: articles.externalId,
        title: articles.title,
        url: articles.url,
      })
      .from(collectionItems)
      .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
      .innerJoin(articles, eq(articles.id, collectionItems.articleId))
      .where(eq(collections.userId, userId))
      .orderBy(asc(collectionItems.collectionId), asc(collectionItems.position)),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    is_draft: c.isDraft,
    share_hash: c.shareHash,
    saved_from: c.savedFrom,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    items: items
      .filter((item) => item.collectionId === c.id)
      .map((item) => ({
        article: { id: item.articleId, source: item.source, external_id: item.externalId, title: item.title, url: item.url },
        note: item.note,
        position: item.position,
        added_at: item.addedAt.toISOString(),
      })),
  }));
}
