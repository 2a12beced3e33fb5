import type { ArticleSummary, Collection, CollectionDetail, CollectionItem, SharedCollection } from '@wink/contracts';
import { toUserSummary } from '../users/user-resource';
import type { CollectionListRow, ItemRow } from './collections-repository';

export function articleSummaryOf(a: ItemRow['article']): ArticleSummary {
  return {
    id: a.id,
    source: a.source,
    external_id: a.externalId,
    title: a.title,
    authors: a.authors,
    journal: a.journal,
    published_at: a.publishedAt,
    url: a.url,
    publication_types: a.publicationTypes,
  };
}

export function itemResource(row: ItemRow): CollectionItem {
  return {
    id: row.id,
    article: articleSummaryOf(row.article),
    note: row.note,
    position: row.position,
    added_at: row.addedAt.toISOString(),
  };
}

/** The one place a collection row becomes the wire's collection (the owner's view). */
export function collectionResource(row: CollectionListRow): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_draft: row.isDraft,
    items_count: row.itemsCount,
    share_hash: row.shareHash,
    saved_from: row.savedFrom,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The count comes from the items shown, so the two always agree even when read by separate statements. */
export const detailResource = (row: CollectionListRow, items: ItemRow[]): CollectionDetail => ({
  ...collectionResource(row),
  items_count: items.length,
  items: items.map(itemResource),
});

/** What a link shows to anyone: the owner's public face, no collection id, draft flag or origin. */
export function sharedResource(
  row: CollectionListRow & { owner: Parameters<typeof toUserSummary>[0] },
  hash: string,
  items: ItemRow[],
): SharedCollection {
  return {
    share_hash: hash,
    name: row.name,
    description: row.description,
    owner: toUserSummary(row.owner),
    items_count: items.length,
    updated_at: row.updatedAt.toISOString(),
    items: items.map(itemResource),
  };
}
