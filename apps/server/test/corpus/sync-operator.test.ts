import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSync } from '../../src/plugins/app/corpus/sync/corpus-sync';
import { admin, person } from '../admin/support';
import { cliIn } from '../support/cli';
import { useTestApp } from '../support/test-app';
import { FakeUpstream } from './fake-upstream';

/** What an operator sees of the syncs: the admin console's row per source, and the CLI. */
// Overrides are read as the environment is: MEDLINEPLUS_SYNC=on.
const t = useTestApp({
  env: { MEDLINEPLUS_SYNC: 'on' as unknown as boolean, PUBMED_QUERIES: 'all six', NCBI_EMAIL: 'operator@wink.health.localhost' },
});

const ALL = ['28775130', '27797938', '12091962', '11748933', '11700088', '9997'];

let ncbi: FakeUpstream;
beforeEach(async () => {
  ncbi = await new FakeUpstream().start();
  ncbi.queries.set('all six', ALL);
});
afterEach(() => ncbi.close());

describe('the admin console’s corpus sync rows', { timeout: 60_000 }, () => {
  it('shows each source’s last run, its figures and its next run, to admins only', async () => {
    const config = { ...t.config, EUTILS_URL: ncbi.eutilsUrl, PUBMED_SYNC_BATCH: 4 };
    await runSync(t.db, config, 'pubmed', { http: { backoffMs: 20 } });
    const { agent } = await admin(t);

    const res = await agent.get('/api/admin/corpus-sync');
    expect(res.statusCode, res.body).toBe(200);
    const [pubmed, medlineplus] = res.json().data;
    expect(pubmed).toMatchObject({
      source: 'pubmed',
      enabled: true,
      schedule: '0 3 * * *',
      status: 'completed',
      added: 6,
      changed: 0,
      retracted: 0,
      failed: 0,
      error: null,
    });
    expect(pubmed.last_run_at).toEqual(expect.any(String));
    expect(pubmed.next_run_at).toMatch(/T03:00:00\.000Z$/);
    expect(medlineplus).toMatchObject({ source: 'medlineplus', enabled: true, status: 'never', last_run_at: null, added: 0 });
    expect(medlineplus.next_run_at).toMatch(/T04:00:00\.000Z$/);

    const member = await person(t);
    expect((await member.agent.get('/api/admin/corpus-sync')).statusCode).toBe(403);
  });
});

// Each CLI call is a Node process of its own, opening the embedded database: tens of seconds on a busy machine.
describe('sync commands', { timeout: 300_000 }, () => {
  let dataDir = '';
  const cli = cliIn(() => dataDir);
  const env = () => ({ PUBMED_QUERIES: 'all six', NCBI_EMAIL: 'operator@wink.health.localhost', EUTILS_URL: ncbi.eutilsUrl });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wink-sync-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('says a sync is not configured, and contacts nothing', async () => {
    const status = await cli('sync:status');
    expect(status.stdout).toContain('PubMed: not configured (nothing is contacted)');
    expect(status.stdout).toContain('MedlinePlus: not configured (nothing is contacted)');
    await expect(cli('sync:pubmed')).rejects.toMatchObject({ stderr: expect.stringContaining('set PUBMED_QUERIES and NCBI_EMAIL') });
    expect(ncbi.requests).toEqual([]);
  });

  it('runs sync:pubmed against NCBI as configured, and sync:status reports it', async () => {
    Object.assign(process.env, env());
    try {
      const run = await cli('sync:pubmed');
      expect(run.stdout).toContain('PubMed sync completed: 6 added, 0 changed, 0 retracted, 0 failed.');
      const status = await cli('sync:status');
      expect(status.stdout).toMatch(
        /PubMed: scheduled 0 3 \* \* \* \(UTC\)\n {2}last run {3}\d{4}-\d\d-\d\d \d\d:\d\d UTC, completed\n {2}figures {4}6 added/,
      );
      expect(status.stdout).toMatch(/next run {3}\d{4}-\d\d-\d\d 03:00 UTC/);
    } finally {
      for (const key of Object.keys(env())) delete process.env[key];
    }
    expect(ncbi.busiestSecond()).toBeLessThanOrEqual(3);
  });
});
