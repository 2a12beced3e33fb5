import { normalizeTerm } from '../search/query-parser';

/** A topic page lists about this many other names: enough to recognise the subject, not MeSH's every variant. */
export const OTHER_NAMES_MAX = 10;

/**
 * A MeSH term in the order people say it: MeSH files permutations with the key word first ("Headache,
 * Migraine", "Rhinitis, Allergic, Seasonal", "Diabetes Mellitus, Type 2"); read back to front they are
 * "Migraine Headache", "Seasonal Allergic Rhinitis", "Type 2 Diabetes Mellitus".
 */
export function naturalOrder(term: string): string {
  if (!term.includes(', ')) return term;
  return term.split(', ').reverse().join(' ');
}

/** One word's singular, near enough to tell "Migraine Headaches" from "Migraine Headache" as one name. */
const singular = (word: string) =>
  word.length <= 3 || word.endsWith('ss') ? word : word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/s$/, '');

/** What two spellings of one name share: the words in natural order, lower case, singular. */
export const nameKey = (term: string) => normalizeTerm(naturalOrder(term)).split(' ').map(singular).join(' ');

/** Short words MeSH leaves in lower case inside a name ("Diseases of the Nervous System"). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** An everyday name from the lay vocabulary (kept in lower case there) capitalised as MeSH's names are: "Coronary Thrombosis". */
const titleCase = (term: string) =>
  term.replace(/\p{L}[\p{L}'’]*/gu, (word, at: number) =>
    at > 0 && MINOR_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
  );

export interface TopicNames {
  /** The everyday name shown before the MeSH name, or null when none is shorter and different. */
  layName: string | null;
  /** "Also called": the other names, at most OTHER_NAMES_MAX. */
  otherNames: string[];
}

/** An abbreviation ("NIDDM", "MODY"): kept among the other names, never the heading. */
const isAcronym = (term: string) => /^[\p{Lu}\p{N}-]+$/u.test(term) && /\p{Lu}.*\p{Lu}/u.test(term);

/**
 * A topic page's names, from NLM's entry terms and the reviewed lay vocabulary's everyday names (never
 * invented ones): each in natural word order, each name once (singular and plural, and MeSH's
 * permutations, are one name), the descriptor's own name left out. MeSH records no frequency, so the
 * most common names come first by what the sources say: everyday names that are also MeSH entry terms
 * (both agree: "Heart Attack"), then the other everyday names, then the entry terms in NLM's order
 * (its preferred concept's terms first: "Head Pain" before "Vertex Headache"), abbreviations last.
 * The lay name is the first of these, not an abbreviation, that is shorter than the MeSH name and does
 * not merely extend it ("Migraine" for Migraine Disorders, not "Migraine Disorder").
 */
export function topicNames(name: string, entryTerms: readonly string[], everydayNames: readonly string[]): TopicNames {
  const entries = entryTerms.map(naturalOrder);
  const entryByKey = new Map<string, string>();
  for (const entry of entries) if (!entryByKey.has(nameKey(entry))) entryByKey.set(nameKey(entry), entry);
  const everyday = everydayNames.map((term) => entryByKey.get(nameKey(term)) ?? titleCase(term));
  const agreed = everyday.filter((term) => entryByKey.has(nameKey(term)));
  const seen = new Set([nameKey(name)]);
  const ranked: string[] = [];
  for (const term of [...agreed, ...everyday, ...entries.filter((e) => !isAcronym(e)), ...entries.filter(isAcronym)]) {
    const key = nameKey(term);
    if (seen.has(key)) continue;
    seen.add(key);
    ranked.push(term);
  }
  const natural = naturalOrder(name);
  const own = normalizeTerm(natural);
  const layName = ranked.find((term) => !isAcronym(term) && term.length < natural.length && !normalizeTerm(term).startsWith(own)) ?? null;
  return { layName, otherNames: ranked.filter((term) => term !== layName).slice(0, OTHER_NAMES_MAX) };
}
