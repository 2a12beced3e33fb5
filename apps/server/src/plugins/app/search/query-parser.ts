/**
 * Reads a websearch-style query (the syntax `websearch_to_tsquery` accepts) for the parts the
 * automatic term mapping needs: the words in order, whether they are OR'ed, and which are excluded.
 * It never throws: anything it does not understand is just more words.
 */
export interface ParsedQuery {
  /** The query as searched: trimmed, control characters (NUL breaks PostgreSQL) removed. */
  text: string;
  /** Lower-cased words that may map to MeSH (not excluded, not the `or` operator). */
  words: string[];
  /** The same words as typed, capitals kept: an abbreviation ("MS") maps only when typed in capitals. */
  typed: string[];
  /** Words written with a leading minus. */
  excluded: string[];
  /** Whether the words are joined by `or`, which makes the mapped concepts alternatives, not all required. */
  anyOf: boolean;
}

/** Words too common to map to a descriptor on their own (PubMed skips its stopwords the same way). */
export const STOPWORDS = new Set(
  'a an and are as at be by for from how i in into is it my of on or the to what when which with without'.split(' '),
);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function parseQuery(raw: string | undefined): ParsedQuery {
  const text = (raw ?? '').replace(CONTROL, ' ').trim();
  const words: string[] = [];
  const typed: string[] = [];
  const excluded: string[] = [];
  let anyOf = false;
  // A token is a run of letters or digits (hyphens and apostrophes inside a word kept), maybe after a minus.
  for (const match of text.matchAll(/(^|[\s"(])(-?)([\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*)/gu)) {
    const word = match[3]!.toLowerCase();
    if (match[2]) excluded.push(word);
    else if (word === 'or') anyOf = true;
    else {
      words.push(word);
      typed.push(match[3]!);
    }
  }
  // Words glued to punctuation (`heart&attack`, `'asthma'`) are still words for the mapping.
  if (words.length === 0 && excluded.length === 0) {
    typed.push(...(text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.toLowerCase() !== 'or'));
    words.push(...typed.map((w) => w.toLowerCase()));
  }
  return { text, words, typed, excluded, anyOf };
}

/** The longest phrases a query may map through; longer queries map their first words only. */
const MAX_MAPPED_WORDS = 16;

/** Every run of consecutive words (the whole phrase and its sub-phrases), longest first, without lone stopwords. */
export function subPhrases(words: string[]): { phrase: string; start: number; length: number }[] {
  const capped = words.slice(0, MAX_MAPPED_WORDS);
  const out: { phrase: string; start: number; length: number }[] = [];
  for (let length = capped.length; length >= 1; length--) {
    for (let start = 0; start + length <= capped.length; start++) {
      const part = capped.slice(start, start + length);
      if (length === 1 && STOPWORDS.has(part[0]!)) continue;
      out.push({ phrase: part.join(' '), start, length });
    }
  }
  return out;
}

/**
 * How descriptor terms are compared with query phrases: the words the parser would read from the term
 * typed as a query, lower case, one space apart ("Graves' Disease" is "graves disease", as typed).
 * vocabulary-repository.ts does the same in SQL when it fills mesh_terms.
 */
export const normalizeTerm = (term: string) => (term.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).join(' ');
