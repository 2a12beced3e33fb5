import { describe, expect, it } from 'vitest';
import { signedIn } from '../community/people';
import { useTestApp } from '../support/test-app';
import { added, created, someArticles } from './support';

const t = useTestApp();

describe('GET user/export', () => {
  it('includes my collections, the draft too, with their items in order and notes, and nobody else’s', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const [first, second] = await someArticles(t, 2);
    const c = await created(me.agent, 'Heart health', 'Before the appointment');
    const [, secondItem] = await added(me.agent, c.id, [first!, second!]);
    await me.agent.patch(`/api/collections/${c.id}/items/${secondItem}`, { note: 'Ask Dr Lee', position: 0 });
    const hash = (await me.agent.post(`/api/collections/${c.id}/share`)).json().data.share_hash;
    const draft = (await me.agent.get('/api/collections/draft')).json().data;
    await added(me.agent, draft.id, [first!]);
    await created(other.agent, 'Not mine');

    const res = await me.agent.get('/api/user/export');
    expect(res.statusCode).toBe(200);
    const { collections } = res.json().data;
    expect(collections).toHaveLength(2);
    const named = collections.find((x: { id: string }) => x.id === c.id);
    expect(named).toMatchObject({ name: 'Heart health', description: 'Before the appointment', is_draft: false, share_hash: hash });
    expect(
      named.items.map((i: { article: { id: string }; note: string | null; position: number }) => [i.article.id, i.note, i.position]),
    ).toEqual([
      [second, 'Ask Dr Lee', 0],
      [first, null, 1],
    ]);
    expect(named.items[0].article).toMatchObject({ title: 'Article number 2', source: 'pubmed' });
    const exportedDraft = collections.find((x: { is_draft: boolean }) => x.is_draft);
    expect(exportedDraft.items.map((i: { article: { id: string } }) => i.article.id)).toEqual([first]);
    expect(res.body).not.toContain('Not mine');
  });
});
