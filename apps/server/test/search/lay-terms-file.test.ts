import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeTerm, parseQuery, subPhrases } from '../../src/plugins/app/search/query-parser';
import { CORPUS_DIR, corpusSchema } from '../../src/seed/corpus-loader';
import { layTerms, parseLayTerms } from '../../src/seed/vocabulary/lay-vocabulary';

/**
 * The lay vocabulary as data (seed/vocabulary/lay-terms.tsv): well-formed, pointing at real
 * descriptors under their shipped names, and never sending one everyday name to two subjects.
 */
const rows = layTerms();
const shipped = corpusSchema.descriptors.parse(JSON.parse(readFileSync(path.join(CORPUS_DIR, 'mesh-descriptors.json'), 'utf8')));
const shippedByUi = new Map(shipped.map((d) => [d.ui, d]));

describe('the lay vocabulary file', () => {
  it('covers at least 500 subjects with everyday names, abbreviations and British spellings', () => {
    expect(new Set(rows.map((r) => r.descriptor_ui)).size).toBeGreaterThanOrEqual(500);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['lay', 'abbreviation', 'spelling']));
  });

  it('names each descriptor as the shipped MeSH does, and gives each UI one name throughout', () => {
    // The file names descriptors as current MeSH does; a renamed descriptor keeps its old name as an
    // entry term, so the demo's older name (D015928 "Cognitive Therapy") has the current one among its terms.
    const known = (ui: string) => [shippedByUi.get(ui)!.name, ...shippedByUi.get(ui)!.entry_terms];
    const wrongName = rows
      .filter((r) => shippedByUi.has(r.descriptor_ui) && !known(r.descriptor_ui).includes(r.descriptor_name))
      .map((r) => `${r.term}: ${r.descriptor_ui} is "${shippedByUi.get(r.descriptor_ui)!.name}", not "${r.descriptor_name}"`);
    expect(wrongName).toEqual([]);
    const names = new Map<string, Set<string>>();
    for (const r of rows) names.set(r.descriptor_ui, (names.get(r.descriptor_ui) ?? new Set()).add(r.descriptor_name));
    expect([...names].filter(([, n]) => n.size > 1).map(([ui]) => ui)).toEqual([]);
  });

  it('sends no everyday name to two descriptors, and none to a descriptor the shipped MeSH gives another', () => {
    const owners = new Map<string, Set<string>>();
    for (const r of rows) owners.set(normalizeTerm(r.term), (owners.get(normalizeTerm(r.term)) ?? new Set()).add(r.descriptor_ui));
    expect([...owners].filter(([, uis]) => uis.size > 1).map(([term]) => term)).toEqual([]);
    const meshOwner = new Map(shipped.flatMap((d) => [d.name, ...d.entry_terms].map((term) => [normalizeTerm(term), d.ui] as const)));
    // Not an error at load (the term maps to both there), but a row that muddles the demo's mapping.
    const shadowed = rows.filter((r) => meshOwner.has(normalizeTerm(r.term)) && meshOwner.get(normalizeTerm(r.term)) !== r.descriptor_ui);
    expect(shadowed.map((r) => r.term)).toEqual([]);
  });

  it('reads every term, typed as a query, as the words it is stored under', () => {
    const unreadable = rows.filter((r) => subPhrases(parseQuery(r.term).words)[0]?.phrase !== normalizeTerm(r.term)).map((r) => r.term);
    expect(unreadable).toEqual([]);
  });

  it('writes abbreviations in capitals, since only capitals (or a whole query) match them', () => {
    // A plural s is written as people write it ("NSAIDs"), and matched with the capitals all the same.
    expect(rows.filter((r) => r.kind === 'abbreviation' && !/^[\p{Lu}\p{N}]+s?$/u.test(r.term)).map((r) => r.term)).toEqual([]);
  });

  it('refuses a malformed row with its line number', () => {
    const header = 'term\tdescriptor_ui\tdescriptor_name\tkind\tsource';
    expect(() => parseLayTerms(`${header}\nheart attack\tX123\tMyocardial Infarction\tlay\tmedlineplus\n`)).toThrow(
      /line 2: descriptor_ui/,
    );
    expect(() => parseLayTerms(`${header}\nheart attack\tD009203\tMyocardial Infarction\tslang\tmedlineplus\n`)).toThrow(/line 2: kind/);
    expect(() => parseLayTerms('term,descriptor_ui\n')).toThrow(/header/);
  });
});
