import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPglite, openDatabase, rowsOf } from '../../src/db/client';
import { readClusterImage } from '../../src/db/pglite-cluster-image';

/** A new embedded data folder starts from the empty cluster image `npm install` made (postinstall). */
describe('the embedded database’s cluster image', { timeout: 120_000 }, () => {
  let dataDir = '';
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wink-cluster-image-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is made at install, and a new data folder opened from it keeps what is written after a reopen', async () => {
    expect(readClusterImage(), 'npm install (postinstall) makes the image').toBeDefined();
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`CREATE TABLE kept (note text)`);
    await first.db.execute(sql`INSERT INTO kept VALUES ('written on the first start')`);
    await first.close();
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ dataDir });
    try {
      expect(await rowsOf<{ note: string }>(again.db, sql`SELECT note FROM kept`)).toEqual([{ note: 'written on the first start' }]);
    } finally {
      await again.close();
    }
  });

  it('that does not unpack leaves a working cluster made by initdb, and says so', async () => {
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const folder = path.join(dataDir, 'pgdata');
    const client = await createPglite(folder, new Blob([Buffer.from('not a tarball')]), true);
    try {
      expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('cluster image could not be used'));
    } finally {
      warn.mockRestore();
      await client.close();
    }
  });
});
