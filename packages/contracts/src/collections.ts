import { z } from 'zod';
import { articleSummary } from './articles';
import { cursorQuery, isoDate, list, resource } from './common';
import { userSummary } from './profile';
import { text, wireBoolean, wireInt } from './validation';

/** A collection holds at most this many items; the 101st is refused (422) even when two adds race. */
export const COLLECTION_ITEMS_MAX = 100;
export const COLLECTION_NAME_MAX = 120;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const COLLECTION_NOTE_MAX = 10_000;
/** What the draft is called until it is saved under a name of its own. */
export const DRAFT_NAME = 'Draft';

export const COLLECTION_MESSAGES = {
  notFound: 'The collection was not found.',
  itemNotFound: 'The item was not found.',
  sharedNotFound: 'The shared collection was not found.',
  full: `A collection holds at most ${COLLECTION_ITEMS_MAX} items.`,
  duplicate: 'This article is already in the collection.',
  unknownArticle: 'The selected article id is invalid.',
  unknownCollection: 'The selected collection id is invalid.',
  draftStaysNamed: 'A saved collection cannot become the draft again.',
} as const;

/** A collection as its owner sees it. `share_hash` is null until shared; `saved_from` is the hash it was copied from. */
export const collection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_draft: z.boolean().describe('Each person has exactly one draft, created on demand by GET collections/draft'),
  items_count: z.number().int(),
  share_hash: z.string().nullable(),
  saved_from: z.string().nullable(),
  created_at: isoDate,
  updated_at: isoDate.describe('The last change to the name, description or items'),
});
export type Collection = z.infer<typeof collection>;

/** One article in a collection. Positions run 0..items_count-1 without gaps, in the order shown. */
export const collectionItem = z.object({
  id: z.string(),
  article: articleSummary,
  note: z.string().nullable(),
  position: z.number().int(),
  added_at: isoDate,
});
export type CollectionItem = z.infer<typeof collectionItem>;

/** A collection with all its items (never more than 100, so never paged). */
export const collectionDetail = collection.extend({ items: z.array(collectionItem) });
export type CollectionDetail = z.infer<typeof collectionDetail>;

export const collectionResponse = resource(collectionDetail);
/** GET collections: my named collections (the draft is GET collections/draft), most recent change first. */
export const collectionsResponse = list(collection);
export const collectionsQuery = cursorQuery;
export const collectionItemResponse = resource(collectionItem);

/** No length rule: an id we never handed out, however odd, is the same 404 as someone else's. */
export const collectionParams = z.object({ id: z.string() });
export const collectionItemParams = collectionParams.extend({ item: z.string() });

const description = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(COLLECTION_DESCRIPTION_MAX));
/** A blank note is no note (null). */
const note = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v) : v),
  z.string().max(COLLECTION_NOTE_MAX).nullable().optional(),
);

export const createCollectionBody = z.object({
  name: text(1, COLLECTION_NAME_MAX),
  description: description.optional(),
});
export type CreateCollectionBody = z.infer<typeof createCollectionBody>;

/** Rename, describe, or save the draft as a named collection (`is_draft: false`, with a name). */
export const updateCollectionBody = z
  .object({
    name: text(1, COLLECTION_NAME_MAX).optional(),
    description: description.optional(),
    is_draft: wireBoolean.optional().describe('false saves the draft as a named collection; a new draft is made on next demand'),
  })
  .strict();
export type UpdateCollectionBody = z.infer<typeof updateCollectionBody>;

/** Adding the same article to another collection copies it there; the note travels only if sent. */
export const addCollectionItemBody = z.object({
  article_id: z.uuid(),
  note,
});
export type AddCollectionItemBody = z.infer<typeof addCollectionItemBody>;

/**
 * Change the note, move within the collection (`position`: others shift; past the end means last),
 * or move to another of my collections (`collection_id`: appended there unless `position` is given).
 */
export const updateCollectionItemBody = z
  .object({
    note,
    position: wireInt(0, 1_000_000).optional(),
    collection_id: z.string().min(1).max(64).optional(),
  })
  .strict();
export type UpdateCollectionItemBody = z.infer<typeof updateCollectionItemBody>;

export const shareResponse = resource(
  z.object({ share_hash: z.string().describe('At least 128 random bits; the link is /shared/{share_hash}') }),
);

/** No length rule here: any malformed hash must be the same 404 as a revoked one, not a 422. */
export const sharedParams = z.object({ hash: z.string() });

/** GET shared/{hash}: what anyone with the link sees, guests included. No ids of the owner's, nothing private. */
export const sharedCollection = z.object({
  share_hash: z.string(),
  name: z.string(),
  description: z.string(),
  owner: userSummary,
  items_count: z.number().int(),
  updated_at: isoDate,
  items: z.array(collectionItem),
});
export type SharedCollection = z.infer<typeof sharedCollection>;
export const sharedCollectionResponse = resource(sharedCollection);

export const exportFormat = z.enum(['csv', 'ris', 'bibtex']);
export type ExportFormat = z.infer<typeof exportFormat>;
export const exportQuery = z.object({ format: exportFormat });

export type CollectionsResponse = z.infer<typeof collectionsResponse>;
