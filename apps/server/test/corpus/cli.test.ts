import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { articleMesh, articles, meshDescriptors } from '../../src/db/schema/index';
import { cliIn } from '../support/cli';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

/** The importers as an operator runs them: `npm run cli -- import:… <file>`, in a process of their own. */
// Each CLI call is a Node process of its own: about a second on an idle machine, several on a busy one.
describe('import commands', { timeout: 180_000 }, () => {
  let dataDir = '';
  const cli = cliIn(() => dataDir);
  const counts = async () => {
    const database = await openDatabase({ dataDir });
    try {
      return {
        descriptors: (await database.db.select().from(meshDescriptors)).length,
        articles: (await database.db.select().from(articles)).length,
        links: (await database.db.select().from(articleMesh)).length,
      };
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wink-import-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('imports MeSH, then PubMed and MedlinePlus, each with a summary; a second run changes nothing', async () => {
    const mesh = await cli('import:mesh', fixture('mesh-descriptors.xml'));
    expect(mesh.stdout).toMatch(/^MeSH descriptors: 4 records read, 3 inserted, 0 updated, 0 unchanged, 1 skipped in \d+\.\d s\.$/m);
    const pubmed = await cli('import:pubmed', fixture('pubmed-articles.xml'));
    expect(pubmed.stdout).toContain('PubMed articles: 4 records read, 3 inserted, 0 updated, 0 unchanged, 1 skipped');
    // Real records whose 32 headings are none of the 3 descriptors imported here.
    expect(pubmed.stdout).toContain('32 links to unknown MeSH descriptors skipped');
    const topics = await cli('import:medlineplus', fixture('medlineplus-topics.xml'));
    expect(topics.stdout).toContain('MedlinePlus topics: 4 records read, 3 inserted');
    // Real topics whose 4 headings are none of the 3 descriptors imported here either.
    expect(topics.stdout).toContain('4 links to unknown MeSH descriptors skipped');
    // Not a terminal: no progress bar in the output.
    expect(pubmed.stderr).toBe('');
    const after = await counts();
    expect(after).toEqual({ descriptors: 3, articles: 6, links: 0 });

    const again = await cli('import:pubmed', fixture('pubmed-articles.xml'));
    expect(again.stdout).toContain('0 inserted, 0 updated, 3 unchanged');
    expect(await counts()).toEqual(after);
  });

  it('stops on a malformed file with its line and reason, exit 1, nothing imported', async () => {
    const before = await counts();
    await expect(cli('import:pubmed', fixture('pubmed-malformed.xml'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Malformed XML at line 6'),
    });
    expect(await counts()).toEqual(before);
  });

  it('asks for a file that exists, and lists the commands in the help', async () => {
    await expect(cli('import:mesh')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('import:mesh needs a file') });
    await expect(cli('import:mesh', 'no/such/file.xml')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('No file at') });
    const { stdout } = await cli('help');
    expect(stdout).toContain('import:mesh <file>');
    expect(stdout).toContain('import:pubmed <file>');
    expect(stdout).toContain('import:medlineplus <file>');
  });
});
