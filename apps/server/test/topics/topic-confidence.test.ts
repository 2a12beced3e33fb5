import type { SearchMapping } from '@wink/contracts';
import { describe, expect, it } from 'vitest';
import { isHealthSubject, sentenceParts, TOPIC_CONFIDENCE_MIN, topicConfidence } from '../../src/plugins/app/topics/topic-suggestions';

/** Real MeSH 2024 tree numbers and terms (apps/server/src/seed/corpus/mesh-full.jsonl.gz). */
const FEVER = { ui: 'D005334', name: 'Fever', treeNumbers: ['C23.888.119.344'], entryTerms: ['Fevers', 'Pyrexia', 'Pyrexias'] };
const LUNCH = {
  ui: 'D062409',
  name: 'Lunch',
  treeNumbers: ['G07.203.300.590.560', 'J02.500.590.560'],
  entryTerms: ['Lunchtime', 'Lunch Time'],
};
const TIPS = {
  ui: 'D019168',
  name: 'Portasystemic Shunt, Transjugular Intrahepatic',
  treeNumbers: ['E04.035.760.795', 'E04.100.814.868.937.830'],
  entryTerms: ['TIPS', 'Transjugular Intrahepatic Portasystemic Shunt'],
};
const BENDS = {
  ui: 'D003665',
  name: 'Decompression Sickness',
  treeNumbers: ['C26.120.248'],
  entryTerms: ['Sickness, Decompression', 'Caisson Disease', 'Bends'],
};

const mapped = (facts: { ui: string; name: string }, matched: string, lay?: SearchMapping['lay']): SearchMapping => ({
  ui: facts.ui,
  name: facts.name,
  matched,
  ...(lay ? { lay } : {}),
});

describe('isHealthSubject', () => {
  it('takes diseases, symptoms, mental health, drugs, tests and treatments', () => {
    for (const trees of [
      ['C10.228.140.546.399.750'], // Migraine Disorders
      ['C23.888.369'], // Fatigue
      ['F03.080'], // Anxiety Disorders
      ['F01.470.132'], // Anxiety
      ['D02.078.370.141.450'], // Metformin
      ['D27.505.954.444.200'], // Emollients
      ['E01.370.372.250.250.200'], // Colonoscopy
      ['E04.555.110.110.115'], // Arthroplasty, Replacement, Knee
    ])
      expect(isHealthSubject(trees), trees[0]).toBe(true);
  });

  it('leaves out body parts, food, work, people, places, health services and everyday chemicals', () => {
    for (const trees of [
      ['A01.456.505.420'], // Eye
      LUNCH.treeNumbers,
      ['I03.946'], // Work
      ['M01.060.057'], // Adolescent
      ['N03.349.380.420', 'N05.300.450'], // Health Services Needs and Demand
      ['D01.268.556.435', 'D01.552.544.435'], // Lead
      ['D09.947.875.359.448'], // Glucose
      ['D26.255.830'], // Tablets
      ['F01.470.734'], // Love
      ['E02.760.905.400', 'N02.421.585.905.400'], // Hospice Care
      [], // a branch root such as Diagnosis
    ])
      expect(isHealthSubject(trees), trees.join()).toBe(false);
  });
});

describe('topicConfidence', () => {
  const sure = (facts: typeof FEVER | typeof TIPS, matched: string, part: string, inTitle = true, lay?: SearchMapping['lay']) =>
    topicConfidence({ mapping: mapped(facts, matched, lay), part, inTitle }, facts);

  it('is sure of a health subject named in the title, a little less in the body', () => {
    expect(sure(FEVER, 'fever', 'Toddler with a fever')).toBeGreaterThanOrEqual(TOPIC_CONFIDENCE_MIN);
    expect(sure(FEVER, 'fever', 'She has a fever', false)).toBeLessThan(sure(FEVER, 'fever', 'She has a fever'));
    expect(sure(BENDS, 'caisson disease', 'Divers and caisson disease')).toBe(1);
  });

  it('is zero outside the health branches, however exact the word', () => {
    expect(sure(LUNCH, 'lunch', 'Does anyone else feel sleepy after lunch')).toBe(0);
  });

  it('is zero for a subject the writer says they do not have, unless they also name it plainly', () => {
    expect(sure(FEVER, 'fever', 'Three weeks now, no fever, but it hurts to swallow', false)).toBe(0);
    expect(sure(FEVER, 'fever', 'without fever at first, then a fever at night', false)).toBeGreaterThan(0);
  });

  it('is zero for an acronym typed as an ordinary word, and sure when typed in capitals', () => {
    expect(sure(TIPS, 'tips', 'Any tips that worked for you')).toBe(0);
    expect(sure(TIPS, 'tips', 'Recovery after TIPS')).toBeGreaterThanOrEqual(TOPIC_CONFIDENCE_MIN);
  });

  it('is below the threshold when only the word’s other number matched', () => {
    expect(sure(BENDS, 'bend', 'now I can barely bend over')).toBeLessThan(TOPIC_CONFIDENCE_MIN);
    expect(sure(BENDS, 'bends', 'Diving and the bends')).toBeGreaterThanOrEqual(TOPIC_CONFIDENCE_MIN);
  });

  it('trusts a reviewed everyday name as much as a phrase', () => {
    expect(sure(FEVER, 'temperature', 'a temperature all night', true, { term: 'temperature', kind: 'lay' })).toBe(1);
  });
});

describe('sentenceParts', () => {
  it('reads Markdown as plain words, sentence by sentence', () => {
    expect(sentenceParts('**Migraine** again.\n- no _fever_')).toEqual(['Migraine again', 'no fever']);
  });
});
