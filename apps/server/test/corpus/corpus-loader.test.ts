import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articleMesh, articles, meshDescriptors } from '../../src/db/schema/index';
import { loadCorpus } from '../../src/seed/corpus-loader';
import { seedCorpus } from '../../src/seed/seed';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

const descriptors = [
  {
    ui: 'D009203',
    name: 'Myocardial Infarction',
    tree_numbers: ['C14.280.647.500'],
    entry_terms: ['Heart Attack'],
    scope_note: 'Part of the heart muscle dies because its blood supply is cut off.',
  },
  { ui: 'D006973', name: 'Hypertension', tree_numbers: ['C14.907.489'], entry_terms: ['High Blood Pressure'], scope_note: '' },
];
const curated = [
  {
    external_id: 'curated-test-heart-attack',
    title: 'Heart attack: what to do',
    summary: 'Call emergency services at once.',
    published_at: '2026-05-01',
    publication_types: ['Patient Education Handout'],
    mesh: [
      { ui: 'D009203', major: true },
      { ui: 'D006973', major: false },
    ],
    url: 'https://medlineplus.gov/heartattack.html',
  },
  {
    external_id: 'curated-test-no-link',
    title: 'Blood pressure at home',
    summary: 'Measure at the same time each day.',
    published_at: null,
    publication_types: [],
    mesh: [{ ui: 'D006973', major: true }],
    url: null,
  },
];

let dir = '';
const write = (name: string, data: unknown) => writeFile(path.join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));
const snapshot = async () => ({
  descriptors: await t.db.select().from(meshDescriptors).orderBy(asc(meshDescriptors.ui)),
  articles: await t.db.select().from(articles).orderBy(asc(articles.externalId)),
  links: await t.db.select().from(articleMesh).orderBy(asc(articleMesh.articleId), asc(articleMesh.position)),
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wink-corpus-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('demo corpus loader', () => {
  it('loads descriptors and curated articles with their MeSH links and search documents, and a second run changes nothing', async () => {
    await write('mesh-descriptors.json', descriptors);
    await write('articles.json', curated);
    expect(await loadCorpus(t.db, dir)).toEqual({ descriptors: 2, articles: 2, skippedLinks: 0 });

    const [article] = await t.db.select().from(articles).where(eq(articles.externalId, 'curated-test-heart-attack'));
    expect(article).toMatchObject({ source: 'curated', authors: [], journal: null, publishedAt: '2026-05-01' });
    const links = await t.db.select().from(articleMesh).where(eq(articleMesh.articleId, article!.id)).orderBy(asc(articleMesh.position));
    expect(links.map((l) => [l.descriptorUi, l.major])).toEqual([
      ['D009203', true],
      ['D006973', false],
    ]);
    expect(article!.searchVector).toContain("'attack'");

    const before = await snapshot();
    await loadCorpus(t.db, dir);
    expect(await snapshot()).toEqual(before);
  });

  it('does nothing when the files are missing or empty', async () => {
    expect(await loadCorpus(t.db, dir)).toBeNull();
    await write('mesh-descriptors.json', '');
    await write('articles.json', '[]');
    expect(await loadCorpus(t.db, dir)).toBeNull();
    expect((await snapshot()).descriptors).toEqual([]);
  });

  it('refuses an invalid file, naming the file and the field, and writes nothing', async () => {
    await write('mesh-descriptors.json', descriptors);
    await write('articles.json', [{ ...curated[0], published_at: 'May 2026' }]);
    await expect(loadCorpus(t.db, dir)).rejects.toThrow(/articles\.json: 0\.published_at: /);
    expect(await snapshot()).toEqual({ descriptors: [], articles: [], links: [] });
  });

  it('seedCorpus leaves a corpus that already has articles alone', async () => {
    await write('mesh-descriptors.json', descriptors);
    await write('articles.json', curated);
    await loadCorpus(t.db, dir);
    expect(await seedCorpus(t.db)).toBeNull();
    expect((await snapshot()).articles).toHaveLength(2);
  });
});
