import { afterEach, describe, expect, it } from 'vitest';
import { anArticle } from '../discussions/support';
import { commentOn, deliverAll, everyChannelApp, EVERY_CHANNEL, someone, type Someone } from '../delivery/support/delivery-app';
import { ask } from '../healthbot/support';
import { useTestApp } from '../support/test-app';
import { MIGRAINE, withDescriptors } from '../topics/support';

/**
 * docs/data.md "Access": an invite-only discussion shows its title and its owner's public summary
 * to everyone allowed to read; its body, anything derived from it and its comments go to members
 * only, in every surface. The body and the comments carry words found nowhere else (MARKER,
 * COMMENT_MARKER): each surface a non-member can reach is read whole, serialised, and must not
 * contain them, while a member's view of the same surface does.
 */

const t = useTestApp();
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const MARKER = 'Zanzibarquux';
const COMMENT_MARKER = 'Quokkaplume';
const TITLE = 'Thyroid results circle';
const SUMMARY = 'A small circle comparing thyroid lab results. Say a word about yourself when you ask to join.';

const leaks = (serialised: string) => serialised.includes(MARKER) || serialised.includes(COMMENT_MARKER);

async function setup() {
  const { app, smtp, push, fcm } = await everyChannelApp(t, closers);
  const owner = await someone(app, 'Olivia', EVERY_CHANNEL);
  const member = await someone(app, 'Mei', EVERY_CHANNEL);
  const stranger = await someone(app, 'Sam', EVERY_CHANNEL);
  const follower = await someone(app, 'Farid', EVERY_CHANNEL);
  for (const who of [member, stranger, follower]) {
    const browser = push.subscribe();
    expect((await who.agent.post('/api/push/subscriptions', browser)).statusCode).toBe(204);
    const device = {
      token: `token-${who.sid}`,
      platform: 'android',
      device_id: `device-${who.sid}`,
      device_name: 'Pixel 8',
      locale: 'en-GB',
      app_version: '1.0.0',
    };
    expect((await who.agent.post('/api/push/register', device)).statusCode).toBe(204);
  }
  expect((await follower.agent.post(`/api/users/${owner.sid}/follow`)).statusCode).toBeLessThan(300);

  // The stranger follows the discussion's topic: an invite-only discussion is announced to no topic's followers.
  await withDescriptors(t, [MIGRAINE]);
  expect((await stranger.agent.post(`/api/topics/${MIGRAINE}/follow`)).statusCode).toBe(200);

  const articleId = await anArticle(t);
  const created = await owner.agent.post('/api/discussions', {
    title: TITLE,
    body: `My TSH came back at 7.2 and the ${MARKER} clinic wants to repeat it. **Private details** follow.`,
    summary: SUMMARY,
    access_type: 'invite_only',
    article_id: articleId,
    mesh_terms: [MIGRAINE],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await owner.agent.post(`/api/discussions/${id}/invites`, { sid: member.sid })).statusCode).toBe(201);
  const commentId = await commentOn(member, id, `Mine was similar; ${COMMENT_MARKER} helped me.`);
  await commentOn(owner, id, `Thanks, ${COMMENT_MARKER} noted.`, commentId);
  for (const who of [owner, member]) expect((await who.agent.post(`/api/discussions/${id}/upvote`)).statusCode).toBe(200);
  await deliverAll(app);
  return { app, smtp, push, fcm, owner, member, stranger, follower, id, commentId, articleId };
}

/** Every read surface of the API that can show something of a discussion, as one person gets it. */
async function readSurfaces(who: Someone, f: Awaited<ReturnType<typeof setup>>) {
  const q = encodeURIComponent;
  const urls = [
    `/api/discussions/${f.id}`,
    `/api/discussions/${f.id}/comments`,
    `/api/discussions/${f.id}/comments/${f.commentId}`,
    `/api/discussions/${f.id}/members`,
    '/api/discussions',
    '/api/discussions?scope=all',
    '/api/discussions?scope=mine',
    '/api/discussions?scope=joined',
    `/api/discussions?q=${q('thyroid')}`,
    `/api/discussions?q=${q(MARKER)}`,
    `/api/discussions?q=${q(COMMENT_MARKER)}`,
    `/api/discussions?article_id=${f.articleId}`,
    `/api/topics/${MIGRAINE}`,
    `/api/topics/${MIGRAINE}/discussions`,
    `/api/search?q=${q('thyroid')}`,
    `/api/search?q=${q(MARKER)}`,
    `/api/users/${f.owner.sid}`,
    `/api/users/${f.owner.sid}/discussions`,
    `/api/users/${f.owner.sid}/replies`,
    `/api/users/${f.owner.sid}/upvotes`,
    `/api/users/${f.member.sid}/discussions`,
    `/api/users/${f.member.sid}/replies`,
    `/api/users/${f.member.sid}/upvotes`,
    '/api/notifications',
    '/api/user/export',
  ];
  const answers: Record<string, { status: number; body: string }> = {};
  for (const url of urls) {
    const res = await who.agent.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    answers[url] = { status: res.statusCode, body: res.body };
  }
  return answers;
}

