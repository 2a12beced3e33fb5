import {
  COLLECTION_ITEMS_MAX,
  COLLECTION_MESSAGES,
  DRAFT_NAME,
  type AddCollectionItemBody,
  type CollectionDetail,
  type CollectionItem,
  type CollectionsResponse,
  type CreateCollectionBody,
  type ExportFormat,
  type SharedCollection,
  type UpdateCollectionBody,
  type UpdateCollectionItemBody,
} from '@wink/contracts';
import type { Db, Tx } from '../../../db/client';
import type { CollectionRow, UserRow } from '../../../db/schema/index';
import { randomToken, shortId } from '../../../lib/crypto';
import { HttpError, invalid } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE } from '../../../lib/pagination';
import { exportCollection, type ExportFile } from './collection-export';
import { collectionDetailJson } from './collection-json';
import { collectionResource, detailResource, itemResource, sharedResource } from './collection-resource';
import { collectionsRepository as repo } from './collections-repository';

/** Ids we hand out; anything else is answered 404 without asking the database (which refuses a NUL, say). */
const ID = /^[0-9A-Za-z]{1,64}$/;
/** randomToken(24): 192 random bits, 32 base64url characters. Anything else is not a hash we handed out. */
const SHARE_HASH = /^[A-Za-z0-9_-]{32}$/;

const collectionNotFound = () => new HttpError(404, COLLECTION_MESSAGES.notFound);
const itemNotFound = () => new HttpError(404, COLLECTION_MESSAGES.itemNotFound);
const sharedNotFound = () => new HttpError(404, COLLECTION_MESSAGES.sharedNotFound);

/**
 * A person's collections: the draft, named collections, their items in order, share links, copies
 * and exports. A collection that is not mine is answered exactly like one that does not exist.
 * Every change of items locks the collection row first, which is what keeps the 100-item limit, the
 * duplicate rule and the gapless positions true when requests race.
 */
export class CollectionsService {
  constructor(private db: Db) {}

  async list(user: UserRow, cursor: string | undefined): Promise<CollectionsResponse> {
    const position = decodeCursor(cursor, (key) => ID.test(key));
    const [page, total] = await Promise.all([repo.listPage(this.db, user.id, position, PAGE_SIZE), repo.countNamed(this.db, user.id)]);
    return { data: page.rows.map(collectionResource), meta: { next_cursor: page.nextCursor, total } };
  }

  /** Two statements whatever the size: the collection (with its count) and its items joined to their articles. */
  async show(user: UserRow, id: string): Promise<CollectionDetail> {
    if (!ID.test(id)) throw collectionNotFound();
    const [row, items] = await Promise.all([repo.findOwned(this.db, user.id, id), repo.items(this.db, id)]);
    if (!row) throw collectionNotFound();
    return detailResource(row, items);
  }

  /**
   * The collection page's read (GET collections/{id}) as the finished `{"data": ...}` JSON text, in one
   * statement whatever the size: the database builds it (collection-json.ts says why).
   */
  async showJson(user: UserRow, id: string): Promise<string> {
    if (!ID.test(id)) throw collectionNotFound();
    const json = await collectionDetailJson(this.db, user.id, id);
    if (json === null) throw collectionNotFound();
    return `{"data":${json}}`;
  }

  /** My draft, made on first demand. Racing first visits both end with the same one row. */
  async draft(user: UserRow): Promise<CollectionDetail> {
    let row = await repo.findDraft(this.db, user.id);
    if (!row) {
      await repo.insertDraftIfMissing(this.db, user.id, shortId(12), DRAFT_NAME);
      row = await repo.findDraft(this.db, user.id);
      if (!row) throw collectionNotFound(); // only if the account vanished in between
    }
    return detailResource(row, await repo.items(this.db, row.id));
  }

  async create(user: UserRow, body: CreateCollectionBody): Promise<CollectionDetail> {
    const id = shortId(12);
    await this.db.transaction((tx) => repo.insert(tx, { id, userId: user.id, name: body.name, description: body.description ?? '' }));
    return this.show(user, id);
  }

