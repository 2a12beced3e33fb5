import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config';
import { articles } from '../../src/db/schema/index';
import {
  runScheduledSync,
  runSync,
  scheduledSyncSettled,
  startScheduledSync,
  syncDue,
  syncStatus,
} from '../../src/plugins/app/corpus/sync/corpus-sync';
import { newestTopicsFile } from '../../src/plugins/app/corpus/sync/medlineplus-sync';
import { syncState } from '../../src/plugins/app/corpus/sync/sync-state';
import { signedIn } from '../community/people';
import { opened } from '../discussions/support';
import { useTestApp } from '../support/test-app';
import { FakeUpstream } from './fake-upstream';

/** The MedlinePlus sync against a fake medlineplus.gov serving the real health topics of the fixtures. */
const t = useTestApp();

let upstream: FakeUpstream;
beforeEach(async () => {
  upstream = await new FakeUpstream().start();
});
afterEach(() => upstream.close());

const configWith = (env: Partial<Config> = {}): Config => ({
  ...t.config,
  MEDLINEPLUS_SYNC: true,
  MEDLINEPLUS_INDEX_URL: upstream.medlinePlusIndexUrl,
  ...env,
});
const fast = { http: { backoffMs: 20, timeoutMs: 1_000, attempts: 3 } };
const sync = (env: Partial<Config> = {}) => runSync(t.db, configWith(env), 'medlineplus', fast);

const topics = async () =>
  (
    await t.db
      .select({ id: articles.externalId, title: articles.title })
      .from(articles)
      .where(eq(articles.source, 'medlineplus'))
      .orderBy(asc(articles.title))
  ).map((r) => r.title);

/** The fixture's file without one topic, as MedlinePlus publishes it once the topic is taken down. */
const without = (file: string, id: string) => file.replace(new RegExp(`<health-topic [^>]*id="${id}"[\\s\\S]*?</health-topic>\\s*`), '');

describe('MedlinePlus sync', { timeout: 60_000 }, () => {
  it('imports the newest health-topic file its index lists; a second run changes nothing', async () => {
    const first = await sync();

    expect(first).toMatchObject({ status: 'completed', added: 3, changed: 0, retired: 0, failed: 0 });
    // The English topics; the Spanish one is read and left out, as the importer does.
    expect(await topics()).toEqual(['Fatigue', 'Myalgic Encephalomyelitis/Chronic Fatigue Syndrome', 'Post-COVID Conditions (Long COVID)']);
    expect(upstream.requests.map((r) => r.path)).toEqual(['/xml.html', '/xml/mplus_topics_2026-10-08.xml']);

    expect(await sync()).toMatchObject({ status: 'completed', added: 0, changed: 0, unchanged: 3, retired: 0 });
  });

  it('retires the topics a newer file no longer holds, with their citation cards; refuses a file that drops too many', async () => {
    await sync();
    const { agent } = await signedIn(t);
    const discussion = await opened(agent);
    const written = await agent.post(`/api/discussions/${discussion.id}/comments`, { body: 'See https://medlineplus.gov/fatigue.html' });
    expect(written.json().data.citations).toHaveLength(1);

    const current = upstream.topicFiles.get('2026-10-08')!;
    upstream.topicFiles.set('2026-11-24', without(current, '5324'));
    expect(await sync()).toMatchObject({ status: 'completed', added: 0, retired: 1 });
    expect(await topics()).toEqual(['Myalgic Encephalomyelitis/Chronic Fatigue Syndrome', 'Post-COVID Conditions (Long COVID)']);
    const listed = (await agent.get(`/api/discussions/${discussion.id}/comments`)).json().data;
    expect(listed[0].citations).toEqual([]);
    expect(listed[0].body).toContain('https://medlineplus.gov/fatigue.html');

    // A file holding one topic of the two left would take out half the corpus's topics at once: refused.
    upstream.topicFiles.set('2026-11-25', without(without(current, '5324'), '89'));
    const refused = await sync();
    expect(refused).toMatchObject({ status: 'failed', retired: 0 });
    expect(refused.error).toContain('too many to retire');
    expect(await topics()).toHaveLength(2);
  });

  it('fetches the file again when its answer is cut short or refused', async () => {
    upstream.plan('mplus_topics_2026-10-08.xml', { cut: true });
    upstream.plan('xml.html', { status: 503 });
    expect(await sync()).toMatchObject({ status: 'completed', added: 3 });
    expect(upstream.of('xml.html')).toHaveLength(2);
    expect(upstream.of('mplus_topics_2026-10-08.xml')).toHaveLength(2);
  });

  it('reads the newest plain topic file from an index, not the compressed copy nor the groups', () => {
    const html = `<a href="https://medlineplus.gov/xml/mplus_topics_2026-11-20.xml">XML</a>
      <a href='xml/mplus_topics_2026-11-25.xml'>XML</a> <a href="xml/mplus_topics_compressed_2026-11-26.zip">zip</a>
      <a href="xml/mplus_topic_groups_2026-11-26.xml">groups</a>`;
    expect(newestTopicsFile(html, 'https://medlineplus.gov/xml.html')).toEqual({
      url: 'https://medlineplus.gov/xml/mplus_topics_2026-11-25.xml',
      date: '2026-11-25',
    });
    expect(newestTopicsFile('<p>No files today.</p>', 'https://medlineplus.gov/xml.html')).toBeNull();
  });
});

