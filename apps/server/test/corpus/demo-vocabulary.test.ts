import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { articlesRepository } from '../../src/plugins/app/corpus/articles-repository';
import { normalizeTerm, parseQuery, subPhrases } from '../../src/plugins/app/search/query-parser';
import { vocabularyRepository } from '../../src/plugins/app/search/vocabulary-repository';
import { CORPUS_DIR, corpusSchema } from '../../src/seed/corpus-loader';
import { signedIn } from '../community/people';
import { useTestApp } from '../support/test-app';

/**
 * The demo MeSH vocabulary checked as the search engine uses it: every name and entry term a person
 * could type must map back to its own descriptor, no term may send a query to a second descriptor,
 * and the tree numbers must make narrower expansion find exactly the descriptors below.
 */
const descriptors = corpusSchema.descriptors.parse(JSON.parse(readFileSync(path.join(CORPUS_DIR, 'mesh-descriptors.json'), 'utf8')));
const termsOf = (d: (typeof descriptors)[number]) => [d.name, ...d.entry_terms];
/** The phrase the automatic term mapping looks up first when the term is typed as the whole query. */
const wholePhrase = (term: string) => subPhrases(parseQuery(term).words)[0]?.phrase ?? '';

describe('the demo MeSH vocabulary as data', () => {
  it('has well-formed, unique tree numbers on every descriptor', () => {
    const malformed = descriptors.flatMap((d) =>
      d.tree_numbers.filter((tn) => !/^[A-Z]\d{2}(\.\d{3})*$/.test(tn)).map((tn) => `${d.ui} ${tn}`),
    );
    expect(malformed).toEqual([]);
    expect(descriptors.filter((d) => d.tree_numbers.length === 0).map((d) => d.ui)).toEqual([]);
    const owners = new Map<string, string[]>();
    for (const d of descriptors) for (const tn of d.tree_numbers) owners.set(tn, [...(owners.get(tn) ?? []), d.ui]);
    expect([...owners].filter(([, uis]) => uis.length > 1)).toEqual([]);
  });

  it('gives no normalized term to two descriptors, and repeats no term within one', () => {
    const owners = new Map<string, Set<string>>();
    for (const d of descriptors)
      for (const term of termsOf(d)) owners.set(normalizeTerm(term), (owners.get(normalizeTerm(term)) ?? new Set()).add(d.ui));
    expect([...owners].filter(([, uis]) => uis.size > 1).map(([term, uis]) => `${term}: ${[...uis].join(', ')}`)).toEqual([]);
    // Spellings that differ only in punctuation ("Graves Disease", "Graves' Disease") are real MeSH; the same string twice is not.
    const lower = (d: (typeof descriptors)[number]) => termsOf(d).map((term) => term.toLowerCase());
    expect(descriptors.filter((d) => new Set(lower(d)).size !== lower(d).length).map((d) => d.ui)).toEqual([]);
  });

  it('reads every term, typed as a query, as the same words the vocabulary stores', () => {
    const unreadable = descriptors.flatMap((d) =>
      termsOf(d)
        .filter((term) => wholePhrase(term) !== normalizeTerm(term))
        .map((term) => `${d.ui} ${term}`),
    );
    expect(unreadable).toEqual([]);
  });
});

describe('the demo MeSH vocabulary in the database', () => {
  const t = useTestApp();
  beforeEach(async () => {
    await articlesRepository.upsertDescriptors(
      t.db,
      descriptors.map((d) => ({ ui: d.ui, name: d.name, treeNumbers: d.tree_numbers, entryTerms: d.entry_terms, scopeNote: d.scope_note })),
    );
  });

  it('maps every name and entry term back to its own descriptor and to no other', async () => {
    const phrases = [...new Set(descriptors.flatMap((d) => termsOf(d).map(wholePhrase)))];
    const matches = await vocabularyRepository.descriptorsMatching(t.db, phrases);
    const mappedTo = new Map<string, string[]>();
    for (const m of matches) for (const { phrase } of m.terms) mappedTo.set(phrase, [...(mappedTo.get(phrase) ?? []), m.ui]);
    const wrong = descriptors.flatMap((d) =>
      termsOf(d)
        .filter((term) => (mappedTo.get(wholePhrase(term)) ?? []).join() !== d.ui)
        .map((term) => `${term} -> ${(mappedTo.get(wholePhrase(term)) ?? []).join(', ') || 'nothing'} (expected ${d.ui})`),
    );
    expect(wrong).toEqual([]);
  });

  it('expands every descriptor to itself and exactly the descriptors under its tree numbers', async () => {
    const wrong: string[] = [];
    for (const d of descriptors) {
      const expected = descriptors
        .filter((o) => o.ui === d.ui || o.tree_numbers.some((tn) => d.tree_numbers.some((mine) => tn.startsWith(`${mine}.`))))
        .map((o) => o.ui)
        .sort();
      const actual = (await vocabularyRepository.withNarrower(t.db, [d.ui], d.tree_numbers)).sort();
      if (actual.join() !== expected.join()) wrong.push(`${d.ui}: ${actual.join(',')} instead of ${expected.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('maps the lay words people search with, through the API, to the descriptors a librarian would pick', async () => {
    const { agent } = await signedIn(t);
    const lay: [string, string][] = [
      ['heart attack', 'Myocardial Infarction'],
      ['high blood pressure', 'Hypertension'],
      ['hay fever', 'Rhinitis, Allergic, Seasonal'],
      ['pink eye', 'Conjunctivitis'],
      ['kidney stones', 'Kidney Calculi'],
      ['sore throat', 'Pharyngitis'],
      ['shingles', 'Herpes Zoster'],
      ['bedsore', 'Pressure Ulcer'],
    ];
    for (const [q, name] of lay) {
      const res = await agent.get(`/api/search?${new URLSearchParams({ q })}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().meta.mapping.map((m: { name: string }) => m.name),
        q,
      ).toEqual([name]);
    }
  });
});
