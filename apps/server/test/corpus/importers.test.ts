import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleMesh, articles, meshDescriptors } from '../../src/db/schema/index';
import { htmlToText, importMedlinePlusXml } from '../../src/plugins/app/corpus/importers/medlineplus-xml';
import { importMeshXml } from '../../src/plugins/app/corpus/importers/mesh-xml';
import { importPubmedXml, pubDate } from '../../src/plugins/app/corpus/importers/pubmed-xml';
import { MalformedXmlError, type XmlNode } from '../../src/plugins/app/corpus/importers/xml-records';
import { articlesRepository } from '../../src/plugins/app/corpus/articles-repository';
import { readVocabularyFile } from '../../src/seed/mesh-vocabulary';
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

/** The real descriptors of the fixture's headings, from the shipped MeSH 2024, but for Humans (D006801): a link left unknown. */
const FIXTURE_HEADINGS = [
  ...['D015492', 'D000163', 'D002961', 'D006679', 'D007603', 'D035846', 'D008403', 'D008913', 'D016134', 'D005791'],
  ...['D011287', 'D011329', 'D011640', 'D011790', 'D012926', 'D013223', 'D013240', 'D014481'],
  ...['D001665', 'D002844', 'D003574', 'D004578', 'D005415', 'D006418', 'D006863', 'D007501', 'D008280', 'D010084'],
  ...['D011485', 'D011487', 'D013696'],
];
const fixtureDescriptors = readVocabularyFile().then(({ descriptors }) => descriptors.filter((d) => FIXTURE_HEADINGS.includes(d.ui)));
const loadFixtureDescriptors = async () =>
  articlesRepository.upsertDescriptors(
    t.db,
    (await fixtureDescriptors).map((d) => ({ ...d, scopeNote: '' })),
  );

