import { describe, expect, it } from 'vitest';
import { bestCorrection, editDistance } from '../../src/plugins/app/search/spelling';

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
    // Two edits in a six-letter word: offered, not applied.
    expect(bestCorrection('excema', [{ word: 'eczema', uses: 2 }])).toEqual({ text: 'eczema', confident: false });
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

  it('offers nothing when nothing is near', () => {
    expect(bestCorrection('zzzzzz', [{ word: 'asthma', uses: 1 }])).toBeNull();
    expect(bestCorrection('asthma', [])).toBeNull();
  });
});
