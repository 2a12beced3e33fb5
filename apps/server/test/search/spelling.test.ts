import { describe, expect, it } from 'vitest';
import { bestCorrection, editDistance, soundKey } from '../../src/plugins/app/search/spelling';

describe('spelling corrections', () => {
  it('counts a transposition as one edit, so "cacner" and "ashtma" are one edit from the word', () => {
    expect(editDistance('cacner', 'cancer')).toBe(1);
    expect(editDistance('ashtma', 'asthma')).toBe(1);
    expect(editDistance('pnuemonia', 'pneumonia')).toBe(1);
    expect(editDistance('hart atack', 'heart attack')).toBe(2);
  });

  it('applies a close, unrivalled correction and only offers a doubtful one', () => {
    expect(
      bestCorrection('cacner', [
        { word: 'cancer', uses: 3 },
        { word: 'canker', uses: 1 },
      ]),
    ).toEqual({ text: 'cancer', confident: true });
    // Four letters: too many real words are one edit apart.
    expect(bestCorrection('hart', [{ word: 'heart', uses: 9 }])).toEqual({ text: 'heart', confident: false });
    // Two edits in a six-letter word: offered, not applied…
    expect(bestCorrection('excema', [{ word: 'edema', uses: 18 }])).toEqual({ text: 'edema', confident: false });
    // …unless the word sounds as typed: people spell by ear.
    expect(bestCorrection('excema', [{ word: 'eczema', uses: 2 }])).toEqual({ text: 'eczema', confident: true });
    // A different first letter is a different word, not a typo ("deafness" is not "weakness").
    expect(bestCorrection('deafness', [{ word: 'weakness', uses: 5 }])?.confident).toBe(false);
  });

  it('settles a tie by the word that keeps the typed ends, or one used far more often; otherwise asks', () => {
    expect(
      bestCorrection('diabetis', [
        { word: 'diabetic', uses: 5 },
        { word: 'diabetes', uses: 6 },
      ]),
    ).toEqual({ text: 'diabetes', confident: true });
    expect(
      bestCorrection('colda', [
        { word: 'colds', uses: 1 },
        { word: 'coldx', uses: 1 },
      ])?.confident,
    ).toBe(false);
    expect(
      bestCorrection('colda', [
        { word: 'colds', uses: 8 },
        { word: 'coldx', uses: 1 },
      ]),
    ).toEqual({ text: 'colds', confident: true });
  });

  it('settles a tie by the word people write about their health first (the lay vocabulary), then by the ends', () => {
    // Real candidates from full MeSH: "arteritis" and "arthritis" are both one edit from "artritis".
    expect(
      bestCorrection('artritis', [
        { word: 'arteritis', uses: 7 },
        { word: 'arthritis', uses: 18, lay: true },
      ]),
    ).toEqual({ text: 'arthritis', confident: true });
    // A dropped final letter is a common typo: "migran" keeps the ends, "migraine" is the word meant.
    expect(
      bestCorrection('migrain', [
        { word: 'migran', uses: 1 },
        { word: 'migraine', uses: 5, lay: true },
      ]),
    ).toEqual({ text: 'migraine', confident: true });
    // Two lay words equally close: asks, as before.
    expect(
      bestCorrection('artritis', [
        { word: 'arteritis', uses: 7, lay: true },
        { word: 'arthritis', uses: 18, lay: true },
      ])?.confident,
    ).toBe(false);
  });

  it('settles a tie by the word that sounds as typed, silent first letters and all', () => {
    expect(soundKey('excema')).toBe(soundKey('eczema'));
    expect(soundKey('excema')).not.toBe(soundKey('edema'));
    expect(soundKey('sorisis')).toBe(soundKey('psoriasis'));
    expect(soundKey('sorisis')).not.toBe(soundKey('crisis'));
    expect(soundKey('neumonia')).toBe(soundKey('pneumonia'));
    expect(soundKey('flegm')).toBe(soundKey('phlegm'));
    // Real candidates from full MeSH, each two edits away; "crisis" is the more used word.
    expect(
      bestCorrection('sorisis', [
        { word: 'crisis', uses: 9, lay: true },
        { word: 'psoriasis', uses: 2, lay: true },
      ]),
    ).toEqual({ text: 'psoriasis', confident: true });
    expect(
      bestCorrection('excema', [
        { word: 'edema', uses: 18, lay: true },
        { word: 'eczema', uses: 6, lay: true },
        { word: 'excess', uses: 5 },
      ]),
    ).toEqual({ text: 'eczema', confident: true });
    // Four letters stay too short to correct unasked, sound-alike or not ("hart": heart, hard).
    expect(bestCorrection('hart', [{ word: 'heart', uses: 9, lay: true }])?.confident).toBe(false);
  });

  it('offers nothing when nothing is near', () => {
    expect(bestCorrection('zzzzzz', [{ word: 'asthma', uses: 1 }])).toBeNull();
    expect(bestCorrection('asthma', [])).toBeNull();
  });
});
