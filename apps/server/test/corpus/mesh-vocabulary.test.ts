import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusSchema } from '../../src/seed/corpus-loader';
import { withDemoOverlay } from '../../src/seed/full-vocabulary';
import {
  descriptorsFromThesaurus,
  parseTsv,
  parseVocabulary,
  readVocabularyFile,
  serializeVocabulary,
} from '../../src/seed/mesh-vocabulary';
import type { LayKind } from '../../src/db/schema/search-vocabulary';
import { deriveVocabularyRows, isPlain } from '../../src/seed/vocabulary-rows';

/** Rows as jaytimm/mesh-resources tabulates MeSH 2024 (real UIs, names, terms and tree numbers). */
const THESAURUS_TSV = [
  'DescriptorUI\tDescriptorName\tTermName\tIsPermutedTermYN\tRecordPreferredTermYN',
  'D015746\tAbdominal Pain\tAbdominal Pain\tN\tY',
  'D015746\tAbdominal Pain\tAbdominal Pains\tY\tN',
  'D015746\tAbdominal Pain\tPain, Abdominal\tY\tN',
  'D015746\tAbdominal Pain\tColicky Pain\tN\tN',
  'D009203\tMyocardial Infarction\tMyocardial Infarction\tN\tY',
  'D009203\tMyocardial Infarction\tHeart Attack\tN\tN',
  'D009203\tMyocardial Infarction\tHeart Attacks\tY\tN',
  'D009203\tMyocardial Infarction\tHeart Attack\tN\tN',
  '',
].join('\n');
const TREES_TSV = ['DescriptorUI\ttree_location', 'D009203\tC14.907.585.500', 'D009203\tC14.280.647.500', 'D015746\tC23.888.821.030'].join(
  '\n',
);

const thesaurusRows = () =>
  parseTsv(THESAURUS_TSV).map((r) => ({ descriptorUi: r.DescriptorUI!, descriptorName: r.DescriptorName!, termName: r.TermName! }));
const treeRows = () => parseTsv(TREES_TSV).map((r) => ({ descriptorUi: r.DescriptorUI!, treeNumber: r.tree_location! }));

describe('converting the MeSH thesaurus tables', () => {
  it('groups terms and tree numbers by descriptor, keeping permuted forms and dropping the heading and repeats', () => {
    expect(descriptorsFromThesaurus(thesaurusRows(), treeRows())).toEqual([
      {
        ui: 'D009203',
        name: 'Myocardial Infarction',
        treeNumbers: ['C14.280.647.500', 'C14.907.585.500'],
        entryTerms: ['Heart Attack', 'Heart Attacks'],
      },
      {
        ui: 'D015746',
        name: 'Abdominal Pain',
        treeNumbers: ['C23.888.821.030'],
        entryTerms: ['Abdominal Pains', 'Pain, Abdominal', 'Colicky Pain'],
      },
    ]);
  });

  it('refuses a malformed UI or tree number, or a tree number without a descriptor, rather than invent one', () => {
    const terms = thesaurusRows();
    expect(() => descriptorsFromThesaurus([{ ...terms[0]!, descriptorUi: 'X015746' }], [])).toThrow(/Not a MeSH descriptor UI/);
    expect(() => descriptorsFromThesaurus(terms, [{ descriptorUi: 'D009203', treeNumber: 'C14.28' }])).toThrow(/Not a MeSH tree number/);
    expect(() => descriptorsFromThesaurus(terms, [{ descriptorUi: 'D006973', treeNumber: 'C14.907.489' }])).toThrow(/has no terms/);
    expect(() => parseTsv('A\tB\nx')).toThrow(/TSV line 2: 1 values for 2 columns/);
  });

  it('writes a file that reads back the same, and notices a truncated one', () => {
    const descriptors = descriptorsFromThesaurus(thesaurusRows(), treeRows());
    const text = serializeVocabulary({ meshYear: 2024, source: 'test', attribution: 'NLM' }, descriptors);
    expect(parseVocabulary(text)).toEqual({
      header: { format: 'wink-mesh-vocabulary/1', meshYear: 2024, source: 'test', attribution: 'NLM', descriptors: 2 },
      descriptors,
    });
    const truncated = text.split('\n').slice(0, 2).join('\n');
    expect(() => parseVocabulary(truncated)).toThrow(/announces 2 descriptors and holds 1/);
  });
});

