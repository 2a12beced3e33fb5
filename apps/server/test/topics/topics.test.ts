import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertArticles } from '../search/corpus';
import { signedIn } from '../community/people';
import { deliverAll, everyChannelApp, EVERY_CHANNEL, someone } from '../delivery/support/delivery-app';
import { manyDiscussions, opened } from '../discussions/support';
import { discussionTopics } from '../../src/db/schema/index';
import { useTestApp } from '../support/test-app';
import {
  ASTHMA,
  CLUSTER_HEADACHE,
  DIABETES,
  DIABETES_TYPE_2,
  HEADACHE,
  MIGRAINE,
  TENSION_HEADACHE,
  TOPIC_FIXTURE,
  withDescriptors,
} from './support';

/** Issue 19, parts 1 and 2: topic pages, follows, a discussion's topics and the followers' notification. */
const t = useTestApp();
beforeEach(() => withDescriptors(t, TOPIC_FIXTURE));

const topicsOf = (discussion: { mesh_terms: { ui: string }[] }) => discussion.mesh_terms.map((m) => m.ui);

describe('a topic page', () => {
  it('shows the lay name first with the MeSH name, synonyms, the tree, and the search ranking’s best articles', async () => {
    const [about, prevention] = await insertArticles(t, [
      { title: 'Migraine disorders: more than a bad headache', mesh: [{ ui: MIGRAINE, major: true }] },
      { title: 'Preventing attacks', summary: 'Fewer migraine days with a steady routine.', mesh: [{ ui: MIGRAINE, major: true }] },
      { title: 'Asthma inhalers', mesh: [{ ui: ASTHMA, major: true }] },
    ]);
    const { agent } = await signedIn(t);
    const res = await agent.get(`/api/topics/${MIGRAINE}`);
    expect(res.statusCode, res.body).toBe(200);
    const topic = res.json().data;
    expect(topic).toMatchObject({ ui: MIGRAINE, name: 'Migraine Disorders', lay_name: 'Migraine', followed: false, followers_count: 0 });
    expect(topic.synonyms).toContain('Migraine Headache');
    // The same order as the search for its name: the title match first.
    const searched = (await agent.get('/api/search?q=Migraine%20Disorders')).json().data.map((a: { id: string }) => a.id);
    expect(topic.articles.map((a: { id: string }) => a.id)).toEqual(searched);
    expect(topic.articles.map((a: { id: string }) => a.id)).toEqual([about, prevention]);

    const type2 = (await agent.get(`/api/topics/${DIABETES_TYPE_2}`)).json().data;
    expect(type2.broader).toEqual([{ ui: DIABETES, name: 'Diabetes Mellitus' }]);
    expect((await agent.get(`/api/topics/${DIABETES}`)).json().data.narrower).toEqual([
      { ui: DIABETES_TYPE_2, name: 'Diabetes Mellitus, Type 2' },
    ]);
  });

  it('answers 404 with a sentence for a UI that is no descriptor of ours', async () => {
    const { agent } = await signedIn(t);
    for (const url of ['/api/topics/migraine', '/api/topics/migraine/discussions']) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('The topic was not found.');
    }
    expect((await agent.post('/api/topics/migraine/follow')).statusCode).toBe(404);
  });

  it('is followed and unfollowed, twice the same as once', async () => {
    const { agent } = await signedIn(t);
    for (let i = 0; i < 2; i++) {
      const res = await agent.post(`/api/topics/${MIGRAINE}/follow`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ followed: true, followers_count: 1 });
    }
    expect((await agent.get(`/api/topics/${MIGRAINE}`)).json().data).toMatchObject({ followed: true, followers_count: 1 });
    for (let i = 0; i < 2; i++)
      expect((await agent.delete(`/api/topics/${MIGRAINE}/follow`)).json().data).toEqual({ followed: false, followers_count: 0 });
  });
});

