import { markdownToHtml } from '@wink/contracts/markdown';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussions, users } from '../../src/db/schema/index';
import { signedIn } from '../community/people';
import { countingStatements } from '../support/statements';
import { useTestApp } from '../support/test-app';
import { anArticle, manyDiscussions, opened } from './support';

const t = useTestApp();

const storedHtml = async (id: string) =>
  (await t.db.select({ bodyHtml: discussions.bodyHtml }).from(discussions).where(eq(discussions.id, id)))[0]!.bodyHtml;

/**
 * Bodies that exercise every rule of the shared parser: headings shifted to h3, links and autolinks
 * made external, raw HTML and unsafe schemes refused, images turned into links, code, tables, lists.
 */
const BODIES = [
  'What helped you **most** in the first year?',
  '# First year\n\nWhat helped you **most**? See [this guide](https://example.org).',
  '<b onclick="x()">raw</b> [no](javascript:alert(1)) ![pixel](https://t.example/p.gif)',
  '[tab](java\tscript:alert(1)) [mail](mailto:a@example.org) <script>alert(1)</script>',
  'Autolinked: https://medlineplus.gov/diabetes.html and www.example.org',
  '## Two\n### Three\n#### Four\n##### Five\n###### Six',
  '- one\n- two\n  1. nested\n\n3. starts at three\n4. four',
  '| a | b |\n|---|---|\n| <i>1</i> | `2` |',
  '```js\nconst x = "<tag>";\n```\n\n> quoted *words*\n\n---\n\n~~gone~~ &amp; &lt;',
  'Ünïcödé — “quotes” and emoji 🩺\nline two',
  '![](https://t.example/no-alt.png) [link with "quotes"](https://example.org/?a=1&b=<2>)',
];

describe("a discussion's body rendered once, when written", () => {
  it.each(BODIES.map((body, i) => ({ i, body })))(
    'stores the rendering the page read renders (body $i), and answers it unchanged',
    async ({ body }) => {
      const { agent } = await signedIn(t);
      const created = await agent.post('/api/discussions', { title: 'Rendering', body, access_type: 'public' });
      expect(created.statusCode, created.body).toBe(201);
      const { data } = created.json();
      // What GET discussions/{id} answered before the rendering was stored: markdownToHtml of the body, on every read.
      const renderedOnRead = markdownToHtml(body);
      expect(await storedHtml(data.id)).toBe(renderedOnRead);
      expect(data.body_html).toBe(renderedOnRead);
      expect((await agent.get(`/api/discussions/${data.id}`)).json().data.body_html).toBe(renderedOnRead);
    },
  );

  it('keeps the frozen output of the parser for a known body (headings from h3, external links)', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, { body: '# First year\n\nSee [this guide](https://example.org).' });
    expect(await storedHtml(d.id)).toBe(
      '<h3>First year</h3>\n<p>See <a href="https://example.org" target="_blank" rel="noopener nofollow ugc" class="external-link">this guide</a>.</p>\n',
    );
  });

  it('stores a new rendering with an edit of the body; an edit of anything else leaves it; the answer follows', async () => {
    const { agent } = await signedIn(t);
    const d = await opened(agent, { body: 'Before **edit**' });
    const edited = await agent.patch(`/api/discussions/${d.id}`, { body: 'After the _edit_, [a link](https://example.org)' });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = markdownToHtml('After the _edit_, [a link](https://example.org)');
    expect(await storedHtml(d.id)).toBe(after);
    expect(edited.json().data.body_html).toBe(after);
    expect((await agent.get(`/api/discussions/${d.id}`)).json().data.body_html).toBe(after);

    const retitled = await agent.patch(`/api/discussions/${d.id}`, { title: 'A new title' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(await storedHtml(d.id)).toBe(after);
    expect(retitled.json().data).toMatchObject({ title: 'A new title', body_html: after });
  });

  it('answers no rendering to whom may not read the body, stored or not', async () => {
    const { agent: owner } = await signedIn(t);
    const d = await opened(owner, { access_type: 'invite_only', summary: 'For members', body: 'Members only **words**' });
    expect(await storedHtml(d.id)).toBe(markdownToHtml('Members only **words**'));
    const { agent: stranger } = await signedIn(t);
    const res = await stranger.get(`/api/discussions/${d.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ body: null, body_html: null, excerpt: null, citations: [], content_visible: false });
  });

  it('fills the rendering of bodies written without it at start, the same as on read; reads render meanwhile', async () => {
    const { agent, me } = await signedIn(t);
    const ids = await manyDiscussions(t, me.id, 3);
    await t.db.update(discussions).set({ body: BODIES[2]! }).where(eq(discussions.id, ids[0]!));
    expect(await storedHtml(ids[0]!)).toBeNull();
    // Not filled yet: the answer is rendered on read, as before.
    expect((await agent.get(`/api/discussions/${ids[0]}`)).json().data.body_html).toBe(markdownToHtml(BODIES[2]!));

    expect(await t.app.discussions.renderMissingBodies()).toBe(3);
    for (const id of ids) {
      const [row] = await t.db.select().from(discussions).where(eq(discussions.id, id));
      expect(row!.bodyHtml).toBe(markdownToHtml(row!.body));
    }
    expect(await t.app.discussions.renderMissingBodies()).toBe(0);
  });

  it('the start-up pass works in batches, over every row that lacks its rendering', async () => {
    const { me } = await signedIn(t);
    const ids = await manyDiscussions(t, me.id, 5);
    const { discussionsRepository } = await import('../../src/plugins/app/discussions/discussions-repository');
    expect(await discussionsRepository.renderMissingBodies(t.db, 2)).toBe(5);
    await t.db.update(discussions).set({ bodyHtml: null, body: 'changed' }).where(eq(discussions.id, ids[0]!));
    await t.db.execute(sql`UPDATE discussions SET body_html = NULL WHERE id = ${ids[1]!}`);
    expect(await discussionsRepository.renderMissingBodies(t.db, 2)).toBe(2);
    expect(await storedHtml(ids[0]!)).toBe(markdownToHtml('changed'));
  });
});

describe('GET discussions/{id}', () => {
  it('is one statement: the discussion, its stored rendering and its citations', async () => {
    const { agent, me } = await signedIn(t);
    const articleId = await anArticle(t);
    const d = await opened(agent, { body: `Read [this](http://localhost:3000/search?sri_id=${articleId}&mo=1&t=article)` });
    const [user] = await t.db.select().from(users).where(eq(users.id, me.id));
    // What opening it set going (the topic followers' notices) finishes first: only the read is counted.
    await t.app.events.settled();
    const { result, statements } = await countingStatements(() => t.app.discussions.show(user!, d.id));
    expect(statements).toBe(1);
    expect(result.citations.map((c) => c.id)).toEqual([articleId]);
    expect(result.body_html).toBe(markdownToHtml(`Read [this](http://localhost:3000/search?sri_id=${articleId}&mo=1&t=article)`));
  });
});
