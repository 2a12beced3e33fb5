import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { articles, collectionItems, collections, users, type CollectionRow } from '../../../db/schema/index';
import { cursorTime, olderThan, toPage, type Position } from '../../../lib/pagination';
import { preparedPerDatabase } from '../../../lib/prepared';

/**
 * Counted, not stored: at most 100 rows read from the (collection_id, position) index. Spelled out
 * with table names because Drizzle leaves a single-table query's columns unqualified, which inside
 * the subquery would name the items' own `id`.
 */
const itemsCount = sql<number>`(SELECT count(*)::int FROM collection_items ci WHERE ci.collection_id = "collections"."id")`;

const collectionColumns = {
  id: collections.id,
  userId: collections.userId,
  name: collections.name,
  description: collections.description,
  isDraft: collections.isDraft,
  shareHash: collections.shareHash,
  savedFrom: collections.savedFrom,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
  itemsCount,
};

export type CollectionListRow = CollectionRow & { itemsCount: number };

/** What an item shows of its article: the summary columns, never the long text or the search vector. */
const itemColumns = {
  id: collectionItems.id,
  collectionId: collectionItems.collectionId,
  note: collectionItems.note,
  position: collectionItems.position,
  addedAt: collectionItems.addedAt,
  article: {
    id: articles.id,
    source: articles.source,
    externalId: articles.externalId,
    title: articles.title,
    authors: articles.authors,
    journal: articles.journal,
    publishedAt: articles.publishedAt,
    url: articles.url,
    publicationTypes: articles.publicationTypes,
  },
};

export interface ItemRow {
  id: string;
  collectionId: string;
  note: string | null;
  position: number;
  addedAt: Date;
  article: {
    id: string;
    source: 'pubmed' | 'medlineplus' | 'curated';
    externalId: string;
    title: string;
    authors: string[];
    journal: string | null;
    publishedAt: string | null;
    url: string | null;
    publicationTypes: string[];
  };
}

export interface NewCollection {
  id: string;
  userId: number;
  name: string;
  description?: string;
  isDraft?: boolean;
  savedFrom?: string | null;
}

/**
 * The collection page's two reads are prepared: planned once per connection, not on every request
 * (most of their cost, as with a discussion and its first comments).
 */
const preparedOwned = preparedPerDatabase((db) =>
  db
    .select(collectionColumns)
    .from(collections)
    .where(and(eq(collections.id, sql.placeholder('id')), eq(collections.userId, sql.placeholder('userId'))))
    .prepare('collection_owned'),
);

const preparedItems = preparedPerDatabase((db) =>
  db
    .select(itemColumns)
    .from(collectionItems)
    .innerJoin(articles, eq(articles.id, collectionItems.articleId))
    .where(eq(collectionItems.collectionId, sql.placeholder('collectionId')))
    .orderBy(asc(collectionItems.position))
    .prepare('collection_items'),
);

