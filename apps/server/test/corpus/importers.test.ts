import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleMesh, articles, meshDescriptors } from '../../src/db/schema/index';
import { importMedlinePlusXml } from '../../src/plugins/app/corpus/importers/medlineplus-xml';
import { importMeshXml } from '../../src/plugins/app/corpus/importers/mesh-xml';
import { importPubmedXml } from '../../src/plugins/app/corpus/importers/pubmed-xml';
import { MalformedXmlError } from '../../src/plugins/app/corpus/importers/xml-records';
import { useTestApp } from '../support/test-app';

const t = useTestApp();
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

const articleBy = async (source: string, externalId: string) => {
  const [row] = await t.db
    .select()
    .from(articles)
    .where(sql`${articles.source} = ${source} AND ${articles.externalId} = ${externalId}`);
  const links = row
    ? await t.db
        .select({ ui: articleMesh.descriptorUi, major: articleMesh.major })
        .from(articleMesh)
        .where(eq(articleMesh.articleId, row.id))
        .orderBy(asc(articleMesh.position))
    : [];
  return { row, links };
};

/** Whether the article's search document matches a query, as the search page would ask it. */
const matches = async (id: string, query: string) => {
  const [row] = await t.db
    .select({ hit: sql<boolean>`${articles.searchVector} @@ websearch_to_tsquery('english', ${query})` })
    .from(articles)
    .where(eq(articles.id, id));
  return row?.hit;
};

const snapshot = async () => ({
  descriptors: await t.db.select().from(meshDescriptors).orderBy(asc(meshDescriptors.ui)),
  articles: await t.db.select().from(articles).orderBy(asc(articles.externalId)),
  links: await t.db.select().from(articleMesh).orderBy(asc(articleMesh.articleId), asc(articleMesh.position)),
});

describe('MeSH descriptor XML import', () => {
  it('reads each DescriptorRecord: name, tree numbers, entry terms of every concept, the preferred scope note', async () => {
    const summary = await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    expect(summary).toMatchObject({ read: 4, inserted: 3, updated: 0, unchanged: 0, skipped: 1 });

    const [mi] = await t.db.select().from(meshDescriptors).where(eq(meshDescriptors.ui, 'D009203'));
    expect(mi).toMatchObject({
      name: 'Myocardial Infarction',
      treeNumbers: ['C14.280.647.500', 'C14.907.585.500', 'C23.550.513.355.750', 'C23.550.717.489.750'],
      // The heading itself is not an entry term, nor are names from qualifiers or related descriptors.
      entryTerms: ['Heart Attack', 'Myocardial Infarct', 'Cardiovascular Stroke'],
      scopeNote: 'Death of part of the heart muscle because its blood supply was cut off, usually by a clot in a coronary artery.',
    });
    const [htn] = await t.db.select().from(meshDescriptors).where(eq(meshDescriptors.ui, 'D006973'));
    expect(htn?.scopeNote).toBe('Blood pressure in the arteries that stays higher than normal & strains the heart.');
  });

  it('is idempotent: a second run changes nothing', async () => {
    await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    const before = await snapshot();
    const again = await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    expect(again).toMatchObject({ read: 4, inserted: 0, updated: 0, unchanged: 3, skipped: 1 });
    expect(await snapshot()).toEqual(before);
  });
});

