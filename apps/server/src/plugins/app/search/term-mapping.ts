import type { SearchMapping } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { subPhrases, type ParsedQuery } from './query-parser';
import type { SearchPlan } from './search-match';
import { searchRepository } from './search-repository';
import { vocabularyRepository, type DescriptorMatch, type TermMatch } from './vocabulary-repository';

/** Capitals and digits, two capitals at least, maybe a plural s: how an abbreviation is typed ("MS", "A1C", "NSAIDs"). */
const CAPITALS = /^(?=(?:\p{N}*\p{Lu}){2})[\p{Lu}\p{N}]+s?$/u;

/**
 * Automatic term mapping, PubMed's way: the longest phrases first, each query word used by one
 * mapping at most, so "heart attack" maps to Myocardial Infarction and not also to Heart.
 */
export async function mapQuery(db: Db, parsed: ParsedQuery): Promise<{ plan: SearchPlan; mapping: SearchMapping[] }> {
  const phrases = subPhrases(parsed.words);
  const matches = await vocabularyRepository.descriptorsMatching(db, [
    ...new Set(phrases.flatMap((p) => [p.phrase, ...numberVariants(p.phrase)])),
  ]);
  const used = new Array<boolean>(parsed.words.length).fill(false);
  const concepts: SearchPlan['concepts'] = [];
  const mapping: SearchMapping[] = [];
  for (const { phrase, start, length } of phrases) {
    if (used.slice(start, start + length).some(Boolean)) continue;
    // The phrase as typed first; its other number ("migraines", "gallstone") only when that finds nothing.
    const abbreviationAllowed = length === parsed.words.length || parsed.typed.slice(start, start + length).every((w) => CAPITALS.test(w));
    let found: { descriptor: DescriptorMatch; term: TermMatch }[] = [];
    for (const form of [phrase, ...numberVariants(phrase)]) {
      found = matches.flatMap((descriptor) =>
        descriptor.terms
          .filter((term) => term.phrase === form && (term.lay_kind !== 'abbreviation' || abbreviationAllowed))
          .slice(0, 1)
          .map((term) => ({ descriptor, term })),
      );
      if (found.length > 0) break;
    }
    if (found.length === 0) continue;
    used.fill(true, start, start + length);
    const uis = await vocabularyRepository.withNarrower(
      db,
      found.map((f) => f.descriptor.ui),
      found.flatMap((f) => f.descriptor.tree_numbers),
    );
    concepts.push({ uis });
    for (const { descriptor, term } of found) {
      mapping.push({
        ui: descriptor.ui,
        name: descriptor.name,
        matched: phrase,
        ...(term.lay_kind ? { lay: { term: term.term, kind: term.lay_kind } } : {}),
      });
    }
  }
  const leftover = parsed.words.filter((_, i) => !used[i] && i < used.length).join(' ');
  const boostUis = [...new Set(concepts.flatMap((c) => c.uis))];
  const foundByText = await searchRepository.descriptorsFoundByText(db, boostUis, parsed.text);
  // Whether no article can match in its MeSH words (not known for `or` queries: any word may do), and how to ask.
  const meshFacts = await searchRepository.meshFacts(db, parsed.text, parsed.excluded, parsed.anyOf);
  return {
    plan: {
      text: parsed.text,
      concepts: concepts.map((c) => ({ uis: c.uis.filter((ui) => !foundByText.has(ui)) })),
      anyOf: parsed.anyOf,
      leftover,
      excluded: parsed.excluded,
      boostUis,
      ...meshFacts,
    },
    mapping,
  };
}

/** The phrase with its last word in the other number, singular for plural and back ("migraines", "gallstone"). */
function numberVariants(phrase: string): string[] {
  const cut = phrase.lastIndexOf(' ') + 1;
  const head = phrase.slice(0, cut);
  const last = phrase.slice(cut);
  if (last.length < 4 || !/^\p{L}+$/u.test(last)) return [];
  if (last.endsWith('ss')) return [`${head}${last}es`];
  if (last.endsWith('es')) return [`${head}${last.slice(0, -1)}`, `${head}${last.slice(0, -2)}`];
  if (last.endsWith('s')) return [`${head}${last.slice(0, -1)}`];
  return [`${head}${last}s`];
}
