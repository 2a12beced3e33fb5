/**
 * Spelling correction against the vocabulary, and when a correction is sure enough to apply without
 * asking ("Showing results for pneumonia · Search instead for pnuemonia") rather than offer ("Did you
 * mean …?"). Candidates come from pg_trgm at a low similarity (0.2): transposed letters in a short
 * word share few trigrams ("cacner" and "cancer" share 3 of 11), so a threshold of 0.3 misses them.
 * The edit distance below then decides, with transpositions counting as one edit.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions, one each. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * How many edits a correction may make and still be applied at once: none for words of 4 letters or
 * fewer (too many real words lie one edit apart: "hart", "hear", "heat"), 1 up to 7 letters, 2 up to
 * 14, 3 beyond (phrases).
 */
export function confidentEdits(length: number): number {
  if (length <= 4) return 0;
  if (length <= 7) return 1;
  if (length <= 14) return 2;
  return 3;
}

/** Soundex's letter classes: letters that sound alike share a digit; vowels, h, w and y have none. */
const SOUND_CLASSES: Record<string, string> = Object.fromEntries(
  Object.entries({ bfpv: '1', cgjkqsxz: '2', dt: '3', l: '4', mn: '5', r: '6' }).flatMap(([letters, digit]) =>
    [...letters].map((letter) => [letter, digit]),
  ),
);

/**
 * How a word sounds, as Soundex codes it (its first letter, then the class of each sound) but whole,
 * after the silent first letters English spells ("psoriasis" as "soriasis", "pneumonia" as
 * "neumonia") and "ph" as "f": "excema" and "eczema" sound alike, "edema" does not; "sorisis" sounds
 * like "psoriasis", not like "crisis".
 */
export function soundKey(word: string): string {
  const spelled = word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/^(?:p(?=[sn])|k(?=n)|g(?=n)|w(?=r))/, '')
    .replace(/ph/g, 'f');
  let key = spelled.slice(0, 1);
  let previous = SOUND_CLASSES[key] ?? '';
  for (const letter of spelled.slice(1)) {
    const sound = SOUND_CLASSES[letter] ?? '';
    // A repeated class is one sound; h and w do not separate it, a vowel does.
    if (sound && sound !== previous) key += sound;
    if (letter !== 'h' && letter !== 'w') previous = sound;
  }
  return key;
}

/** How far a correction may be and still be offered as "did you mean". */
const offeredEdits = (length: number) => Math.max(2, Math.floor(length / 3));

export interface Candidate {
  word: string;
  /** How many descriptors use the word: a tie between two equally close words goes to the far more common one. */
  uses: number;
  /**
   * A word of the lay vocabulary (its terms or the names of their descriptors): what people write about
   * their health, so of two equally close words it is the one meant ("artritis": arthritis, not arteritis).
   */
  lay?: boolean;
}

export interface Correction {
  text: string;
  confident: boolean;
}

/** How many times more common the best of equally close candidates must be to win a tie without asking. */
const DOMINANT_USES = 4;

/** Whether the candidate keeps the typed word's first and last letters, as most typos do ("diabetis": diabetes, not diabetic). */
const keepsEnds = (typed: string, word: string) => typed[0] === word[0] && typed.at(-1) === word.at(-1);

/**
 * The closest candidate, if close enough to offer. Of equally close ones, the most plausible: one that
 * sounds like the typed word ("excema": eczema, not edema), then a lay word, then one keeping the typed
 * word's first and last letters, then the most used. Confident when it is within confidentEdits (one
 * more edit for a sound-alike of 5 letters or more: people spell by ear), starts with the same letter
 * as the typed word or sounds like it (people rarely mistype the first letter; "deafness" is not
 * "weakness"), and no other candidate is as close and as plausible, unless it is used at least 4 times
 * as often as each of those.
 */
export function bestCorrection(typed: string, candidates: Candidate[]): Correction | null {
  const typedSound = soundKey(typed);
  const scored = candidates
    .filter((c) => c.word !== typed)
    .map((c) => ({
      ...c,
      lay: Boolean(c.lay),
      distance: editDistance(typed, c.word),
      soundsAlike: soundKey(c.word) === typedSound,
      ends: keepsEnds(typed, c.word),
    }))
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Number(b.soundsAlike) - Number(a.soundsAlike) ||
        Number(b.lay) - Number(a.lay) ||
        Number(b.ends) - Number(a.ends) ||
        b.uses - a.uses ||
        a.word.localeCompare(b.word),
    );
  const best = scored[0];
  if (!best || best.distance > offeredEdits(typed.length)) return null;
  const rivals = scored
    .slice(1)
    .filter((c) => c.distance === best.distance && c.soundsAlike === best.soundsAlike && c.lay === best.lay && c.ends === best.ends);
  const clear = rivals.every((r) => best.uses >= DOMINANT_USES * r.uses);
  const allowed = confidentEdits(typed.length) + (best.soundsAlike && typed.length > 4 ? 1 : 0);
  const sameStart = best.word[0] === typed[0] || best.soundsAlike;
  return { text: best.word, confident: best.distance <= allowed && sameStart && clear };
}