export const collectionsRepository = {
  /** My named collections, most recent change first (the draft has its own door). */
  async listPage(db: DbOrTx, userId: number, position: Position | null, size: number) {
    const rows = await db
      .select({ ...collectionColumns, cursorAt: cursorTime(collections.updatedAt) })
      .from(collections)
      .where(
        and(eq(collections.userId, userId), eq(collections.isDraft, false), olderThan(collections.updatedAt, collections.id, position)),
      )
      .orderBy(desc(collections.updatedAt), desc(collections.id))
      .limit(size + 1);
    return toPage(rows, size, (row) => row.id);
  },

  async countNamed(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(collections)
      .where(and(eq(collections.userId, userId), eq(collections.isDraft, false)));
    return row?.n ?? 0;
  },

  /** One of my collections, or null for one that does not exist or is someone else's (the caller answers 404 for both). */
  async findOwned(db: DbOrTx, userId: number, id: string): Promise<CollectionListRow | null> {
    const [row] = await preparedOwned(db).execute({ id, userId });
    return row ?? null;
  },

  /**
   * Locks my collections among `ids` until the transaction ends, in id order so two transactions
   * locking the same pair never wait on each other crosswise. Returns the ones that are mine.
   */
  async lockOwned(tx: Tx, userId: number, ids: string[]): Promise<CollectionRow[]> {
    return tx
      .select()
      .from(collections)
      .where(and(inArray(collections.id, ids), eq(collections.userId, userId)))
      .orderBy(asc(collections.id))
      .for('update');
  },

  async findDraft(db: DbOrTx, userId: number): Promise<CollectionListRow | null> {
    const [row] = await db
      .select(collectionColumns)
      .from(collections)
      .where(and(eq(collections.userId, userId), eq(collections.isDraft, true)));
    return row ?? null;
  },

  /** Two first visits racing both get here; the partial unique index lets one row in and the other does nothing. */
  async insertDraftIfMissing(db: DbOrTx, userId: number, id: string, name: string): Promise<void> {
    await db
      .insert(collections)
      .values({ id, userId, name, isDraft: true })
      .onConflictDoNothing({ target: collections.userId, where: sql`is_draft` });
  },

  async insert(db: DbOrTx, row: NewCollection): Promise<void> {
    await db.insert(collections).values(row);
  },

  async update(db: DbOrTx, id: string, changes: Partial<Pick<CollectionRow, 'name' | 'description' | 'isDraft'>>): Promise<void> {
    await db
      .update(collections)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(collections.id, id));
  },

  /** Item changes are changes of the collection: the index orders by them. */
  async touch(db: DbOrTx, ids: string[]): Promise<void> {
    await db
      .update(collections)
      .set({ updatedAt: sql`now()` })
      .where(inArray(collections.id, ids));
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(collections).where(eq(collections.id, id));
  },

  async setShareHash(db: DbOrTx, id: string, hash: string | null): Promise<void> {
    await db.update(collections).set({ shareHash: hash }).where(eq(collections.id, id));
  },

  /** A shared collection with its owner's public face. */
  async findShared(db: DbOrTx, hash: string) {
    const [row] = await db
      .select({
        ...collectionColumns,
        owner: { sid: users.sid, name: users.name, displayName: users.displayName, avatarColor: users.avatarColor },
      })
      .from(collections)
      .innerJoin(users, eq(users.id, collections.userId))
      .where(eq(collections.shareHash, hash));
    return row ?? null;
  },

  /** Every item of a collection with its article, in order: one statement however many there are. */
  async items(db: DbOrTx, collectionId: string): Promise<ItemRow[]> {
    return preparedItems(db).execute({ collectionId });
  },

  async item(db: DbOrTx, collectionId: string, itemId: string): Promise<ItemRow | null> {
    const [row] = await db
      .select(itemColumns)
      .from(collectionItems)
      .innerJoin(articles, eq(articles.id, collectionItems.articleId))
      .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.id, itemId)));
    return row ?? null;
  },

  async countItems(db: DbOrTx, collectionId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(collectionItems).where(eq(collectionItems.collectionId, collectionId));
    return row?.n ?? 0;
  },

  async containsArticle(db: DbOrTx, collectionId: string, articleId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: collectionItems.id })
      .from(collectionItems)
      .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.articleId, articleId)));
    return !!row;
  },

  async articleExists(db: DbOrTx, articleId: string): Promise<boolean> {
    const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
    return !!row;
  },

  async insertItems(
    db: DbOrTx,
    rows: { id: string; collectionId: string; articleId: string; note: string | null; position: number }[],
  ): Promise<void> {
    if (rows.length > 0) await db.insert(collectionItems).values(rows);
  },

  async updateItem(
    db: DbOrTx,
    itemId: string,
    changes: Partial<{ note: string | null; position: number; collectionId: string }>,
  ): Promise<void> {
    await db.update(collectionItems).set(changes).where(eq(collectionItems.id, itemId));
  },

  async deleteItem(db: DbOrTx, itemId: string): Promise<void> {
    await db.delete(collectionItems).where(eq(collectionItems.id, itemId));
  },

  /**
   * Moves every item of a collection whose position lies in [from, to] by `delta` (+1 or -1): what
   * opens or closes the gap when an item is inserted, removed or moved.
   */
  async shift(db: DbOrTx, collectionId: string, from: number, to: number, delta: 1 | -1): Promise<void> {
    if (from > to) return;
    await db
      .update(collectionItems)
      .set({ position: sql`${collectionItems.position} + ${delta}` })
      .where(and(eq(collectionItems.collectionId, collectionId), gte(collectionItems.position, from), lte(collectionItems.position, to)));
  },

  /** Closes the gap an item left at `position`. */
  async closeGap(db: DbOrTx, collectionId: string, position: number): Promise<void> {
    await db
      .update(collectionItems)
      .set({ position: sql`${collectionItems.position} - 1` })
      .where(and(eq(collectionItems.collectionId, collectionId), gt(collectionItems.position, position)));
  },

  /** Opens a gap at `position` for an item coming in. */
  async openGap(db: DbOrTx, collectionId: string, position: number): Promise<void> {
    await db
      .update(collectionItems)
      .set({ position: sql`${collectionItems.position} + 1` })
      .where(and(eq(collectionItems.collectionId, collectionId), gte(collectionItems.position, position)));
  },
};
