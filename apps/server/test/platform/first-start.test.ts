import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { meshDescriptors } from '../../src/db/schema/index';
import { startServerProcess } from '../delivery/support/server-process';

/**
 * `npm start` on a new embedded database with the default vocabulary (MESH_VOCABULARY=full): the
 * first start loads MeSH 2024 and says so, the next one starts without loading it again and prints
 * its banner with no log lines around it.
 */
describe('first start with the full MeSH vocabulary', { timeout: 240_000 }, () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wink-first-start-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('loads every descriptor once, keeps the demo scope notes, and a restart loads nothing', async () => {
    const env = { DATA_DIR: dataDir, MESH_VOCABULARY: 'full', LOG_LEVEL: 'warn' };
    const first = await startServerProcess(env);
    await first.stop();
    expect(first.output()).toMatch(/MeSH vocabulary loaded: 30764 descriptors of MeSH 2024 in \d+\.\d s/);

    // Without LOG_LEVEL, as a newcomer runs it: the terminal holds the banner alone, no log lines.
    const again = await startServerProcess({ DATA_DIR: dataDir, MESH_VOCABULARY: 'full' });
    await again.stop();
    expect(again.output().trimStart()).toMatch(/^Wink Health is running at http:\/\/127\.0\.0\.1:\d+\n/);
    expect(again.output()).not.toContain('"level":');
    expect(again.output()).not.toContain('MeSH vocabulary loaded');

    const database = await openDatabase({ dataDir });
    try {
      const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS n FROM mesh_descriptors`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0]!.n).toBe(30_764);
      const [heart] = await database.db.select().from(meshDescriptors).where(eq(meshDescriptors.ui, 'D009203'));
      expect(heart?.scopeNote).toMatch(/heart muscle/);
    } finally {
      await database.close();
    }
  });
});
