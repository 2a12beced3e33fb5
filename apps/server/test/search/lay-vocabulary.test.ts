import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { articlesRepository } from '../../src/plugins/app/corpus/articles-repository';
import { CORPUS_DIR, corpusSchema } from '../../src/seed/corpus-loader';
import { readVocabularyFile } from '../../src/seed/mesh-vocabulary';
import { layTerms, syncLayVocabulary } from '../../src/seed/vocabulary/lay-vocabulary';
import type { Agent } from '../support/agent';
import { useTestApp } from '../support/test-app';
import { signedIn } from '../community/people';
import { insertArticles } from './corpus';

/**
 * The words people type: everyday names, abbreviations (capitals only, or the whole query) and
 * British spellings reach their MeSH descriptor, and the search details say which lay term matched.
 */
const t = useTestApp();
const demo = corpusSchema.descriptors.parse(JSON.parse(readFileSync(path.join(CORPUS_DIR, 'mesh-descriptors.json'), 'utf8')));
/** Real descriptors from the demo MeSH: Multiple Sclerosis, Diarrhea, Irritable Bowel Syndrome, Myocardial Infarction, Fatigue. */
const UIS = ['D009103', 'D003967', 'D043183', 'D009203', 'D005221'];

let agent: Agent;
beforeEach(async () => {
  ({ agent } = await signedIn(t));
  await articlesRepository.upsertDescriptors(
    t.db,
    demo
      .filter((d) => UIS.includes(d.ui))
      .map((d) => ({ ui: d.ui, name: d.name, treeNumbers: d.tree_numbers, entryTerms: d.entry_terms, scopeNote: d.scope_note })),
  );
});

/**
 * Searching `typed` over these real descriptors of the shipped MeSH (UI to name, checked) and one
 * article tagged with one of them, whose title says neither word, applies the correction to `searched`.
 */
async function expectCorrected(
  typed: string,
  searched: string,
  setup: { descriptors: Record<string, string>; article: { title: string; ui: string } },
) {
  const uis = Object.keys(setup.descriptors);
  const full = (await readVocabularyFile()).descriptors.filter((d) => uis.includes(d.ui));
  expect(Object.fromEntries(full.map((d) => [d.ui, d.name]))).toEqual(setup.descriptors);
  await articlesRepository.upsertDescriptors(
    t.db,
    full.map((d) => ({ ...d, scopeNote: '' })),
  );
  await insertArticles(t, [{ title: setup.article.title, mesh: [{ ui: setup.article.ui, major: true }] }]);
  const res = await agent.get(`/api/search?${new URLSearchParams({ q: typed })}`);
  expect(res.json().meta.correction).toEqual({ typed, searched });
  expect(res.json().data.map((hit: { title: string }) => hit.title)).toEqual([setup.article.title]);
}

