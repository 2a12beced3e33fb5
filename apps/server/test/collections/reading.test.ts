import { collectionResponse } from '@wink/contracts';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../community/people';
import { useTestApp } from '../support/test-app';
import { added, created, someArticles } from './support';

const t = useTestApp();

/**
 * GET collections/{id} is written by the database (collection-json.ts) while every other route
 * builds its resources in TypeScript: the two must not drift apart, in content or in form.
 */
describe('the collection page read', () => {
  it('answers exactly what the contract describes, the same values the other routes show', async () => {
    const { agent } = await signedIn(t);
    const c = await created(agent, 'Knee «surgery» "after" care', 'Line one\nline two, with a tab\tand a \\ backslash');
    const [plain] = await someArticles(t, 1);
    const [odd] = await someArticles(t, 1, {
      title: 'Ünïcode 🫀 title with "quotes" and </script>',
      authors: ['O\'Brien "Jr" J', 'Åsa, K'],
      journal: null,
      publishedAt: null,
      url: null,
      source: 'medlineplus',
    });
    const [plainItem, oddItem] = await added(agent, c.id, [plain!, odd!]);
    const note = 'Ask about "this" \u0001 control, emoji 🩺, backslash \\ and\r\nnew lines';
    expect((await agent.patch(`/api/collections/${c.id}/items/${oddItem}`, { note })).statusCode).toBe(200);
    const share = await agent.post(`/api/collections/${c.id}/share`);

    const res = await agent.get(`/api/collections/${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    // Nothing more and nothing less than the contract: parsing strips unknown keys and checks every type.
    expect(collectionResponse.parse(body)).toEqual(body);

    // The same values as the resources built in TypeScript: the index for the collection, the link for the items.
    const listed = (await agent.get('/api/collections')).json().data[0];
    const { items, ...collection } = body.data;
    expect(collection).toEqual(listed);
    expect(collection.share_hash).toBe(share.json().data.share_hash);
    const shared = (await t.agent().get(`/api/shared/${collection.share_hash}`)).json().data;
    expect(items).toEqual(shared.items);
    expect(items.map((i: { id: string }) => i.id)).toEqual([plainItem, oddItem]);
    expect(items[1].note).toBe(note);
    expect(items[1].article).toMatchObject({ journal: null, published_at: null, url: null, authors: ['O\'Brien "Jr" J', 'Åsa, K'] });
    expect(items[1].added_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers an empty collection with an empty list and a 404 for someone else’s', async () => {
    const owner = await signedIn(t);
    const other = await signedIn(t);
    const c = await created(owner.agent);
    const res = await owner.agent.get(`/api/collections/${c.id}`);
    expect(res.json().data).toMatchObject({ id: c.id, items_count: 0, items: [] });
    const foreign = await other.agent.get(`/api/collections/${c.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'The collection was not found.' });
  });
});