const leakingUrls = (answers: Record<string, { body: string }>) =>
  Object.entries(answers)
    .filter(([, a]) => leaks(a.body))
    .map(([url]) => url);

describe('an invite-only discussion for a non-member', () => {
  it('never sends a word of the body or of a comment through any API surface; the summary shows instead', async () => {
    const f = await setup();
    const answers = await readSurfaces(f.stranger, f);
    expect(leakingUrls(answers)).toEqual([]);

    const preview = JSON.parse(answers[`/api/discussions/${f.id}`]!.body).data;
    expect(preview).toMatchObject({ title: TITLE, summary: SUMMARY, body: null, body_html: null, excerpt: null, content_visible: false });
    // Listed everywhere it is listed for members, with the same summary and nothing else of the body.
    for (const url of [
      '/api/discussions',
      `/api/discussions?article_id=${f.articleId}`,
      `/api/topics/${MIGRAINE}/discussions`,
      `/api/users/${f.owner.sid}/discussions`,
    ]) {
      expect(JSON.parse(answers[url]!.body).data, url).toEqual([expect.objectContaining({ id: f.id, summary: SUMMARY, excerpt: null })]);
    }
    expect(JSON.parse(answers[`/api/users/${f.owner.sid}/upvotes`]!.body).data).toEqual([expect.objectContaining({ excerpt: null })]);
    // Found by its title and summary, never by a word only the body has.
    expect(JSON.parse(answers[`/api/discussions?q=thyroid`]!.body).meta.total).toBe(1);
    expect(JSON.parse(answers[`/api/discussions?q=${MARKER}`]!.body).meta.total).toBe(0);
    expect(JSON.parse(answers[`/api/discussions?q=${COMMENT_MARKER}`]!.body).meta.total).toBe(0);
    // Comments and members stay behind the members-only answer.
    expect(answers[`/api/discussions/${f.id}/comments`]!.status).toBe(403);
    expect(answers[`/api/discussions/${f.id}/comments/${f.commentId}`]!.status).toBe(403);
    expect(JSON.parse(answers[`/api/users/${f.member.sid}/replies`]!.body).data).toEqual([]);
  });

  it('lets a member read the body, its excerpt and the comments on the same surfaces', async () => {
    const f = await setup();
    const answers = await readSurfaces(f.member, f);
    for (const url of [
      `/api/discussions/${f.id}`,
      `/api/discussions/${f.id}/comments`,
      '/api/discussions',
      '/api/discussions?scope=joined',
      `/api/discussions?q=${MARKER}`,
      `/api/discussions?article_id=${f.articleId}`,
      `/api/topics/${MIGRAINE}/discussions`,
      `/api/users/${f.owner.sid}/discussions`,
      `/api/users/${f.owner.sid}/replies`,
      `/api/users/${f.member.sid}/upvotes`,
    ]) {
      expect(leaks(answers[url]!.body), url).toBe(true);
    }
    expect(JSON.parse(answers[`/api/discussions/${f.id}`]!.body).data).toMatchObject({
      summary: SUMMARY,
      content_visible: true,
      excerpt: expect.stringContaining(MARKER),
      body_html: expect.stringContaining(`<strong>Private details</strong>`),
    });
    expect(JSON.parse(answers[`/api/discussions?q=${MARKER}`]!.body).meta.total).toBe(1);
  });

  it('sends a non-member no part of the body by e-mail, web push or Android push, however the request ends', async () => {
    const f = await setup();
    const asked = await f.stranger.agent.post(`/api/discussions/${f.id}/access-requests`);
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = (await f.owner.agent.get(`/api/discussions/${f.id}/access-requests`)).json().data as { id: string }[];
    expect((await f.owner.agent.post(`/api/discussions/${f.id}/access-requests/${queue[0]!.id}/reject`)).statusCode).toBe(200);
    await deliverAll(f.app);

    // The non-member heard of the decision on every channel, by the title only.
    const notifications = (await f.stranger.agent.get('/api/notifications')).json().data as { type: string; data: object }[];
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'discussionAccess.request.rejected', data: expect.objectContaining({ subject_title: TITLE }) }),
    ]);
    const mails = f.smtp.to(f.stranger.email).filter((m) => m.headers['list-unsubscribe']);
    expect(mails.map((m) => m.subject)).toEqual([`Olivia declined your request to join ${TITLE}`]);
    const webPushes = f.push.received.filter((m) => JSON.stringify(m.payload).includes('request.rejected'));
    expect(webPushes).toHaveLength(1);
    expect(f.fcm.sent.filter((m) => m.token === `token-${f.stranger.sid}`)).toHaveLength(1);

    // Nothing of the body on any of them, to anyone but the members; a follower of the owner hears nothing of it.
    expect(leaks(JSON.stringify(f.smtp.received))).toBe(false);
    expect(leaks(JSON.stringify(f.push.received))).toBe(false);
    expect(leaks(JSON.stringify(f.fcm.sent))).toBe(false);
    expect((await f.follower.agent.get('/api/notifications')).json().data).toEqual([]);
    expect(leakingUrls(await readSurfaces(f.stranger, f))).toEqual([]);
  });

  it('gives Wink no part of the body to answer from or to cite', async () => {
    const f = await setup();
    const result = await ask(f.stranger.agent, `What does the ${TITLE.toLowerCase()} say about TSH at 7.2 and ${MARKER}?`);
    expect(result.status, result.body).toBe(200);
    const answer = JSON.stringify(result.done);
    // The question itself carries the marker back; the answer and its citations must not add the body's words.
    expect(answer.replace(new RegExp(`${MARKER}\\?`, 'g'), '')).not.toContain(MARKER);
    expect(answer).not.toContain('Private details');
    expect(answer).not.toContain(COMMENT_MARKER);
  });
});

