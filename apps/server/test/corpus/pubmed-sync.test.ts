import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { articles, corpusSync } from '../../src/db/schema/index';
import { pubmedArticleFromXml, retractedByNotice } from '../../src/plugins/app/corpus/importers/pubmed-xml';
import { xmlRecordsOfText } from '../../src/plugins/app/corpus/importers/xml-records';
import { runSync, type SyncRunOptions } from '../../src/plugins/app/corpus/sync/corpus-sync';
import { parseEsearch } from '../../src/plugins/app/corpus/sync/eutils';
import { signedIn } from '../community/people';
import { opened } from '../discussions/support';
import { useTestApp } from '../support/test-app';
import { FakeUpstream, markedRetracted, revisedToday } from './fake-upstream';

/**
 * The PubMed sync against a fake NCBI on a loopback port that answers from real records (Biopython's
 * efetch files and the importer's fixtures): rate, retries, resumption, idempotence, retractions.
 */
const t = useTestApp();

// The six real PMIDs the fake NCBI holds, and the two a narrower query finds.
const ALL = ['28775130', '27797938', '12091962', '11748933', '11700088', '9997'];
const REVIEW = '12091962';
const STUDY = '9997';

let ncbi: FakeUpstream;
beforeEach(async () => {
  ncbi = await new FakeUpstream().start();
  ncbi.queries.set('all six', ALL);
  ncbi.queries.set('two', [REVIEW, STUDY]);
});
afterEach(() => ncbi.close());

const configWith = (env: Partial<Config>): Config => ({
  ...t.config,
  PUBMED_QUERIES: 'all six',
  NCBI_EMAIL: 'operator@wink.health.localhost',
  EUTILS_URL: ncbi.eutilsUrl,
  PUBMED_SYNC_BATCH: 2,
  ...env,
});

// Four attempts, retries waiting 20 ms, 40 ms, ... instead of seconds; an answer taking a second is abandoned.
const fast: SyncRunOptions = { http: { backoffMs: 20, timeoutMs: 1_000, attempts: 4 } };
const sync = (env: Partial<Config> = {}, options: SyncRunOptions = fast) => runSync(t.db, configWith(env), 'pubmed', options);

const pmids = async () =>
  (
    await t.db.select({ id: articles.externalId }).from(articles).where(eq(articles.source, 'pubmed')).orderBy(asc(articles.externalId))
  ).map((r) => r.id);
const snapshot = () => t.db.select().from(articles).orderBy(asc(articles.externalId));
const retstarts = () => ncbi.of('efetch.fcgi').map((r) => Number(r.params.get('retstart')));

