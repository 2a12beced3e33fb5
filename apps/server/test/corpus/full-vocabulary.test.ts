import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../src/db/client';
import { articleMesh, articles, meshDescriptors } from '../../src/db/schema/index';
import { importMedlinePlusXml } from '../../src/plugins/app/corpus/importers/medlineplus-xml';
import { importPubmedXml } from '../../src/plugins/app/corpus/importers/pubmed-xml';
import { SearchService } from '../../src/plugins/app/search/search-service';
import { readDemoDescriptors } from '../../src/seed/corpus-loader';
import { vocabularyRepository } from '../../src/plugins/app/search/vocabulary-repository';
import { buildVocabularyIndexes, loadFullVocabulary } from '../../src/seed/full-vocabulary';
import { seedCorpus, seedVocabulary } from '../../src/seed/seed';
import { openFileDatabase } from '../support/test-app';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** The vocabulary tables' indexes and constraints, as the database states them. */
const vocabularyIndexes = async (database: Database) =>
  (
    await rowsOf<{ definition: string }>(
      database.db,
      sql`SELECT indexdef AS definition FROM pg_indexes WHERE tablename LIKE 'mesh\\_%'
        UNION ALL SELECT pg_get_constraintdef(k.oid) FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
        WHERE t.relname LIKE 'mesh\\_%' AND k.contype IN ('p', 'u', 'f')
        ORDER BY 1`,
    )
  ).map((r) => r.definition);

/** Each vocabulary table's row count and a digest of all its rows. */
async function vocabularyRows(database: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of ['mesh_descriptors', 'mesh_terms', 'mesh_words', 'mesh_word_uses', 'mesh_tree_numbers']) {
    const columns = table === 'mesh_descriptors' ? 'ui, name, tree_numbers, entry_terms, scope_note' : '*';
    const [row] = await rowsOf<{ n: number; digest: string }>(
      database.db,
      sql.raw(
        `SELECT count(*)::int AS n, md5(string_agg(r::text, E'\\n' ORDER BY r::text)) AS digest FROM (SELECT ${columns} FROM ${table}) r`,
      ),
    );
    digests[table] = `${row!.n} ${row!.digest}`;
  }
  return digests;
}

const count = async (database: Database, table: string) =>
  ((await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

/**
 * The full MeSH 2024 vocabulary, loaded once for this file as the server loads it (its indexes after
 * the rows), then used the way the product uses it: imports link their headings, search maps,
 * suggests and corrects over it.
 */
describe('the full MeSH vocabulary', { timeout: 120_000 }, () => {
  let database: Database;
  let search: SearchService;
  let migratedIndexes: string[];

  beforeAll(async () => {
    database = (await openFileDatabase()).database;
    migratedIndexes = await vocabularyIndexes(database);
    // As the server loads it: its indexes left for after it listens.
    await loadFullVocabulary(database.db, await readDemoDescriptors(), { deferIndexes: true });
    search = new SearchService(database.db);
  }, 240_000);
  afterAll(() => database?.close());

  it(
    'answers searches before its indexes are built, then builds each index the migrations made, once, across restarts',
    { timeout: 600_000 },
    async () => {
      expect((await search.search({ q: 'heart attack' })).meta.mapping.map((m) => m.name)).toEqual(['Myocardial Infarction']);
      expect(await vocabularyIndexes(database)).not.toEqual(migratedIndexes);

      // A server stopped after one index leaves the others to the next start.
      let asked = 0;
      expect(await buildVocabularyIndexes(database.db, () => asked++ > 0)).toBe(1);
      expect(await buildVocabularyIndexes(database.db)).toBeGreaterThan(0);
      expect(await vocabularyIndexes(database)).toEqual(migratedIndexes);
      // A later start finds nothing left to build.
      expect(await buildVocabularyIndexes(database.db)).toBeNull();
    },
  );

  it("derives the same search vocabulary rows as the repository's own statements", { timeout: 600_000 }, async () => {
    const before = await vocabularyRows(database);
    await database.db.transaction((tx) => vocabularyRepository.refreshAll(tx));
    expect(await vocabularyRows(database)).toEqual(before);
    expect(before.mesh_terms).toMatch(/^2\d{5} /); // about 260,000 terms, lay ones included
  });

  it('holds every 2024 descriptor, its terms and tree numbers, with the demo plain-language scope notes', async () => {
    expect(await count(database, 'mesh_descriptors')).toBe(30_764);
    expect(await count(database, 'mesh_tree_numbers')).toBe(64_342);
    expect(await count(database, 'mesh_terms')).toBeGreaterThan(250_000);
    const [heart] = await database.db.select().from(meshDescriptors).where(eq(meshDescriptors.ui, 'D009203'));
    expect(heart).toMatchObject({ name: 'Myocardial Infarction', scopeNote: expect.stringMatching(/heart muscle/) });
    const [calcimycin] = await database.db.select().from(meshDescriptors).where(eq(meshDescriptors.ui, 'D000001'));
    expect(calcimycin).toMatchObject({ name: 'Calcimycin', scopeNote: '' });
    // Loaded once: the next start counts the descriptors and loads nothing.
    expect(await seedVocabulary(database.db, 'full')).toBeNull();
  });

  it("links every MeSH heading of biopython's real PubMed files: no unknown descriptors", async () => {
    let imported = 0;
    for (const file of ['pubmed1.xml', 'pubmed2.xml', 'pubmed4.xml']) {
      const summary = await importPubmedXml(database.db, fixture(`biopython/${file}`));
      expect(summary, file).toMatchObject({ skipped: 0, skippedLinks: 0 });
      imported += summary.inserted;
    }
    expect(imported).toBe(5);
    const links = await database.db.select().from(articleMesh);
    // 19 + 13 headings (pubmed1), 11 (pubmed2; its second article has none), 21 (pubmed4): every one linked.
    expect(links).toHaveLength(64);
    const [aids] = await database.db.select().from(articles).where(eq(articles.externalId, '12091962'));
    const aidsLinks = links.filter((l) => l.articleId === aids!.id);
    expect(aidsLinks.find((l) => l.descriptorUi === 'D000163')).toMatchObject({ major: true });
  });

  it('links every MedlinePlus heading: full MeSH has all four descriptors', async () => {
    const summary = await importMedlinePlusXml(database.db, fixture('medlineplus-topics.xml'));
    expect(summary).toMatchObject({ inserted: 3, skippedLinks: 0 });
  });

  it('loads the demo articles over it with all their links', async () => {
    expect(await seedCorpus(database.db, 'full')).toBe(null); // articles exist now: the demo corpus keeps out
    await database.db.delete(articles);
    expect(await seedCorpus(database.db, 'full')).toBe('270 articles');
  });

  it('maps lay and MeSH phrases to the same descriptors as the demo vocabulary did, and suggests and corrects from all of MeSH', async () => {
    const mapped = async (q: string) => (await search.search({ q })).meta.mapping.map((m) => m.name);
    expect(await mapped('heart attack')).toEqual(['Myocardial Infarction']);
    expect(await mapped('high blood pressure')).toEqual(['Hypertension']);
    expect(await mapped('concussion')).toEqual(['Brain Concussion']);
    expect(await mapped('calcimycin')).toEqual(['Calcimycin']);

    const suggested = async (q: string) => (await search.suggest(q)).data.map((s) => s.text);
    expect((await suggested('asthm'))[0]).toBe('Asthma');
    expect(await suggested('calcimy')).toContain('Calcimycin');

    expect((await search.search({ q: 'hart atack' })).meta.correction).toEqual({ typed: 'hart atack', searched: 'heart attack' });
  });
});
