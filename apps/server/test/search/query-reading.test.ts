import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/plugins/app/search/query-parser';
import { readQuery, serves } from '../../src/plugins/app/search/query-reading';

const read = (q: string, kept: boolean[] = []) => readQuery(parseQuery(q).words, kept);

describe('reading a query as people type it', () => {
  it('sets question and filler words aside and keeps the subject', () => {
    expect(read('what does high blood pressure mean').subject).toEqual(['high', 'blood', 'pressure']);
    expect(read('sore throat that wont go away').subject).toEqual(['sore', 'throat']);
    expect(read('can i drink alcohol on antibiotics').subject).toEqual(['drink', 'alcohol', 'antibiotics']);
    expect(read('what does high blood pressure mean').question).toBe(true);
  });

  it('reads intent words as what is asked about the subject', () => {
    expect(read('heart attack symptoms')).toMatchObject({ subject: ['heart', 'attack'], intents: ['symptoms'] });
    expect(read('what helps period cramps')).toMatchObject({ subject: ['period', 'cramps'], intents: ['treatment'] });
    expect(read('side effects of metformin')).toMatchObject({ subject: ['metformin'], intents: ['risks'] });
    expect(read('what to expect at a colonoscopy')).toMatchObject({ subject: ['colonoscopy'], intents: ['procedure'] });
    expect(read('natural remedies for eczema').intents).toEqual(['treatment']);
  });

  it('reads audience words as who it is for', () => {
    expect(read('headache in pregnancy')).toMatchObject({ subject: ['headache'], audiences: ['pregnancy'] });
    expect(read('my kid has a barking cough')).toMatchObject({ subject: ['barking', 'cough'], audiences: ['children'] });
    expect(read('my grandad is suddenly confused').audiences).toEqual(['older people']);
    expect(read('fever in my toddler').audiences).toEqual(['children']);
  });

  it('keeps a query of cue words only as its own subject, and a plain list of subject words as it is', () => {
    expect(read('pregnancy')).toMatchObject({ subject: ['pregnancy'], question: false, cueOnly: true });
    expect(read('side effects')).toMatchObject({ subject: ['side', 'effects'], intents: [], question: false });
    expect(read('asthma inhaler')).toMatchObject({ subject: ['asthma', 'inhaler'], question: false });
  });

  it('keeps the words of a mapped phrase as the subject even when one is a cue word', () => {
    // "can't poo" maps to Constipation: "can't" is not chatter there.
    expect(read("can't poo", [true, true]).subject).toEqual(["can't", 'poo']);
    expect(read("can't poo").subject).toEqual(['poo']);
  });
});

describe('whether a page serves an intent or an audience', () => {
  it('matches whole cue words and phrases, stemmed, never inside another word', () => {
    expect(serves('Heart attack: the warning signs and what to do', ['sign'])).toBe(true);
    expect(serves('Stroke: recognising the signs fast', ['recognis'])).toBe(true);
    expect(serves('Colonoscopy: what to expect', ['what to expect'])).toBe(true);
    expect(serves('Designing a garden', ['sign'])).toBe(false);
    expect(serves('Fever in babies and children', ['child'])).toBe(true);
    expect(serves('Feverfew', ['fever'])).toBe(false);
  });
});