describe("a discussion's topics", () => {
  it('are suggested from its title and body by the search mapping when none are given', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, {
      title: 'Migraine after long screen days',
      body: 'Is a tension headache different? My asthma is fine.',
    });
    expect(topicsOf(d as never)).toEqual([MIGRAINE, TENSION_HEADACHE, ASTHMA]);
    expect((d as never as { mesh_terms: unknown[] }).mesh_terms[0]).toEqual({ ui: MIGRAINE, name: 'Migraine Disorders' });
  });

  it("of a discussion started from an article are the article's major topics", async () => {
    const [articleId] = await insertArticles(t, [
      { title: 'Headaches', mesh: [{ ui: HEADACHE }, { ui: MIGRAINE, major: true }, { ui: CLUSTER_HEADACHE, major: true }] },
    ]);
    const { agent } = await signedIn(t);
    const d = await opened(agent, { title: 'About this article on asthma', article_id: articleId });
    expect(topicsOf(d as never)).toEqual([MIGRAINE, CLUSTER_HEADACHE]);
  });

  it('are the owner’s to choose and change, five at most, known descriptors only, with a sentence otherwise', async () => {
    const owner = await signedIn(t);
    const d = await opened(owner.agent, { title: 'Living with it', mesh_terms: [HEADACHE] });
    expect(topicsOf(d as never)).toEqual([HEADACHE]);
    const changed = await owner.agent.patch(`/api/discussions/${d.id}`, { mesh_terms: [TENSION_HEADACHE, MIGRAINE] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(topicsOf(changed.json().data)).toEqual([TENSION_HEADACHE, MIGRAINE]);
    expect(topicsOf((await owner.agent.get(`/api/discussions/${d.id}`)).json().data)).toEqual([TENSION_HEADACHE, MIGRAINE]);

    const six = await owner.agent.patch(`/api/discussions/${d.id}`, { mesh_terms: TOPIC_FIXTURE.slice(0, 6) });
    expect(six.statusCode).toBe(422);
    expect(six.json().errors.mesh_terms).toEqual(['A discussion can have at most 5 topics.']);
    const unknown = await owner.agent.post('/api/discussions', {
      title: 'Hello there',
      body: 'Hi',
      access_type: 'public',
      mesh_terms: ['D000001'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.mesh_terms).toEqual(['One of the topics is not a MeSH descriptor we know.']);

    const other = await signedIn(t);
    expect((await other.agent.patch(`/api/discussions/${d.id}`, { mesh_terms: [] })).statusCode).toBe(403);
    const cleared = await owner.agent.patch(`/api/discussions/${d.id}`, { mesh_terms: [] });
    expect(cleared.json().data.mesh_terms).toEqual([]);
  });
});

describe("a topic page's discussions", () => {
  it('pages through a popular topic newest activity first, each discussion once', async () => {
    const owner = await signedIn(t);
    const ids = await manyDiscussions(t, owner.me.id, 45);
    await t.db.insert(discussionTopics).values(ids.map((id) => ({ discussionId: id, descriptorUi: MIGRAINE })));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await owner.agent.get(`/api/topics/${MIGRAINE}/discussions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().data.map((d: { id: string }) => d.id));
      cursor = res.json().meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('lists public ones and invite-only ones by title and summary, never private ones, not even to their members', async () => {
    const owner = await signedIn(t);
    const reader = await signedIn(t);
    const pub = await opened(owner.agent, { title: 'Migraine and sleep', body: 'Body words of the public one.' });
    const invite = await opened(owner.agent, {
      title: 'Migraine circle',
      body: 'Secretwordbody here.',
      access_type: 'invite_only',
      summary: 'A small circle about migraine.',
    });
    await opened(owner.agent, { title: 'Migraine diary', body: 'Private.', access_type: 'private' });
    await opened(owner.agent, { title: 'Asthma only', body: 'Nothing else.' });

    for (const who of [owner, reader]) {
      const res = await who.agent.get(`/api/topics/${MIGRAINE}/discussions`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json();
      expect(list.data.map((d: { id: string }) => d.id)).toEqual([invite.id, pub.id]);
      expect(list.meta.total).toBeNull(); // not counted: no page shows it, and a popular topic has thousands
    }
    const forReader = (await reader.agent.get(`/api/topics/${MIGRAINE}/discussions`)).json();
    expect(forReader.data[0]).toMatchObject({
      title: 'Migraine circle',
      summary: 'A small circle about migraine.',
      body: null,
      excerpt: null,
    });
    expect(JSON.stringify(forReader)).not.toContain('Secretwordbody');
  });
});

describe('topic.discussion.created', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it("tells a topic's followers of a new public discussion in it on every channel they have on, once, and the tap opens it", async () => {
    const { app, smtp, push, fcm } = await everyChannelApp(t, closers);
    const owner = await someone(app, 'Olivia', EVERY_CHANNEL);
    const follower = await someone(app, 'Farid', EVERY_CHANNEL);
    const fan = await someone(app, 'Mei', EVERY_CHANNEL);
    expect((await follower.agent.post('/api/push/subscriptions', push.subscribe())).statusCode).toBe(204);
    const device = {
      token: 'token-farid',
      platform: 'android',
      device_id: 'd1',
      device_name: 'Pixel 8',
      locale: 'en-GB',
      app_version: '1.0.0',
    };
    expect((await follower.agent.post('/api/push/register', device)).statusCode).toBe(204);
    for (const who of [follower, fan, owner]) expect((await who.agent.post(`/api/topics/${MIGRAINE}/follow`)).statusCode).toBe(200);
    // Mei follows Olivia too: she hears of it as discussion.created, not twice.
    expect((await fan.agent.post(`/api/users/${owner.sid}/follow`)).statusCode).toBeLessThan(300);

    const created = await owner.agent.post('/api/discussions', {
      title: 'Migraine and screens',
      body: 'Bright screens?',
      access_type: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    for (const access of ['invite_only', 'private']) {
      const res = await owner.agent.post('/api/discussions', { title: `Migraine ${access}`, body: 'Hidden.', access_type: access });
      expect(res.statusCode).toBe(201);
    }
    await deliverAll(app);

    const notifications = (await follower.agent.get('/api/notifications')).json().data;
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'topic.discussion.created',
        data: expect.objectContaining({
          subject_id: id,
          subject_title: 'Migraine and screens',
          topic_ui: MIGRAINE,
          topic_name: 'Migraine Disorders',
        }),
        actor: expect.objectContaining({ sid: owner.sid }),
      }),
    ]);
    expect((await fan.agent.get('/api/notifications')).json().data.map((n: { type: string }) => n.type)).toEqual(['discussion.created']);
    const ownersTypes = (await owner.agent.get('/api/notifications')).json().data.map((n: { type: string }) => n.type);
    expect(ownersTypes).toEqual(['user.followed']);

    const sentence = 'Olivia started a discussion on Migraine Disorders: Migraine and screens';
    expect(smtp.to(follower.email).map((m) => m.subject)).toContain(sentence);
    const webPush = push.received.find((m) => JSON.stringify(m.payload).includes('topic.discussion.created'));
    expect(webPush?.payload).toMatchObject({ body: sentence, path: `/discussions/${id}` });
    expect(fcm.sent.filter((m) => m.token === 'token-farid')).toHaveLength(1);
    expect(JSON.stringify(fcm.sent)).toContain('topic.discussion.created');
  });
});