describe('PubMed sync through E-utilities', { timeout: 60_000 }, () => {
  it('searches on the history server and fetches in batches, with tool and email on every request, at most 3 a second', async () => {
    const summary = await sync({ PUBMED_SYNC_BATCH: 1 });

    expect(summary).toMatchObject({ status: 'completed', added: 6, changed: 0, retracted: 0, failed: 0 });
    expect(await pmids()).toEqual([...ALL].sort());
    const [search] = ncbi.of('esearch.fcgi');
    expect(search!.params.get('usehistory')).toBe('y');
    expect(search!.params.get('term')).toBe('all six');
    // Six batches of one, each from the kept search, then the check of PubMed's retracted papers.
    expect(retstarts()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ncbi.of('efetch.fcgi').every((r) => r.params.get('WebEnv') === 'MCID_fake1' && r.params.get('query_key') === '1')).toBe(true);
    for (const request of ncbi.requests) {
      expect(request.params.get('tool')).toBe('wink-health');
      expect(request.params.get('email')).toBe('operator@wink.health.localhost');
      expect(request.params.has('api_key')).toBe(false);
    }
    expect(ncbi.requests.length).toBe(8);
    expect(ncbi.busiestSecond()).toBeLessThanOrEqual(3);
  });

  it('sends the API key when there is one, and then keeps to 10 requests a second', async () => {
    ncbi.queries.set('all six', [...ALL, ...ALL]);
    const summary = await sync({ PUBMED_SYNC_BATCH: 1, NCBI_API_KEY: 'test-key' });

    // Twelve batches of one (each PMID listed twice), the search and the retraction check.
    expect(summary).toMatchObject({ status: 'completed', added: 6, unchanged: 6 });
    expect(ncbi.requests.every((r) => r.params.get('api_key') === 'test-key')).toBe(true);
    expect(ncbi.requests.length).toBe(14);
    expect(ncbi.busiestSecond()).toBeLessThanOrEqual(10);
  });

  it('retries 429 and 500 with backoff, and fetches again an answer too slow or cut short, losing nothing', async () => {
    ncbi.plan('esearch.fcgi', { status: 429, retryAfter: '0' });
    ncbi.plan('efetch.fcgi', { status: 500 });
    ncbi.plan('efetch.fcgi', { cut: true });
    ncbi.plan('efetch.fcgi', { slowMs: 2_500 });

    const summary = await sync();

    expect(summary).toMatchObject({ status: 'completed', added: 6, failed: 0 });
    expect(await pmids()).toEqual([...ALL].sort());
    // The first batch asked four times (a 500, a cut body, a timeout, then the answer), the others once.
    expect(retstarts()).toEqual([0, 0, 0, 0, 2, 4]);
    expect(ncbi.of('esearch.fcgi').length).toBe(3);
    expect(ncbi.busiestSecond()).toBeLessThanOrEqual(3);
  });

  it('resumes a run cut in the middle after its last written batch, writing nothing twice; a second run changes nothing', async () => {
    // The second batch fails on every attempt: the run stops after the first, its place kept.
    ncbi.plan('efetch.fcgi', { status: 503 }, 4, 1);
    const cut = await sync();
    expect(cut).toMatchObject({ status: 'failed', added: 2 });
    expect(cut.error).toContain('503');
    expect(await pmids()).toHaveLength(2);

    const before = ncbi.requests.length;
    const resumed = await sync();
    expect(resumed).toMatchObject({ status: 'completed', resumed: true, added: 6, changed: 0, unchanged: 0 });
    // It went on at the second batch; nothing was fetched or written twice.
    expect(ncbi.requests.slice(before).flatMap((r) => (r.path.endsWith('efetch.fcgi') ? [Number(r.params.get('retstart'))] : []))).toEqual([
      2, 4,
    ]);
    const [{ rows }] = [
      (await t.db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT external_id)::int AS d FROM articles`)) as unknown as {
        rows: { n: number; d: number }[];
      },
    ];
    expect(rows[0]).toEqual({ n: 6, d: 6 });

    // The next run asks only for records revised since the last one started: none.
    const written = await snapshot();
    const again = await sync();
    expect(again).toMatchObject({ status: 'completed', resumed: false, added: 0, changed: 0, unchanged: 0, retracted: 0, failed: 0 });
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
    expect(ncbi.of('esearch.fcgi').at(-1)!.params.get('mindate')).toBe(today);
    expect(await snapshot()).toEqual(written);

    // Even asked from the beginning again, every record is read and none is written.
    await t.db.delete(corpusSync);
    expect(await sync()).toMatchObject({ status: 'completed', added: 0, changed: 0, unchanged: 6 });
    expect(await snapshot()).toEqual(written);
  });

  it('splits a search holding more than esearch hands out into windows of revision dates', async () => {
    // esearch is told to hand out two records at most: six need at least three windows.
    const summary = await sync({}, { ...fast, windowLimit: 2 });

    expect(summary).toMatchObject({ status: 'completed', added: 6, failed: 0 });
    expect(await pmids()).toEqual([...ALL].sort());
    const windows = ncbi.of('esearch.fcgi').filter((r) => r.params.get('term') === 'all six');
    expect(windows.length).toBeGreaterThan(3);
    expect(windows.every((r) => r.params.get('datetype') === 'mdat')).toBe(true);
    expect(retstarts().every((start) => start < 2)).toBe(true);
  });

  it('flags an article PubMed revises as retracted, and says so on the citation cards of the comments citing it', async () => {
    await sync();
    const { agent } = await signedIn(t);
    const discussion = await opened(agent);
    const written = await agent.post(`/api/discussions/${discussion.id}/comments`, {
      body: `A review: https://pubmed.ncbi.nlm.nih.gov/${REVIEW}/ and a study: https://pubmed.ncbi.nlm.nih.gov/${STUDY}/`,
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().data.citations.map((c: { retracted: boolean }) => c.retracted)).toEqual([false, false]);

    ncbi.records.set(REVIEW, markedRetracted(ncbi.records.get(REVIEW)!));
    const next = await sync();

    expect(next).toMatchObject({ status: 'completed', added: 0, changed: 1, retracted: 1 });
    const [row] = await t.db.select().from(articles).where(eq(articles.externalId, REVIEW));
    expect(row!.retractedAt).not.toBeNull();
    expect(row!.publicationTypes).toContain('Retracted Publication');
    const listed = (await agent.get(`/api/discussions/${discussion.id}/comments`)).json().data;
    expect(listed[0].citations.map((c: { title: string; retracted: boolean }) => [c.title, c.retracted])).toEqual([
      ['The treatment of AIDS behind the walls of correctional facilities.', true],
      ['Magnetic studies of Chromatium flavocytochrome C552. A mechanism for heme-flavin interaction.', false],
    ]);
  });

  it("flags a retracted article the queries no longer find, through PubMed's list of retracted papers", async () => {
    await sync({ PUBMED_QUERIES: 'two' });
    expect(await pmids()).toEqual([REVIEW, STUDY].sort());

    // The review is retracted upstream, but the operator's query no longer lists it.
    ncbi.queries.set('two', [STUDY]);
    ncbi.records.set(REVIEW, markedRetracted(ncbi.records.get(REVIEW)!));
    expect(await sync({ PUBMED_QUERIES: 'two' })).toMatchObject({ status: 'completed', changed: 0, retracted: 1 });
    const retracted = await t.db
      .select({ id: articles.externalId })
      .from(articles)
      .where(sql`${articles.retractedAt} IS NOT NULL`);
    expect(retracted.map((r) => r.id)).toEqual([REVIEW]);
  });
});

