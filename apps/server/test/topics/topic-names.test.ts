import { describe, expect, it } from 'vitest';
import { naturalOrder, OTHER_NAMES_MAX, topicNames } from '../../src/plugins/app/topics/topic-names';
import { readVocabularyFile } from '../../src/seed/mesh-vocabulary';

/** MeSH 2024's own record for Migraine Disorders, from the vocabulary the app ships. */
const migraine = (await readVocabularyFile()).descriptors.find((d) => d.ui === 'D008881')!;

describe('naturalOrder', () => {
  it('reads MeSH permutations back in the order people say them', () => {
    expect(naturalOrder('Headache, Migraine')).toBe('Migraine Headache');
    expect(naturalOrder('Rhinitis, Allergic, Seasonal')).toBe('Seasonal Allergic Rhinitis');
    expect(naturalOrder('Diabetes Mellitus, Type 2')).toBe('Type 2 Diabetes Mellitus');
    expect(naturalOrder('Heart Attack')).toBe('Heart Attack');
  });
});

describe('topicNames', () => {
  it('gives Migraine Disorders a short everyday name and about ten other names, each once, none inverted', () => {
    expect(migraine.entryTerms).toContain('Disorder, Migraine');
    const names = topicNames(migraine.name, migraine.entryTerms, ['migraine', 'migraines']);
    expect(names.layName).toBe('Migraine');
    expect(names.otherNames.length).toBeLessThanOrEqual(OTHER_NAMES_MAX);
    expect(names.otherNames.join(' | ')).not.toContain(',');
    // Neither the MeSH name again, in any number or order, nor the lay name, nor one name twice.
    for (const repeat of ['Migraine', 'Migraines', 'Migraine Disorder', 'Migraine Disorders', 'Migraine Headaches'])
      expect(names.otherNames).not.toContain(repeat);
    expect(new Set(names.otherNames.map((n) => n.toLowerCase())).size).toBe(names.otherNames.length);
    // NLM's preferred concept first, its rarer variants after.
    expect(names.otherNames[0]).toBe('Migraine Headache');
    expect(names.otherNames).toContain('Sick Headache');
  });

  it('puts an everyday name both sources agree on first, in MeSH’s spelling', () => {
    const names = topicNames(
      'Myocardial Infarction',
      [
        'Infarction, Myocardial',
        'Infarctions, Myocardial',
        'Myocardial Infarctions',
        'Cardiovascular Stroke',
        'Heart Attack',
        'Heart Attacks',
      ],
      ['coronary', 'heart attack', 'heart attacks'],
    );
    expect(names).toEqual({ layName: 'Heart Attack', otherNames: ['Coronary', 'Cardiovascular Stroke'] });
    expect(topicNames('Headache', ['Head Pain'], ['sore head', 'pain in the head']).otherNames).toEqual([
      'Sore Head',
      'Pain in the Head',
      'Head Pain',
    ]);
  });

  it('never heads a page with an abbreviation, and lists abbreviations last', () => {
    const names = topicNames('Diabetes Mellitus, Type 2', ['NIDDM', 'Diabetes Mellitus, Stable', 'Type 2 Diabetes'], []);
    expect(names).toEqual({ layName: 'Type 2 Diabetes', otherNames: ['Stable Diabetes Mellitus', 'NIDDM'] });
  });

  it('has no lay name when no other name is shorter than the MeSH name', () => {
    expect(topicNames('Asthma', ['Asthmas', 'Bronchial Asthma', 'Asthma, Bronchial'], [])).toEqual({
      layName: null,
      otherNames: ['Bronchial Asthma'],
    });
  });

  it('turns an inverted MeSH name the right way round before comparing, and capitalises an everyday name as MeSH does', () => {
    const names = topicNames(
      'Diabetes Mellitus, Type 2',
      ['Type 2 Diabetes Mellitus', 'Diabetes Mellitus, Noninsulin-Dependent'],
      ['type 2 diabetes'],
    );
    expect(names.layName).toBe('Type 2 Diabetes');
    expect(names.otherNames).toEqual(['Noninsulin-Dependent Diabetes Mellitus']);
  });
});