  /**
   * Rename, describe, or save the draft: `is_draft: false` turns the draft (with its items) into a
   * named collection, and the next GET collections/draft makes a fresh one. Saving needs a name.
   */
  async update(user: UserRow, id: string, body: UpdateCollectionBody): Promise<CollectionDetail> {
    await this.db.transaction(async (tx) => {
      const collection = await this.locked(tx, user, id);
      if (body.is_draft === true && !collection.isDraft) throw invalid('is_draft', COLLECTION_MESSAGES.draftStaysNamed);
      const savingDraft = collection.isDraft && body.is_draft === false;
      if (savingDraft && body.name === undefined) throw invalid('name', 'The name field is required.');
      await repo.update(tx, id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.description !== undefined && { description: body.description }),
        ...(savingDraft && { isDraft: false }),
      });
    });
    return this.show(user, id);
  }

  /** Deleting the draft is allowed too: an empty one comes back on next demand. */
  async delete(user: UserRow, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.locked(tx, user, id);
      await repo.delete(tx, id);
    });
  }

  /**
   * Appends an article. Adding an article that is already here is a 422 (not a silent no-op: the
   * client says so, and the note sent with it is not lost unseen). Adding it to another collection
   * is how an item is copied.
   */
  async addItem(user: UserRow, id: string, body: AddCollectionItemBody): Promise<CollectionItem> {
    const itemId = shortId(12);
    await this.db.transaction(async (tx) => {
      await this.locked(tx, user, id);
      if (!(await repo.articleExists(tx, body.article_id))) throw invalid('article_id', COLLECTION_MESSAGES.unknownArticle);
      if (await repo.containsArticle(tx, id, body.article_id)) throw invalid('article_id', COLLECTION_MESSAGES.duplicate);
      const size = await repo.countItems(tx, id);
      if (size >= COLLECTION_ITEMS_MAX) throw invalid('article_id', COLLECTION_MESSAGES.full);
      await repo.insertItems(tx, [{ id: itemId, collectionId: id, articleId: body.article_id, note: body.note ?? null, position: size }]);
      await repo.touch(tx, [id]);
    });
    return this.item(id, itemId);
  }

  /**
   * Note, position and collection in one change. `position` past the end means last. With
   * `collection_id` the item moves to that collection of mine (appended, or at `position`), under the
   * same limit and duplicate rules as an add; its old place closes up.
   */
  async updateItem(user: UserRow, id: string, itemId: string, body: UpdateCollectionItemBody): Promise<CollectionItem> {
    if (!ID.test(id)) throw collectionNotFound();
    const target = body.collection_id ?? id;
    await this.db.transaction(async (tx) => {
      const locked = await repo.lockOwned(tx, user.id, ID.test(target) ? [...new Set([id, target])] : [id]);
      if (!locked.some((c) => c.id === id)) throw collectionNotFound();
      if (!locked.some((c) => c.id === target)) throw invalid('collection_id', COLLECTION_MESSAGES.unknownCollection);
      const item = ID.test(itemId) ? await repo.item(tx, id, itemId) : null;
      if (!item) throw itemNotFound();
      const changes: { note?: string | null; position?: number; collectionId?: string } = {};
      if (body.note !== undefined) changes.note = body.note;
      if (target !== id) {
        if (await repo.containsArticle(tx, target, item.article.id)) throw invalid('collection_id', COLLECTION_MESSAGES.duplicate);
        const size = await repo.countItems(tx, target);
        if (size >= COLLECTION_ITEMS_MAX) throw invalid('collection_id', COLLECTION_MESSAGES.full);
        const position = Math.min(body.position ?? size, size);
        await repo.closeGap(tx, id, item.position);
        await repo.openGap(tx, target, position);
        Object.assign(changes, { collectionId: target, position });
      } else if (body.position !== undefined) {
        const last = (await repo.countItems(tx, id)) - 1;
        const position = Math.min(body.position, last);
        if (position < item.position) await repo.shift(tx, id, position, item.position - 1, 1);
        if (position > item.position) await repo.shift(tx, id, item.position + 1, position, -1);
        changes.position = position;
      }
      if (Object.keys(changes).length > 0) {
        await repo.updateItem(tx, itemId, changes);
        await repo.touch(tx, [...new Set([id, target])]);
      }
    });
    return this.item(target, itemId);
  }

  async removeItem(user: UserRow, id: string, itemId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.locked(tx, user, id);
      const item = ID.test(itemId) ? await repo.item(tx, id, itemId) : null;
      if (!item) throw itemNotFound();
      await repo.deleteItem(tx, itemId);
      await repo.closeGap(tx, id, item.position);
      await repo.touch(tx, [id]);
    });
  }

  /** A new hash every time: sharing again is how the owner regenerates the link (the old one stops working). */
  async share(user: UserRow, id: string): Promise<{ share_hash: string }> {
    const hash = randomToken(24);
    await this.db.transaction(async (tx) => {
      await this.locked(tx, user, id);
      await repo.setShareHash(tx, id, hash);
    });
    return { share_hash: hash };
  }

  /** Revoking a link that was never shared leaves things as wanted: no error. */
  async unshare(user: UserRow, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.locked(tx, user, id);
      await repo.setShareHash(tx, id, null);
    });
  }

  async export(user: UserRow, id: string, format: ExportFormat): Promise<ExportFile> {
    if (!ID.test(id)) throw collectionNotFound();
    const [row, items] = await Promise.all([repo.findOwned(this.db, user.id, id), repo.items(this.db, id)]);
    if (!row) throw collectionNotFound();
    return exportCollection(row.name, items, format);
  }

  /** What anyone with the link sees, guests included; a revoked, regenerated or malformed hash is a 404. */
  async shared(hash: string): Promise<SharedCollection> {
    if (!SHARE_HASH.test(hash)) throw sharedNotFound();
    const row = await repo.findShared(this.db, hash);
    if (!row) throw sharedNotFound();
    return sharedResource(row, hash, await repo.items(this.db, row.id));
  }

  /** A copy of a shared collection as my own named collection, items and notes in the same order; `saved_from` keeps the hash. */
  async saveShared(user: UserRow, hash: string): Promise<CollectionDetail> {
    if (!SHARE_HASH.test(hash)) throw sharedNotFound();
    const id = shortId(12);
    await this.db.transaction(async (tx) => {
      const source = await repo.findShared(tx, hash);
      if (!source) throw sharedNotFound();
      const items = await repo.items(tx, source.id);
      await repo.insert(tx, { id, userId: user.id, name: source.name, description: source.description, savedFrom: hash });
      await repo.insertItems(
        tx,
        items.map((item, position) => ({ id: shortId(12), collectionId: id, articleId: item.article.id, note: item.note, position })),
      );
    });
    return this.show(user, id);
  }

  private async item(collectionId: string, itemId: string): Promise<CollectionItem> {
    const row = await repo.item(this.db, collectionId, itemId);
    if (!row) throw itemNotFound();
    return itemResource(row);
  }

  /** My collection, locked until the transaction ends; 404 for anyone else's. */
  private async locked(tx: Tx, user: UserRow, id: string): Promise<CollectionRow> {
    if (!ID.test(id)) throw collectionNotFound();
    const [row] = await repo.lockOwned(tx, user.id, [id]);
    if (!row) throw collectionNotFound();
    return row;
  }
}
