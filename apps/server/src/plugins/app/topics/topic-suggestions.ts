import type { SearchMapping } from '@wink/contracts';
import type { DbOrTx } from '../../../db/client';
import type { SearchService } from '../search/search-service';
import { normalizeTerm } from '../search/query-parser';
import { topicsRepository, type DescriptorFacts } from './topics-repository';

/** The search mapping reads at most 16 words at a time (query-parser.ts), so longer text is read in parts. */
const WORDS_PER_PART = 16;
/** The body's first words are what it is about; past these, suggestions would only add noise. */
const BODY_PARTS = 4;
/** A discussion gets at most this many automatic topics: the few it is about, not every subject it names. */
export const SUGGESTED_TOPICS_MAX = 3;
/** Below this confidence a match is left out: no topic is better than a wrong one. */
export const TOPIC_CONFIDENCE_MIN = 0.6;

/**
 * The MeSH tree branches a discussion's automatic topics come from: the subjects people come to talk
 * about, and nothing that merely happens to be named in passing.
 * - C (Diseases): every disease, injury and condition, with C23 (signs and symptoms) and C25 (side
 *   effects of drugs).
 * - F03 (Mental Disorders), F01.145.126 (Behavioral Symptoms: depression, stress, self-harm) and the
 *   emotions that are mental-health subjects, F01.470.132 (Anxiety), .142 (Bereavement, Grief),
 *   .282 (Depression), .361 (Fear, Panic) and .713 (Loneliness); F01.145.488 (Health Behavior:
 *   stopping smoking, taking medicines as prescribed); F04.754 (Psychotherapy, talking therapies).
 * - D (Chemicals and Drugs) for medicines and drug classes: D02 to D08 (drugs, hormones, vitamins,
 *   enzymes), D12 (proteins such as insulin), D27.505 (drug classes by action). Left out: D01 (elements and
 *   salts, everyday words such as "lead", "iron", "water"), D09 (sugars: "glucose" is a food), D10
 *   (fats), D13, D20 to D26 (mixtures, biological factors, materials, and dosage forms like "Tablets").
 * - E01 (diagnostic tests), E02 (treatments), E03 (anaesthesia), E04 (operations), E06 (dental care).
 *   Left out: E02.760 (Patient Care: how care is organised, "hospice" the charity as much as the care;
 *   its rehabilitation therapies stay, being also in E02.831), E05 (laboratory methods) and E07
 *   (equipment: "Beds", "Eyeglasses").
 * Left out entirely: A (anatomy: a body part is where, not what), G (physiology: "Sleep", "Eating"),
 * I, J, K, L, M, N (activities, food, people, places, health services: "Work", "Lunch", "Adolescent",
 * "Health Services Needs and Demand"). A descriptor counts when any of its tree numbers is in a branch;
 * the branch roots themselves ("Diagnosis", "Surgical Procedures, Operative") have no tree number
 * and never count: they say nothing about a discussion.
 */
export const HEALTH_BRANCHES = [
  'C',
  'F03',
  'F01.145.126',
  'F01.145.488',
  'F01.470.132',
  'F01.470.142',
  'F01.470.282',
  'F01.470.361',
  'F01.470.713',
  'F04.754',
  'D02',
  'D03',
  'D04',
  'D05',
  'D06',
  'D08',
  'D12',
  'D27.505',
  'E01',
  'E02',
  'E03',
  'E04',
  'E06',
] as const;

/** Parts of those branches that are not subjects people talk about (see HEALTH_BRANCHES). */
const LEFT_OUT_BRANCHES = ['E02.760'] as const;

/** "C" holds "C10.228"; "D02" holds "D02.455" but not "D020". */
const inBranch = (tree: string, branch: string) =>
  branch.length === 1 ? tree.startsWith(branch) : tree === branch || tree.startsWith(`${branch}.`);

/** Whether any of a descriptor's tree numbers lies in HEALTH_BRANCHES, outside LEFT_OUT_BRANCHES. */
export const isHealthSubject = (treeNumbers: readonly string[]) =>
  treeNumbers.some(
    (tree) => HEALTH_BRANCHES.some((branch) => inBranch(tree, branch)) && !LEFT_OUT_BRANCHES.some((branch) => inBranch(tree, branch)),
  );

/** Words just before a subject that say the writer does not have it ("no fever", "without pain"). */
const NEGATIONS = new Set(['no', 'not', 'without', 'never', 'nor', 'non']);