describe('PubMed XML import', () => {
  it('reads each PubmedArticle: title, labelled abstract sections, authors, journal, date, types, MeSH with major topics', async () => {
    await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    const summary = await importPubmedXml(t.db, fixture('pubmed-articles.xml'));
    // The fourth record has no title; "Humans" (D006801) is not in the vocabulary, so its link is dropped.
    expect(summary).toMatchObject({ read: 4, inserted: 3, updated: 0, unchanged: 0, skipped: 1, skippedLinks: 1 });

    const { row, links } = await articleBy('pubmed', '99000001');
    expect(row).toMatchObject({
      title: 'Test fixture: warning signs of heart attack in adults.',
      summary: 'BACKGROUND: Made-up background text for a test.\n\nMETHODS: Made-up methods with H2O.\n\nRESULTS: Made-up results.',
      authors: ['Fixture A', 'Example BJ', 'Test Fixture Study Group'],
      journal: 'Journal of Test Fixtures',
      publishedAt: '2024-03-01',
      url: 'https://pubmed.ncbi.nlm.nih.gov/99000001/',
      publicationTypes: ['Journal Article', 'Review'],
    });
    // A heading whose qualifier is starred is a major topic, as PubMed counts it.
    expect(links).toEqual([
      { ui: 'D009203', major: true },
      { ui: 'D006973', major: true },
    ]);
    // The search document holds the MeSH entry terms, so "infarct" finds an article that never says it.
    expect(await matches(row!.id, 'infarct')).toBe(true);
    expect(await matches(row!.id, 'background')).toBe(true);

    const medlineDate = await articleBy('pubmed', '99000002');
    expect(medlineDate.row).toMatchObject({ summary: 'One plain paragraph, no label.', publishedAt: '1998-12-01', authors: [] });
    expect(medlineDate.links).toEqual([{ ui: 'D006973', major: true }]);
    const bare = await articleBy('pubmed', '99000003');
    expect(bare.row).toMatchObject({ summary: '', publishedAt: '2021-11-07' });
    expect(bare.links).toEqual([]);
  });

  it('is idempotent, and a re-import after a change updates the article and replaces its MeSH links', async () => {
    await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    await importPubmedXml(t.db, fixture('pubmed-articles.xml'));
    const before = await snapshot();
    expect(await importPubmedXml(t.db, fixture('pubmed-articles.xml'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await snapshot()).toEqual(before);

    // An operator edited a link by hand: the next import puts the file's version back.
    const { row } = await articleBy('pubmed', '99000002');
    await t.db.delete(articleMesh).where(eq(articleMesh.articleId, row!.id));
    await t.db.insert(articleMesh).values({ articleId: row!.id, descriptorUi: 'D006331', major: false });
    expect(await importPubmedXml(t.db, fixture('pubmed-articles.xml'))).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect((await articleBy('pubmed', '99000002')).links).toEqual([{ ui: 'D006973', major: true }]);
    expect((await articleBy('pubmed', '99000002')).row?.id).toBe(row!.id);
  });

  it('stops a malformed file at its line with the reason, leaving the database as it was', async () => {
    await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    await importPubmedXml(t.db, fixture('pubmed-articles.xml'));
    const before = await snapshot();
    // Batches of one: the good first record is written before the parser reaches the broken one.
    const failed = importPubmedXml(t.db, fixture('pubmed-malformed.xml'), { batchSize: 1 });
    await expect(failed).rejects.toBeInstanceOf(MalformedXmlError);
    await expect(failed).rejects.toMatchObject({
      line: 17,
      message: expect.stringMatching(/^Malformed XML at line 17, column \d+: unexpected close tag \(expected <\/Article>\)$/),
    });
    expect(await snapshot()).toEqual(before);
    expect((await articleBy('pubmed', '99000101')).row).toBeUndefined();
  });
});

describe('MedlinePlus health-topic XML import', () => {
  it('reads English topics: title, plain-text summary with other names, date, link and MeSH', async () => {
    await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    const summary = await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'));
    expect(summary).toMatchObject({ read: 3, inserted: 2, skipped: 1, skippedLinks: 1 });

    const { row, links } = await articleBy('medlineplus', '990001');
    expect(row).toMatchObject({
      title: 'Heart Attack',
      summary:
        'Also called: Myocardial infarction, MI.\n\nA heart attack happens when blood flow to part of the heart is blocked.\n\nChest pain & pressure\n\nShortness of breath\n\nCall 911 right away.',
      url: 'https://medlineplus.gov/heartattack.html',
      publishedAt: '2003-04-02',
      journal: 'MedlinePlus',
      authors: [],
    });
    expect(links).toEqual([{ ui: 'D009203', major: true }]);
    expect((await articleBy('medlineplus', '990002')).links).toEqual([{ ui: 'D006973', major: true }]);
    expect((await articleBy('medlineplus', '990003')).row).toBeUndefined();

    expect(await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
  });

  it('refreshes the search documents of tagged articles when a descriptor gains an entry term', async () => {
    await importMeshXml(t.db, fixture('mesh-descriptors.xml'));
    await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'));
    const { row } = await articleBy('medlineplus', '990002');
    expect(await matches(row!.id, 'hyperpiesia')).toBe(false);
    const { articlesRepository } = await import('../../src/plugins/app/corpus/articles-repository');
    const counts = await articlesRepository.upsertDescriptors(t.db, [
      {
        ui: 'D006973',
        name: 'Hypertension',
        treeNumbers: ['C14.907.489'],
        entryTerms: ['High Blood Pressure', 'Hyperpiesia'],
        scopeNote: 'Blood pressure in the arteries that stays higher than normal & strains the heart.',
      },
    ]);
    expect(counts).toMatchObject({ updated: 1 });
    expect(await matches(row!.id, 'hyperpiesia')).toBe(true);
  });
});
