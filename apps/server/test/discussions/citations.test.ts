import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { articles } from '../../src/db/schema/index';
import { importMedlinePlusXml } from '../../src/plugins/app/corpus/importers/medlineplus-xml';
import { importPubmedXml } from '../../src/plugins/app/corpus/importers/pubmed-xml';
import { signedIn } from '../community/people';
import { insertArticles } from '../search/corpus';
import { useTestApp } from '../support/test-app';
import { block, opened } from './support';

/** Issue 19, part 3: a comment or a discussion cites corpus articles by their addresses. */
const t = useTestApp();
const fixture = (name: string) => path.join(import.meta.dirname, '..', 'corpus', 'fixtures', name);

// Real records: Biopython's PubMed file (PMID 12091962 is a review, 9997 a journal article) and
// MedlinePlus's health topic "Fatigue".
const REVIEW_PMID = '12091962';
const STUDY_PMID = '9997';
const FATIGUE = 'https://medlineplus.gov/fatigue.html';

const idOf = async (externalId: string) =>
  (await t.db.select({ id: articles.id }).from(articles).where(eq(articles.externalId, externalId))).find(Boolean)!.id;

let ours: string;
beforeEach(async () => {
  await importPubmedXml(t.db, fixture('biopython/pubmed1.xml'));
  await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'));
  ours = (
    await insertArticles(t, [{ title: 'Guideline: blood pressure at home', publicationTypes: ['Practice Guideline'], source: 'pubmed' }])
  )[0]!;
});

const comment = async (agent: ReturnType<typeof t.agent>, discussionId: string, body: string) => {
  const res = await agent.post(`/api/discussions/${discussionId}/comments`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; citations: { id: string; title: string; source: string; evidence: string }[] };
};

describe('citing articles', () => {
  it('reads our, PubMed and MedlinePlus addresses out of a comment, keeps those in the corpus, in order, each with its kind of evidence', async () => {
    const { agent } = await signedIn(t);
    const discussion = await opened(agent);
    const body = [
      `The guideline [here](http://localhost:3000/search?sri_id=${ours}&mo=1&t=article) says to measure twice.`,
      `A review: https://pubmed.ncbi.nlm.nih.gov/${REVIEW_PMID}/, and a study at https://www.ncbi.nlm.nih.gov/pubmed/${STUDY_PMID}.`,
      `Plain words: <${FATIGUE}>. Not in our corpus: https://pubmed.ncbi.nlm.nih.gov/1/ and https://example.com/x.`,
      `The review again: https://pubmed.ncbi.nlm.nih.gov/${REVIEW_PMID}`,
    ].join('\n\n');
    const written = await comment(agent, discussion.id, body);

    expect(written.citations.map((c) => [c.source, c.evidence])).toEqual([
      ['pubmed', 'guideline'],
      ['pubmed', 'review'],
      ['pubmed', 'single_study'],
      ['medlineplus', 'patient_handout'],
    ]);
    expect(written.citations[0]).toMatchObject({ id: ours, title: 'Guideline: blood pressure at home' });
    expect(written.citations[1]!.id).toBe(await idOf(REVIEW_PMID));
    // The page of comments says the same as the answer to the write.
    const listed = (await agent.get(`/api/discussions/${discussion.id}/comments`)).json().data;
    expect(listed[0].citations).toEqual(written.citations);
  });

  it('shows nothing extra for a comment citing nothing, and follows the text through an edit and a deletion', async () => {
    const { agent } = await signedIn(t);
    const discussion = await opened(agent);
    const plain = await comment(agent, discussion.id, 'No sources, just my experience.');
    expect(plain.citations).toEqual([]);

    const edited = await agent.patch(`/api/comments/${plain.id}`, { body: `Found it: https://pubmed.ncbi.nlm.nih.gov/${STUDY_PMID}/` });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.citations.map((c: { evidence: string }) => c.evidence)).toEqual(['single_study']);
    const article = await idOf(STUDY_PMID);
    expect((await agent.get(`/api/articles/${article}/citations`)).json().data).toHaveLength(1);

    expect((await agent.delete(`/api/comments/${plain.id}`)).statusCode).toBe(204);
    expect((await agent.get(`/api/articles/${article}/citations`)).json().data).toEqual([]);
  });

  it("cites from a discussion's own text, for those who may read it", async () => {
    const owner = await signedIn(t);
    const stranger = await signedIn(t);
    const pub = await opened(owner.agent, { title: 'Tired all the time', body: `Read ${FATIGUE} first.` });
    const shown = (await stranger.agent.get(`/api/discussions/${pub.id}`)).json().data;
    expect(shown.citations.map((c: { url: string }) => c.url)).toEqual([FATIGUE]);

    const closed = await opened(owner.agent, {
      title: 'Members only',
      body: `See https://pubmed.ncbi.nlm.nih.gov/${REVIEW_PMID}/`,
      access_type: 'invite_only',
    });
    expect((await owner.agent.get(`/api/discussions/${closed.id}`)).json().data.citations).toHaveLength(1);
    expect((await stranger.agent.get(`/api/discussions/${closed.id}`)).json().data.citations).toEqual([]);

    const edited = await owner.agent.patch(`/api/discussions/${pub.id}`, { body: 'No links any more.' });
    expect(edited.json().data.citations).toEqual([]);
  });

  it('lists where an article is cited, newest first, without what the reader may not see', async () => {
    const owner = await signedIn(t);
    const reader = await signedIn(t);
    const blocked = await signedIn(t);
    const address = `https://pubmed.ncbi.nlm.nih.gov/${REVIEW_PMID}/`;
    const pub = await opened(owner.agent, { title: 'Care in prisons', body: `Background: ${address}` });
    await comment(blocked.agent, pub.id, `Also ${address}`);
    const mine = await comment(owner.agent, pub.id, `As the review says (${address}), access matters.`);
    await opened(owner.agent, { title: 'Invite only', body: address, access_type: 'invite_only' });
    await block(t, reader.me.id, blocked.me.id);

    const article = await idOf(REVIEW_PMID);
    const places = (await reader.agent.get(`/api/articles/${article}/citations`)).json().data;
    expect(places).toEqual([
      {
        discussion: { id: pub.id, title: 'Care in prisons' },
        comment_id: mine.id,
        author: expect.objectContaining({ sid: owner.me.sid }),
        created_at: expect.any(String),
      },
      {
        discussion: { id: pub.id, title: 'Care in prisons' },
        comment_id: null,
        author: expect.objectContaining({ sid: owner.me.sid }),
        created_at: expect.any(String),
      },
    ]);
    // The owner sees their invite-only discussion too.
    expect((await owner.agent.get(`/api/articles/${article}/citations`)).json().data).toHaveLength(4);
    expect((await reader.agent.get('/api/articles/not-an-id/citations')).json().data).toEqual([]);
  });

  it('keeps the first ten articles of a text that names more', async () => {
    const { agent } = await signedIn(t);
    const discussion = await opened(agent);
    const many = await insertArticles(
      t,
      Array.from({ length: 12 }, (_, i) => ({ title: `Article ${i + 1}` })),
    );
    const written = await comment(agent, discussion.id, many.map((id) => `/search?sri_id=${id}`).join(' '));
    expect(written.citations.map((c) => c.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Article ${i + 1}`));
  });
});
