import type { SearchMapping } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { STOPWORDS, type ParsedQuery } from './query-parser';
import { bestCorrection, confidentEdits, editDistance, type Correction } from './spelling';
import { vocabularyRepository } from './vocabulary-repository';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * A spelling correction for a query with words the vocabulary does not have: the whole phrase
 * compared with the vocabulary's terms ("hart atack" is nearer to "heart attack" as a phrase than
 * word by word), else each unknown word replaced by its closest vocabulary word. Confident when
 * every change is (spelling.ts); null when nothing is unknown or nothing resembles it.
 */
export async function correctQuery(db: Db, parsed: ParsedQuery): Promise<Correction | null> {
  const words = [...new Set(parsed.words.filter((w) => w.length >= 3 && !STOPWORDS.has(w) && !/^\p{N}+$/u.test(w)))].slice(0, 16);
  const phrase = parsed.words.length >= 2 && parsed.words.length <= 6 ? parsed.words.join(' ') : null;
  // Both look-ups at once (a typo search waits for them between its two searches); the phrase's is
  // wasted only when no word turns out unknown.
  const [candidates, term] = await Promise.all([
    vocabularyRepository.spellingCandidates(db, words),
    phrase ? vocabularyRepository.phraseCorrection(db, phrase) : null,
  ]);
  if (candidates.size === 0) return null;
  const phraseFix: Correction | null =
    phrase && term ? { text: term, confident: editDistance(phrase, term) <= confidentEdits(phrase.length) } : null;
  if (phraseFix?.confident) return phraseFix;
  const fixes = new Map<string, Correction>();
  for (const [word, list] of candidates) {
    const fix = bestCorrection(word, list);
    if (fix) fixes.set(word, fix);
  }
  if (fixes.size === 0) return phraseFix;
  return {
    text: parsed.text.replace(WORD, (w) => fixes.get(w.toLowerCase())?.text ?? w),
    confident: [...fixes.values()].every((f) => f.confident),
  };
}

/** Marks each mapping of a corrected query with the words as typed that its matched words correct. */
export function withCorrectedFrom(mapping: SearchMapping[], corrected: string[], typed: string[]): SearchMapping[] {
  if (corrected.length !== typed.length) return mapping;
  return mapping.map((m) => {
    const words = m.matched.split(' ');
    const start = corrected.findIndex((_, i) => words.every((w, j) => corrected[i + j] === w));
    const original = start < 0 ? m.matched : typed.slice(start, start + words.length).join(' ');
    return original === m.matched ? m : { ...m, corrected_from: original };
  });
}