describe('the owner writes the summary', () => {
  it('sets, changes and clears it; blank is none; whitespace becomes one space', async () => {
    const f = await setup();
    const patch = (body: Record<string, unknown>) => f.owner.agent.patch(`/api/discussions/${f.id}`, body);
    expect((await patch({ summary: '  Lab results,\n\n compared.  ' })).json().data.summary).toBe('Lab results, compared.');
    expect((await f.stranger.agent.get(`/api/discussions/${f.id}`)).json().data.summary).toBe('Lab results, compared.');
    expect((await patch({ title: 'Renamed' })).json().data.summary).toBe('Lab results, compared.');
    expect((await patch({ summary: '   ' })).json().data.summary).toBeNull();
    expect((await patch({ summary: 'Back again.' })).json().data.summary).toBe('Back again.');
    expect((await patch({ summary: null })).json().data.summary).toBeNull();
    expect((await f.member.agent.patch(`/api/discussions/${f.id}`, { summary: 'Mine now' })).statusCode).toBe(403);
  });

  it('refuses a summary over 300 characters or that is not plain text, with a sentence, and changes nothing', async () => {
    const f = await setup();
    const cases: [unknown, string][] = [
      ['x'.repeat(301), 'The summary field must not be greater than 300 characters.'],
      ['See <b>this</b>', 'The summary must be plain text: no HTML tags, Markdown links, emphasis or code.'],
      ['See [the guide](https://example.org)', 'The summary must be plain text: no HTML tags, Markdown links, emphasis or code.'],
      ['Very **important**', 'The summary must be plain text: no HTML tags, Markdown links, emphasis or code.'],
      ['Run `rm`', 'The summary must be plain text: no HTML tags, Markdown links, emphasis or code.'],
      // A NUL byte is refused before any field's own rule, with the sentence every field gets for it.
      ['Nul\u0000byte', 'The summary field must not contain NUL characters.'],
      ['Bell\u0007', 'The summary must be plain text: no HTML tags, Markdown links, emphasis or code.'],
      [42, 'The summary field must be a string.'],
    ];
    for (const [summary, sentence] of cases) {
      const update = await f.owner.agent.patch(`/api/discussions/${f.id}`, { summary });
      expect(update.statusCode, String(summary)).toBe(422);
      expect(update.json().errors).toEqual({ summary: [sentence] });
      const create = await f.owner.agent.post('/api/discussions', { title: 'Another', body: 'Body', access_type: 'invite_only', summary });
      expect(create.statusCode).toBe(422);
      expect(create.json().errors).toEqual({ summary: [sentence] });
    }
    expect((await f.owner.agent.get(`/api/discussions/${f.id}`)).json().data.summary).toBe(SUMMARY);
    // Exactly 300 is fine, and so are ordinary punctuation, quotes and a lone asterisk.
    const fits = `${'a'.repeat(290)} 5 * 2 'ok'`.slice(0, 300);
    expect((await f.owner.agent.patch(`/api/discussions/${f.id}`, { summary: fits })).json().data.summary).toBe(fits);
  });
});