/** A real record made into a retraction notice of `retracted`: the notice's type and its RetractionOf correction. */
const noticeOf = (record: string, retracted: string) =>
  revisedToday(record, (xml) =>
    xml
      .replace(/<\/PublicationTypeList>/, '<PublicationType UI="D016440">Retraction of Publication</PublicationType></PublicationTypeList>')
      .replace(
        /<\/MedlineCitation>/,
        `<CommentsCorrectionsList><CommentsCorrections RefType="RetractionOf"><RefSource>Soc Justice</RefSource><PMID Version="1">${retracted}</PMID></CommentsCorrections></CommentsCorrectionsList></MedlineCitation>`,
      ),
  );

describe('retraction notices', { timeout: 60_000 }, () => {
  it('flags the article a notice fetched by a query retracts, before PubMed revises the article itself', async () => {
    await sync({ PUBMED_QUERIES: 'two' });
    ncbi.records.set(STUDY, noticeOf(ncbi.records.get(STUDY)!, REVIEW));

    expect(await sync({ PUBMED_QUERIES: 'two' })).toMatchObject({ status: 'completed', changed: 1, retracted: 1 });
    const flagged = await t.db
      .select({ id: articles.externalId })
      .from(articles)
      .where(sql`${articles.retractedAt} IS NOT NULL`);
    expect(flagged.map((r) => r.id)).toEqual([REVIEW]);
  });
});

describe('reading E-utilities answers', () => {
  it("reads NCBI's esearch answer: count, history server keys and PMIDs", async () => {
    // Biopython's esearch2.xml: a real answer of esearch with usehistory=y.
    const answer = await parseEsearch(await readFile(path.join(import.meta.dirname, 'fixtures', 'biopython', 'esearch2.xml'), 'utf8'));
    expect(answer).toMatchObject({ count: 42249, queryKey: '1', webEnv: 'MCID_6927d6e7fee3e90f880ec190' });
    expect(answer.ids.slice(0, 2)).toEqual(['41297076', '41297074']);
  });

  it("reads a retraction from the paper's record (type or correction) and from a retraction notice", async () => {
    const ncbiRecords = new FakeUpstream().records;
    const [plain] = await xmlRecordsOfText(ncbiRecords.get(REVIEW)!, 'PubmedArticle');
    const [marked] = await xmlRecordsOfText(markedRetracted(ncbiRecords.get(REVIEW)!), 'PubmedArticle');
    expect(pubmedArticleFromXml(plain!)!.retracted).toBe(false);
    expect(pubmedArticleFromXml(marked!)!.retracted).toBe(true);
    // Older records carry the correction without the type.
    const correctionOnly = markedRetracted(ncbiRecords.get(REVIEW)!).replace(
      /<PublicationType UI="D016441">Retracted Publication<\/PublicationType>/,
      '',
    );
    const [older] = await xmlRecordsOfText(correctionOnly, 'PubmedArticle');
    expect(pubmedArticleFromXml(older!)!.retracted).toBe(true);

    // A notice: its own type, and the correction naming the paper it retracts.
    const notice = noticeOf(ncbiRecords.get(STUDY)!, REVIEW);
    const [read] = await xmlRecordsOfText(notice, 'PubmedArticle');
    expect(retractedByNotice(read!)).toEqual([REVIEW]);
    expect(retractedByNotice(plain!)).toEqual([]);
  });
});