describe('the shipped full MeSH vocabulary file', () => {
  const demo = corpusSchema.descriptors.parse(JSON.parse(readFileSync(path.join(CORPUS_DIR, 'mesh-descriptors.json'), 'utf8')));
  const articles = corpusSchema.articles.parse(JSON.parse(readFileSync(path.join(CORPUS_DIR, 'articles.json'), 'utf8')));

  it('is MeSH 2024 with NLM attribution: every current descriptor, each UI once and well-formed', async () => {
    const { header, descriptors } = await readVocabularyFile();
    expect(header).toMatchObject({ meshYear: 2024, descriptors: 30_764 });
    expect(header.attribution).toContain('U.S. National Library of Medicine');
    expect(new Set(descriptors.map((d) => d.ui)).size).toBe(descriptors.length);
    expect(descriptors.filter((d) => !/^D\d{6,9}$/.test(d.ui))).toEqual([]);
    expect(descriptors.reduce((n, d) => n + d.treeNumbers.length, 0)).toBe(64_342);
    const heart = descriptors.find((d) => d.ui === 'D009203');
    expect(heart?.name).toBe('Myocardial Infarction');
    expect(heart?.entryTerms).toEqual(expect.arrayContaining(['Heart Attack', 'Infarction, Myocardial']));
  });

  it('holds every descriptor the demo corpus tags, and keeps the demo scope notes and lay terms when laid over it', async () => {
    const { descriptors } = await readVocabularyFile();
    const uis = new Set(descriptors.map((d) => d.ui));
    expect([...new Set(articles.flatMap((a) => a.mesh.map((m) => m.ui)))].filter((ui) => !uis.has(ui))).toEqual([]);

    const merged = new Map(withDemoOverlay(descriptors, demo).map((d) => [d.ui, d]));
    expect(merged.size).toBe(descriptors.length);
    for (const d of demo) expect(merged.get(d.ui)?.scopeNote).toBe(d.scope_note);
    // "Concussion" is a word people type; MeSH 2024 spells it only "Brain Concussion".
    expect(merged.get('D001924')?.entryTerms).toContain('Concussion');
    expect(merged.get('D000001')).toMatchObject({ name: 'Calcimycin', scopeNote: '' });
  });
});

describe('the search vocabulary rows derived before loading', () => {
  const abdominalPain = {
    ui: 'D015746',
    name: 'Abdominal Pain',
    treeNumbers: ['C23.888.821.030', 'C23.888.821.030'],
    entryTerms: ['Abdominal Pains', 'Pain, Abdominal', 'ABDOMINAL PAIN', 'Colicky Pain', '--'],
  };

  it('has one term per spelling that normalizes alike, the name first, with its words and tree numbers once', () => {
    const rows = deriveVocabularyRows([abdominalPain]);
    expect(rows.terms).toEqual({
      normalized: ['abdominal pain', 'abdominal pains', 'pain abdominal', 'colicky pain'],
      descriptorUi: ['D015746', 'D015746', 'D015746', 'D015746'],
      term: ['Abdominal Pain', 'Abdominal Pains', 'Pain, Abdominal', 'Colicky Pain'],
      preferred: [true, false, false, false],
      inverted: [false, false, true, false],
      layKind: [null, null, null, null],
    });
    expect(rows.words.word).toEqual(['abdominal', 'pain', 'pains', 'colicky']);
    expect(rows.wordUses).toEqual({
      word: ['abdominal', 'pain', 'pains', 'colicky'],
      uses: [1, 1, 1, 1],
      lay: [false, false, false, false],
    });
    expect(rows.treeNumbers).toEqual({ treeNumber: ['C23.888.821.030'], descriptorUi: ['D015746'] });
  });

  it("adds the descriptor's lay terms, marks a MeSH term people use too, and makes their words and its name's words lay", () => {
    const layTerm = (term: string, kind: LayKind) => ({ normalized: term.toLowerCase(), descriptorUi: 'D015746', term, kind });
    // An abbreviation MeSH has itself stays MeSH's ("AIDS"); an everyday name MeSH has too is marked.
    const rows = deriveVocabularyRows(
      [abdominalPain],
      [layTerm('belly ache', 'lay'), layTerm('Colicky Pain', 'lay'), layTerm('Abdominal Pains', 'abbreviation')],
    );
    expect(rows.terms.normalized.slice(3)).toEqual(['colicky pain', 'belly ache']);
    expect(rows.terms.layKind).toEqual([null, null, null, 'lay', 'lay']);
    const lay = Object.fromEntries(rows.words.word.map((w, i) => [w, rows.words.lay[i]]));
    expect(lay).toEqual({ abdominal: true, pain: true, pains: false, colicky: true, belly: true, ache: true });
  });

  it("counts a word's descriptors, and leaves terms beyond ASCII to the database (its locale decides their letters)", () => {
    const chestPain = { ui: 'D002637', name: 'Chest Pain', treeNumbers: [], entryTerms: [] };
    expect(deriveVocabularyRows([abdominalPain, chestPain]).wordUses.uses[1]).toBe(2);
    expect(isPlain(abdominalPain)).toBe(true);
    const meniere = { ui: 'D008575', name: 'Meniere Disease', treeNumbers: [], entryTerms: ['Meniere Syndrome', "Ménière's Disease"] };
    expect(isPlain(meniere)).toBe(false);
  });
});