/** One mapping of a part of the discussion, with what decides how sure it is. */
export interface TopicCandidate {
  mapping: SearchMapping;
  /** The part as written (case kept), and whether it is the title. */
  part: string;
  inTitle: boolean;
}

/**
 * How sure a match is that the discussion is about the descriptor, from 0 to 1:
 * 0 for a descriptor outside the health branches, a subject the writer says they do not have ("no
 * fever"), or an acronym typed as an ordinary word ("tips" is not TIPS, a liver shunt);
 * 1 for a phrase of two words or more, or a reviewed lay term ("hay fever");
 * 0.75 for one word that is the descriptor's name or one of its entry terms;
 * half that when only the word's other number matched ("bend" for Bends, decompression sickness);
 * nine tenths of it in the body rather than the title.
 */
export function topicConfidence({ mapping, part, inTitle }: TopicCandidate, facts: DescriptorFacts | undefined): number {
  if (!facts || !isHealthSubject(facts.treeNumbers)) return 0;
  const words = normalizeTerm(part).split(' ');
  const phrase = mapping.matched.split(' ');
  if (isNegated(words, phrase)) return 0;
  const terms = [facts.name, ...facts.entryTerms].filter((term) => normalizeTerm(term) === mapping.matched);
  const acronyms = terms.filter((term) => /^[\p{Lu}\p{N}]+$/u.test(term) && /\p{Lu}.*\p{Lu}/u.test(term));
  if (
    !mapping.lay &&
    terms.length > 0 &&
    acronyms.length === terms.length &&
    !acronyms.some((term) => new RegExp(`\\b${term}\\b`, 'u').test(part))
  )
    return 0;
  let confidence = phrase.length >= 2 || mapping.lay ? 1 : 0.75;
  if (!mapping.lay && terms.length === 0) confidence /= 2;
  return inTitle ? confidence : confidence * 0.9;
}

/** Whether every time the phrase is written it follows a negation ("no fever", "not any fever"). */
function isNegated(words: string[], phrase: string[]): boolean {
  let seen = false;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.some((word, j) => words[i + j] !== word)) continue;
    seen = true;
    const before = words.slice(Math.max(0, i - 2), i);
    if (!before.some((word) => NEGATIONS.has(word))) return false;
  }
  return seen;
}

/**
 * A discussion's suggested topics: the health subjects its title and its body's first sentences map
 * to (the same automatic term mapping as a search): the three surest at most, each at least
 * TOPIC_CONFIDENCE_MIN sure, in the order written. A discussion with no health subject gets none.
 */
export async function suggestTopics(search: SearchService, db: DbOrTx, title: string, body: string): Promise<string[]> {
  const parts = [
    ...sentenceParts(title).map((part) => ({ part, inTitle: true })),
    ...sentenceParts(body)
      .slice(0, BODY_PARTS)
      .map((part) => ({ part, inTitle: false })),
  ];
  const candidates: TopicCandidate[] = [];
  for (const { part, inTitle } of parts) {
    for (const mapping of await search.map(part)) candidates.push({ mapping, part, inTitle });
  }
  const facts = await topicsRepository.descriptorFacts(db, [...new Set(candidates.map((c) => c.mapping.ui))]);
  const best = new Map<string, number>();
  for (const candidate of candidates) {
    const confidence = topicConfidence(candidate, facts.get(candidate.mapping.ui));
    if (confidence >= TOPIC_CONFIDENCE_MIN && confidence > (best.get(candidate.mapping.ui) ?? 0))
      best.set(candidate.mapping.ui, confidence);
  }
  // The three surest (among equals the first written), then in the order written: the title's subject first.
  const order = [...best.keys()];
  const kept = new Set(
    [...best.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, SUGGESTED_TOPICS_MAX)
      .map(([ui]) => ui),
  );
  return order.filter((ui) => kept.has(ui));
}

/** Sentences, each cut into runs of at most 16 words; Markdown punctuation is just space to the mapping. */
export function sentenceParts(text: string): string[] {
  const parts: string[] = [];
  for (const sentence of text.split(/[.!?;:\n]+/)) {
    const words = sentence
      .replace(/[#*_`>[\]()-]+/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    for (let i = 0; i < words.length; i += WORDS_PER_PART) parts.push(words.slice(i, i + WORDS_PER_PART).join(' '));
  }
  return parts;
}