describe('PubMed XML import', () => {
  it('reads each PubmedArticle: title, labelled abstract sections, authors, journal, date, types, MeSH with major topics', async () => {
    await loadFixtureDescriptors();
    expect((await fixtureDescriptors).length).toBe(FIXTURE_HEADINGS.length);
    const summary = await importPubmedXml(t.db, fixture('pubmed-articles.xml'));
    // Real records (Biopython's test files); the fourth, ours, has neither PMID nor title. Humans is not loaded.
    expect(summary).toMatchObject({ read: 4, inserted: 3, updated: 0, unchanged: 0, skipped: 1, skippedLinks: 1 });

    const structured = await articleBy('pubmed', '28775130');
    expect(structured.row).toMatchObject({
      title: 'Occupational pesticide exposure and subclinical hypothyroidism among male pesticide applicators.',
      authors: expect.arrayContaining(['Lerro CC', 'Beane Freeman LE', 'DellaValle CT']),
      journal: 'Occupational and environmental medicine',
      publishedAt: '2018-02-01',
      url: 'https://pubmed.ncbi.nlm.nih.gov/28775130/',
      publicationTypes: ['Journal Article'],
    });
    // Labelled sections, one paragraph each, in the record's order.
    expect(structured.row!.summary.split('\n\n').map((section) => section.split(':')[0])).toEqual([
      'OBJECTIVES',
      'METHODS',
      'RESULTS',
      'CONCLUSIONS',
    ]);
    expect(structured.row!.summary).toMatch(/^OBJECTIVES: Animal studies suggest that exposure to pesticides may alter thyroid function/);
    // Not indexed yet when it was fetched: no MeSH headings, no links.
    expect(structured.links).toEqual([]);

    const law = await articleBy('pubmed', '12091962');
    // No abstract; a Season and no Month: the year's first day.
    expect(law.row).toMatchObject({
      summary: '',
      publishedAt: '1990-01-01',
      authors: ['Olivero JM'],
      publicationTypes: ['Journal Article', 'Review'],
    });
    expect(law.links).toHaveLength(18);
    expect(law.links.filter((l) => l.major).map((l) => l.ui)).toEqual(['D000163', 'D006679', 'D007603', 'D011329', 'D011640']);
    // The search document holds the MeSH entry terms: "immunologic" is only in one of AIDS's.
    expect(await matches(law.row!.id, 'immunologic')).toBe(true);

    const enzymes = await articleBy('pubmed', '9997');
    expect(enzymes.row).toMatchObject({ publishedAt: '1976-09-28', authors: ['Strekas TC'] });
    // A heading whose qualifier is starred is a major topic, as PubMed counts it (Chromatium/enzymology*).
    expect(enzymes.links.filter((l) => l.major).map((l) => l.ui)).toEqual(['D002844', 'D003574']);
    expect(await matches(enzymes.row!.id, 'paramagnetic')).toBe(true);
  });

  it('reads a free-text MedlineDate by its first year and month', () => {
    const node = (name: string, ...children: XmlNode['children']): XmlNode => ({ name, attributes: {}, children });
    expect(pubDate(node('PubDate', node('MedlineDate', '1998 Dec-1999 Jan')))).toBe('1998-12-01');
    expect(pubDate(node('PubDate', node('MedlineDate', '2000 Spring')))).toBe('2000-01-01');
    expect(pubDate(node('PubDate', node('Year', '2001'), node('Month', '02'), node('Day', '30')))).toBe('2001-02-01');
    expect(pubDate(node('PubDate', node('MedlineDate', 'Summer')))).toBeNull();
  });

  it('is idempotent, and a re-import after a change updates the article and replaces its MeSH links', async () => {
    await loadFixtureDescriptors();
    await importPubmedXml(t.db, fixture('pubmed-articles.xml'));
    const before = await snapshot();
    expect(await importPubmedXml(t.db, fixture('pubmed-articles.xml'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await snapshot()).toEqual(before);

    // An operator edited a link by hand: the next import puts the file's version back.
    const { row, links } = await articleBy('pubmed', '9997');
    await t.db.delete(articleMesh).where(eq(articleMesh.articleId, row!.id));
    await t.db.insert(articleMesh).values({ articleId: row!.id, descriptorUi: 'D000163', major: false });
    expect(await importPubmedXml(t.db, fixture('pubmed-articles.xml'))).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    expect((await articleBy('pubmed', '9997')).links).toEqual(links);
    expect((await articleBy('pubmed', '9997')).row?.id).toBe(row!.id);
  });

  it('stops a malformed file at its line with the reason, leaving the database as it was', async () => {
    await loadFixtureDescriptors();
    await importPubmedXml(t.db, fixture('pubmed-articles.xml'));
    const before = await snapshot();
    // Batches of one: the good first record is written before the parser reaches the broken one.
    const failed = importPubmedXml(t.db, fixture('pubmed-malformed.xml'), { batchSize: 1 });
    await expect(failed).rejects.toBeInstanceOf(MalformedXmlError);
    await expect(failed).rejects.toMatchObject({
      line: 6,
      message: expect.stringMatching(/^Malformed XML at line 6, column \d+: unexpected close tag \(expected <\/Article>\)$/),
    });
    expect(await snapshot()).toEqual(before);
    expect((await articleBy('pubmed', '11700088')).row).toBeUndefined();
  });
});

/** The real descriptors of the MedlinePlus fixture's headings, from the shipped MeSH 2024, but for Post-Acute COVID-19 Syndrome: a link left unknown. */
const topicDescriptors = readVocabularyFile().then(({ descriptors }) =>
  descriptors.filter((d) => ['D015673', 'D005221', 'D000086382'].includes(d.ui)).map((d) => ({ ...d, scopeNote: '' })),
);

describe('MedlinePlus summaries as text', () => {
  it("keeps a link's words in their sentence, puts blocks on lines of their own and decodes entities", () => {
    expect(
      htmlToText(
        '<h3>Care</h3><p>Rest &amp; <a href="https://medlineplus.gov/stress.html">less stress</a>, it&#8217;s said.</p><ul><li>One</li><li>Two&nbsp;</li></ul>',
      ),
    ).toBe('Care\n\nRest & less stress, it\u2019s said.\n\nOne\n\nTwo');
  });
});

describe('MedlinePlus health-topic XML import', () => {
  it('reads English topics: title, plain-text summary with other names, date, link and MeSH', async () => {
    await articlesRepository.upsertDescriptors(t.db, await topicDescriptors);
    const summary = await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'));
    // Real records; the Spanish topic is skipped, and Post-Acute COVID-19 Syndrome is not loaded.
    expect(summary).toMatchObject({ read: 4, inserted: 3, skipped: 1, skippedLinks: 1 });

    const { row, links } = await articleBy('medlineplus', '5324');
    expect(row).toMatchObject({
      title: 'Fatigue',
      summary: expect.stringMatching(
        /^Also called: Tiredness, Weariness\.\n\nWhat is fatigue\?\n\nFatigue is a feeling of weariness, tiredness, or lack of energy\. .* emotional stress, boredom, or lack of sleep\. .* recommend ways to relieve it\.$/s,
      ),
      url: 'https://medlineplus.gov/fatigue.html',
      publishedAt: '2010-03-08',
      journal: 'MedlinePlus',
      authors: [],
    });
    expect(links).toEqual([{ ui: 'D005221', major: true }]);
    expect((await articleBy('medlineplus', '89')).links).toEqual([{ ui: 'D015673', major: true }]);
    expect((await articleBy('medlineplus', '7807')).row?.summary).toContain(
      '\n\nHave symptoms that linger for weeks, months, or even years\n\nSeem to recover from COVID-19',
    );
    expect((await articleBy('medlineplus', '7807')).links).toEqual([{ ui: 'D000086382', major: true }]);
    expect((await articleBy('medlineplus', '1821')).row).toBeUndefined();

    expect(await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it('refreshes the search documents of tagged articles when a descriptor gains an entry term', async () => {
    const descriptors = await topicDescriptors;
    const fatigue = descriptors.find((d) => d.ui === 'D005221')!;
    // Fatigue as it was before MeSH gave it "Lassitude".
    await articlesRepository.upsertDescriptors(t.db, [...descriptors.filter((d) => d !== fatigue), { ...fatigue, entryTerms: [] }]);
    await importMedlinePlusXml(t.db, fixture('medlineplus-topics.xml'));
    const { row } = await articleBy('medlineplus', '5324');
    expect(await matches(row!.id, 'lassitude')).toBe(false);
    const counts = await articlesRepository.upsertDescriptors(t.db, [fatigue]);
    expect(counts).toMatchObject({ updated: 1 });
    expect(await matches(row!.id, 'lassitude')).toBe(true);
  });
});