const mapping = async (q: string) => {
  const res = await agent.get(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.mapping as { ui: string; name: string; matched: string; lay?: { term: string; kind: string } }[];
};

describe('the lay vocabulary in the term mapping', () => {
  it('maps an everyday name and says it was the everyday name', async () => {
    await insertArticles(t, [{ title: 'When stools turn loose', mesh: [{ ui: 'D003967', major: true }] }]);
    const res = await agent.get('/api/search?q=the%20runs');
    expect(res.json().meta.mapping).toEqual([
      { ui: 'D003967', name: 'Diarrhea', matched: 'the runs', lay: { term: 'the runs', kind: 'lay' } },
    ]);
    expect(res.json().data.map((hit: { title: string }) => hit.title)).toEqual(['When stools turn loose']);
  });

  it('maps a British spelling and says so', async () => {
    expect(await mapping('coeliac')).toEqual([]); // not loaded here: no mapping, no error
    expect(await mapping('diarrhoea')).toEqual([
      { ui: 'D003967', name: 'Diarrhea', matched: 'diarrhoea', lay: { term: 'Diarrhoea', kind: 'spelling' } },
    ]);
  });

  it('maps an abbreviation typed in capitals, or as the whole query, and not a lower-case word inside a query', async () => {
    const ms = { ui: 'D009103', name: 'Multiple Sclerosis', lay: { term: 'MS', kind: 'abbreviation' } };
    expect(await mapping('MS')).toEqual([{ ...ms, matched: 'ms' }]);
    expect(await mapping('ms')).toEqual([{ ...ms, matched: 'ms' }]);
    const fatigue = { ui: 'D005221', name: 'Fatigue', matched: 'fatigue' };
    expect(await mapping('MS fatigue')).toEqual([{ ...ms, matched: 'ms' }, fatigue]);
    expect(await mapping('ms fatigue')).toEqual([fatigue]);
    expect(await mapping('Ms fatigue')).toEqual([fatigue]);
    expect((await mapping('IBS')).map((m) => m.name)).toEqual(['Irritable Bowel Syndrome']);
  });

  it('maps a phrase whose last word is in the other number ("irritable bowels" as "irritable bowel")', async () => {
    expect((await mapping('irritable bowels')).map((m) => m.name)).toEqual(['Irritable Bowel Syndrome']);
  });

  it('maps a lay term that MeSH gives another descriptor to both: "cirrhosis" reaches Liver Cirrhosis beside Fibrosis', async () => {
    // Real descriptors: full MeSH has "Cirrhosis" as an entry term of Fibrosis; a person typing it means the liver.
    const fibrosis = (await readVocabularyFile()).descriptors.find((d) => d.ui === 'D005355')!;
    expect(fibrosis.entryTerms).toContain('Cirrhosis');
    const liver = demo.find((d) => d.ui === 'D008103')!;
    const load = (d: { ui: string; name: string; treeNumbers: string[]; entryTerms: string[] }) =>
      articlesRepository.upsertDescriptors(t.db, [{ ...d, scopeNote: '' }]);
    await load({ ui: liver.ui, name: liver.name, treeNumbers: liver.tree_numbers, entryTerms: liver.entry_terms });
    expect((await mapping('cirrhosis')).map((m) => [m.name, m.lay?.kind])).toEqual([['Liver Cirrhosis', 'lay']]);
    // Fibrosis arriving later (an import) leaves the everyday meaning in place.
    await load(fibrosis);
    expect((await mapping('cirrhosis')).map((m) => [m.name, m.lay?.kind])).toEqual([
      ['Fibrosis', undefined],
      ['Liver Cirrhosis', 'lay'],
    ]);
  });

  it('corrects a typo to the word people write about their health when MeSH has another as close', async () => {
    // "artritis" is one edit from both Arteritis and Arthritis; the lay vocabulary writes "arthritis"
    // ("wear and tear arthritis" for Osteoarthritis), never "arteritis".
    await expectCorrected('artritis', 'arthritis', {
      descriptors: { D001167: 'Arteritis', D001168: 'Arthritis', D010003: 'Osteoarthritis' },
      article: { title: 'Living well with stiff joints', ui: 'D001168' },
    });
  });

  it('corrects a word spelt by ear to the word it sounds like: "excema" is eczema, not edema', async () => {
    // Both are two edits from "excema"; Edema's name is the more used word.
    await expectCorrected('excema', 'eczema', {
      descriptors: { D004485: 'Eczema', D004487: 'Edema' },
      article: { title: 'Caring for itchy, dry skin', ui: 'D004485' },
    });
  });

  it('keeps the rows whose descriptor is not loaded, unused and counted, until an import brings it', async () => {
    const result = await syncLayVocabulary(t.db);
    const present = layTerms().filter((r) => UIS.includes(r.descriptor_ui)).length;
    expect(result).toMatchObject({ terms: layTerms().length, loaded: present, skipped: layTerms().length - present, changed: false });
    expect(await mapping('swimmer\u2019s ear')).toEqual([]);
    const otitis = demo.find((d) => d.name === 'Otitis Externa')!;
    await articlesRepository.upsertDescriptors(t.db, [
      { ui: otitis.ui, name: otitis.name, treeNumbers: otitis.tree_numbers, entryTerms: otitis.entry_terms, scopeNote: '' },
    ]);
    expect((await mapping("swimmer's ear")).map((m) => [m.name, m.lay?.kind])).toEqual([['Otitis Externa', 'lay']]);
  });
});