describe('the sync schedule', { timeout: 60_000 }, () => {
  it("refuses at start PubMed queries without NCBI's contact address, and a schedule that is not cron", () => {
    const env = { APP_KEY: 'test-key-test-key-test-key-test-key-0001', DATA_DIR: t.config.dataDir };
    expect(() => loadConfig({ ...env, PUBMED_QUERIES: 'review[pt]' })).toThrow(/NCBI_EMAIL: NCBI asks for a contact address/);
    expect(() => loadConfig({ ...env, MEDLINEPLUS_SYNC_CRON: 'every sunday' })).toThrow(/MEDLINEPLUS_SYNC_CRON: A cron expression/);
    expect(loadConfig({ ...env, PUBMED_QUERIES: 'review[pt]', NCBI_EMAIL: 'ops@example.org' }).PUBMED_SYNC_CRON).toBe('0 3 * * *');
  });

  it('contacts nothing unless configured', async () => {
    expect(await runScheduledSync(t.db, t.config)).toEqual({});
    expect(upstream.requests).toEqual([]);
    const status = await syncStatus(t.db, t.config);
    expect(status.map((s) => [s.source, s.enabled, s.status, s.nextRunAt])).toEqual([
      ['pubmed', false, 'never', null],
      ['medlineplus', false, 'never', null],
    ]);
  });

  it('runs a configured source when its schedule comes round, and reports the last run and the next', async () => {
    const config = configWith({ MEDLINEPLUS_SYNC_CRON: '0 4 * * 0' });
    const friday = new Date('2026-11-27T12:00:00Z');
    // A first run is due at once.
    const done = await runScheduledSync(t.db, config, { ...fast, now: friday });
    expect(done.medlineplus).toMatchObject({ status: 'completed', added: 3 });
    expect(done.pubmed).toBeUndefined();

    const row = await syncState.get(t.db, 'medlineplus');
    expect(syncDue(config, 'medlineplus', row, new Date('2026-11-29T03:59:00Z'))).toBe(false);
    expect(syncDue(config, 'medlineplus', row, new Date('2026-11-29T04:01:00Z'))).toBe(true);
    expect(await runScheduledSync(t.db, config, { ...fast, now: new Date('2026-11-28T12:00:00Z') })).toEqual({});

    const [, medlineplus] = await syncStatus(t.db, config, friday);
    expect(medlineplus).toMatchObject({
      source: 'medlineplus',
      enabled: true,
      status: 'completed',
      lastRunAt: friday,
      added: 3,
      failed: 0,
      nextRunAt: new Date('2026-11-29T04:00:00Z'),
    });
  });

  it('starts what is due in the background when the job queue ticks, one run at a time', async () => {
    const logged: string[] = [];
    const log = { info: (_: object, m: string) => logged.push(m), warn: (_: object, m: string) => logged.push(m) };
    startScheduledSync(t.db, configWith(), log);
    // A second tick while the first run is under way starts nothing.
    startScheduledSync(t.db, configWith(), log);
    await scheduledSyncSettled();

    expect(await topics()).toHaveLength(3);
    expect(upstream.of('xml.html')).toHaveLength(1);
    expect(logged).toEqual(['corpus sync run']);
  });
});
