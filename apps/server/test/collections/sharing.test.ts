import { describe, expect, it } from 'vitest';
import { collections } from '../../src/db/schema/index';
import { signedIn, summaryOf } from '../community/people';
import { givePlan } from '../discussions/support';
import { useTestApp } from '../support/test-app';
import { added, created, shown, someArticles, titles } from './support';

const t = useTestApp();

const GONE = { message: 'The shared collection was not found.' };

/** A collection of three articles with a note on the second, shared; returns the owner, the collection and the hash. */
async function sharedCollection() {
  const owner = await signedIn(t);
  const c = await created(owner.agent, 'Statins and the heart', 'What we read before the appointment');
  const items = await added(owner.agent, c.id, await someArticles(t, 3));
  await owner.agent.patch(`/api/collections/${c.id}/items/${items[1]}`, { note: 'The one Dr Lee mentioned' });
  await owner.agent.patch(`/api/collections/${c.id}/items/${items[2]}`, { position: 0 });
  const res = await owner.agent.post(`/api/collections/${c.id}/share`);
  expect(res.statusCode, res.body).toBe(200);
  return { owner, collection: c, hash: res.json().data.share_hash as string };
}

describe('sharing by link', () => {
  it('hands out an unguessable hash (at least 128 bits) that the collection then carries', async () => {
    const { owner, collection, hash } = await sharedCollection();
    expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes = 192 bits
    expect((await shown(owner.agent, collection.id)).share_hash).toBe(hash);
    // Sharing changes no content: the index keeps ordering by the last change to name, description or items.
    const before = (await shown(owner.agent, collection.id)).updated_at;
    await owner.agent.post(`/api/collections/${collection.id}/share`);
    expect((await shown(owner.agent, collection.id)).updated_at).toBe(before);
  });

  it('opens read-only for a guest with no session and no CSRF token: owner summary, items in order with notes', async () => {
    const { owner, hash } = await sharedCollection();
    const guest = t.agent();
    const res = await guest.get(`/api/shared/${hash}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { data } = res.json();
    expect(data).toEqual({
      share_hash: hash,
      name: 'Statins and the heart',
      description: 'What we read before the appointment',
      owner: summaryOf(owner.me),
      items_count: 3,
      updated_at: expect.any(String),
      items: expect.any(Array),
    });
    expect(data.items.map((i: { article: { title: string }; note: string | null }) => [i.article.title, i.note])).toEqual([
      ['Article number 3', null],
      ['Article number 1', null],
      ['Article number 2', 'The one Dr Lee mentioned'],
    ]);
    // Nothing private: not the collection's id, not whether it is a draft, not the owner's e-mail.
    expect(res.body).not.toContain(owner.email);
    expect(data).not.toHaveProperty('id');
    expect(data).not.toHaveProperty('is_draft');
  });

  it('opens for a signed-in person without a plan too (the link is the permission)', async () => {
    const { hash } = await sharedCollection();
    const lapsed = await signedIn(t);
    await givePlan(t, lapsed.me.id, 'none');
    expect((await lapsed.agent.get(`/api/shared/${hash}`)).statusCode).toBe(200);
  });

  it('stops working once revoked; regenerating ends the old link and starts a new one', async () => {
    const { owner, collection, hash } = await sharedCollection();
    const guest = t.agent();
    const regenerated = (await owner.agent.post(`/api/collections/${collection.id}/share`)).json().data.share_hash;
    expect(regenerated).not.toBe(hash);
    expect((await guest.get(`/api/shared/${hash}`)).json()).toEqual(GONE);
    expect((await guest.get(`/api/shared/${regenerated}`)).statusCode).toBe(200);

    expect((await owner.agent.delete(`/api/collections/${collection.id}/share`)).statusCode).toBe(204);
    const revoked = await guest.get(`/api/shared/${regenerated}`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(GONE);
    expect((await shown(owner.agent, collection.id)).share_hash).toBeNull();
    expect((await owner.agent.delete(`/api/collections/${collection.id}/share`)).statusCode).toBe(204);
  });

  it('answers malformed and unknown hashes 404, never 422 or 500', async () => {
    const guest = t.agent();
    for (const hash of ['x', 'a'.repeat(32), '%27%20OR%201%3D1--', 'a'.repeat(200), 'a'.repeat(33), '..%2F..%2Fetc']) {
      const res = await guest.get(`/api/shared/${hash}`);
      expect(res.statusCode, hash).toBe(404);
      expect(res.json()).toEqual(GONE);
    }
  });

  it('ends with the collection: deleting it ends the link', async () => {
    const { owner, collection, hash } = await sharedCollection();
    await owner.agent.delete(`/api/collections/${collection.id}`);
    expect((await t.agent().get(`/api/shared/${hash}`)).statusCode).toBe(404);
  });
});

describe('saving a shared collection', () => {
  it('copies it as my own named collection, items and notes in the same order, saved_from kept', async () => {
    const { owner, collection, hash } = await sharedCollection();
    const reader = await signedIn(t);
    await givePlan(t, reader.me.id, 'reader');
    const res = await reader.agent.post(`/api/shared/${hash}/save`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      name: 'Statins and the heart',
      description: 'What we read before the appointment',
      is_draft: false,
      items_count: 3,
      share_hash: null,
      saved_from: hash,
    });
    expect(copy.id).not.toBe(collection.id);
    expect(titles(copy)).toEqual(['Article number 3', 'Article number 1', 'Article number 2']);
    expect(copy.items.map((i: { note: string | null }) => i.note)).toEqual([null, null, 'The one Dr Lee mentioned']);
    expect(copy.items.map((i: { position: number }) => i.position)).toEqual([0, 1, 2]);
    expect((await reader.agent.get('/api/collections')).json().data.map((c: { id: string }) => c.id)).toEqual([copy.id]);

    // The copy is mine alone: the owner's changes and revocation leave it as it was.
    await owner.agent.delete(`/api/collections/${collection.id}/share`);
    await owner.agent.delete(`/api/collections/${collection.id}`);
    expect((await shown(reader.agent, copy.id)).items_count).toBe(3);
    expect((await owner.agent.get(`/api/collections/${copy.id}`)).statusCode).toBe(404);
  });

  it('needs a signed-in person with read; revoked and malformed hashes are 404', async () => {
    const { owner, collection, hash } = await sharedCollection();
    const guest = t.agent();
    await guest.csrf();
    expect((await guest.post(`/api/shared/${hash}/save`)).statusCode).toBe(401);
    const lapsed = await signedIn(t);
    await givePlan(t, lapsed.me.id, 'none');
    expect((await lapsed.agent.post(`/api/shared/${hash}/save`)).statusCode).toBe(403);

    const reader = await signedIn(t);
    expect((await reader.agent.post('/api/shared/not-a-hash/save')).statusCode).toBe(404);
    await owner.agent.delete(`/api/collections/${collection.id}/share`);
    const revoked = await reader.agent.post(`/api/shared/${hash}/save`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(GONE);
    expect(await t.db.select().from(collections)).toHaveLength(1);
  });
});
