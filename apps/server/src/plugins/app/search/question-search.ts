import type { SearchMapping } from '@wink/contracts';
import type { Db } from '../../../db/client';
import { parseQuery, STOPWORDS, type ParsedQuery } from './query-parser';
import { AUDIENCES, INTENTS, serves, type QueryReading } from './query-reading';
import { questionRepository, type CandidateFacts, type PartTest } from './question-repository';
import type { SearchFilters, SearchPlan } from './search-match';
import { searchRepository } from './search-repository';
import type { FacetCount } from './search-sampling';
import type { RankContext } from './search-score';
import type { Correction } from './spelling';
import { vocabularyRepository } from './vocabulary-repository';

/**
 * Retrieval that degrades gracefully, for a query read as a question (query-reading.ts). PubMed's
 * strict AND of every word is the wrong model for "sore throat that wont go away": here the subject is
 * split into parts (each mapped concept, each word no descriptor took), every part is searched on its
 * own and the subject as a whole, and every article found is a candidate, ranked by how much of the
 * question it covers, then by the pages serving the question's intent and audience, then by Best Match.
 * An article is found for a word only when it holds that word whole (stemmed), never inside another.
 */

/** How many of each part's best hits become candidates: the pages answering a question are among a part's best. */
const PER_PART = 40;
/** Score weights: coverage dominates; intent and audience lift the pages that serve them; Best Match orders the rest. */
const COVERAGE = 10;
const INTENT_TITLE = 1.5;
const INTENT_SUMMARY = 0.3;
const AUDIENCE_TITLE = 5.5;
const AUDIENCE_SUMMARY = 0.5;
const BEST_MATCH = 0.25;
/** A word no descriptor took counts less than a concept: "normal", "spring" say less than "blood sugar". */
const WORD_WEIGHT = 0.6;
/** A concept found only through the nearest broader topic that has pages counts half. */
const BROADER = 0.5;
/**
 * A part of the body (MeSH's Body Regions, A01) beside a complaint says where it is, and counts as
 * little as a plain word: "pins and needles in my hands" is about pins and needles.
 */
const PLACE_WEIGHT = 0.6;
const BODY_REGIONS = 'A01.';

export interface QuestionDeps {
  db: Db;
  plan(parsed: ParsedQuery): Promise<{ plan: SearchPlan; mapping: SearchMapping[] }>;
  correction(parsed: ParsedQuery): Promise<Correction | null>;
  context(mapping: SearchMapping[]): RankContext;
}

export interface QuestionPart {
  /** The words as searched (a correction's when a word was corrected). */
  text: string;
  /** The words as typed. */
  typed: string;
  weight: number;
  test: PartTest;
  /** The part found nothing of its own: its candidates are those of the nearest broader topic (or none). */
  broadened: { ui: string; name: string } | null;
  hits: number;
}

export interface QuestionHit {
  id: string;
  rank: string;
  /** The share of the question's parts the article covers (0–1). */
  coverage: number;
  source: string;
  publication_types: string[];
}

export interface QuestionResult {
  subject: string;
  /** The subject's plan: its snippets highlight the subject's words. */
  plan: SearchPlan;
  parts: QuestionPart[];
  mapping: SearchMapping[];
  /** The subject as typed and as searched, when a word of it was corrected. */
  correction: { typed: string; searched: string } | null;
  /** Every candidate, best first. */
  hits: QuestionHit[];
  /** Whether a part had more hits than were taken as candidates (the total is then a lower bound). */
  capped: boolean;
  /** The parts that found nothing, and the nearest topic with pages to offer instead. */
  nothingFound: { words: string[]; nearest_topic: { ui: string; name: string } | null } | null;
}

/**
 * The nearest topic with pages for a part that found nothing: up its descriptors' trees when it mapped,
 * else from the vocabulary terms that look like it ("nephrolith" → Kidney Calculi), up theirs.
 */
async function nearestTopicFor(db: Db, text: string, mapping: SearchMapping[]): Promise<{ ui: string; name: string } | null> {
  const uis = mapping.length > 0 ? mapping.map((m) => m.ui) : (await vocabularyRepository.suggest(db, text, 3)).map((s) => s.ui);
  for (const ui of [...new Set(uis)]) {
    const topic = await questionRepository.nearestTopicWithPages(db, await questionRepository.treeNumbers(db, [ui]));
    if (topic) return topic;
  }
  return null;
}

/** Whether every one of the descriptors is a part of the body and nothing else. */
async function isPlace(db: Db, uis: string[]): Promise<boolean> {
  const trees = await questionRepository.treeNumbers(db, uis);
  return trees.length > 0 && trees.every((tn) => tn.startsWith(BODY_REGIONS));
}

const wordOnly = ({ plan }: { plan: SearchPlan }) => ({ plan: { ...plan, concepts: [], boostUis: [] }, mapping: [] as SearchMapping[] });

/** The subject's parts: each mapped phrase (one concept, maybe several descriptors), then each word no phrase took. */
function partsOf(words: string[], mapping: SearchMapping[]): { text: string; mapped: boolean }[] {
  const used = new Array<boolean>(words.length).fill(false);
  const out: { text: string; mapped: boolean; at: number }[] = [];
  for (const phrase of [...new Set(mapping.map((m) => m.matched))]) {
    const ws = phrase.split(' ');
    const at = words.findIndex((_, i) => ws.every((w, j) => words[i + j] === w));
    if (at < 0) continue;
    used.fill(true, at, at + ws.length);
    out.push({ text: phrase, mapped: true, at });
  }
  words.forEach((w, i) => {
    if (!used[i] && !STOPWORDS.has(w) && !out.some((p) => p.text === w)) out.push({ text: w, mapped: false, at: i });
  });
  return out.sort((a, b) => a.at - b.at).map(({ text, mapped }) => ({ text, mapped }));
}

/** `typed`: the query's words as typed (capitals kept: "MS" maps as an abbreviation, "ms" inside a query does not). */
export async function searchQuestion(
  deps: QuestionDeps,
  reading: QueryReading,
  typed: string[],
  filters: SearchFilters,
): Promise<QuestionResult> {
  // Each part is searched with every filter, so a filtered question ranks the filtered pages' best;
  // its facets count those candidates only (questionPage).
  const typedSubject = reading.subject.join(' ');
  const subjectPlan = await deps.plan(parseQuery(reading.subjectIndexes.map((i) => typed[i] ?? '').join(' ')));
  const found = partsOf(reading.subject, subjectPlan.mapping);
  const candidates = new Map<string, number>();
  const parts: QuestionPart[] = [];
  const mapping: SearchMapping[] = [];
  let capped = false;
  const nothing: string[] = [];
  let nearest: { ui: string; name: string } | null = null;

  for (const { text, mapped } of found) {
    let searched = text;
    // A word the subject's mapping left alone is searched as a word: alone it might be read as more
    // ("ms" as the abbreviation of multiple sclerosis, allowed only as a whole query).
    let part = mapped ? await deps.plan(parseQuery(text)) : wordOnly(await deps.plan(parseQuery(text)));
    let hits = await searchRepository.topHits(deps.db, part.plan, deps.context(part.mapping), filters, null, PER_PART + 1);
    // A word that is in no article and no descriptor may be misspelt ("diabetis", "astma").
    if (hits.length === 0 && !mapped) {
      const fix = await deps.correction(parseQuery(text));
      if (fix?.confident && fix.text !== text) {
        const fixed = await deps.plan(parseQuery(fix.text));
        const fixedHits = await searchRepository.topHits(deps.db, fixed.plan, deps.context(fixed.mapping), filters, null, PER_PART + 1);
        if (fixedHits.length > 0) [searched, part, hits] = [fix.text, fixed, fixedHits];
      }
    }
    let broadened: QuestionPart['broadened'] = null;
    let test: PartTest = {
      text: searched,
      uis: part.plan.boostUis,
      names: part.mapping.map((m) => m.name),
      termUis: part.mapping.map((m) => m.ui),
    };
    // A concept without pages of its own ("glue ear") is answered by its nearest broader topic that has some.
    if (hits.length === 0 && part.mapping.length > 0) {
      const topic = await nearestTopicFor(deps.db, text, part.mapping);
      if (topic) {
        const wider = await deps.plan(parseQuery(`"${topic.name.toLowerCase()}"`));
        hits = await searchRepository.topHits(deps.db, wider.plan, deps.context(wider.mapping), filters, null, PER_PART + 1);
        broadened = topic;
        // A page saying the concept in its own words ("passing a lot of urine") still covers it.
        test = { text: topic.name, uis: wider.plan.boostUis, termUis: [topic.ui, ...part.mapping.map((m) => m.ui)] };
        nearest ??= topic;
      }
    }
    if (hits.length === 0) {
      nothing.push(text);
      nearest ??= await nearestTopicFor(deps.db, text, part.mapping);
    }
    capped ||= hits.length > PER_PART;
    for (const hit of hits.slice(0, PER_PART)) candidates.set(hit.id, (candidates.get(hit.id) ?? 0) + 1);
    mapping.push(...part.mapping.map((m) => (searched !== text ? { ...m, corrected_from: text } : m)));
    const concept = mapped || part.mapping.length > 0;
    const place =
      concept &&
      found.length > 1 &&
      (await isPlace(
        deps.db,
        part.mapping.map((m) => m.ui),
      ));
    parts.push({
      text: searched,
      typed: text,
      weight: (place ? PLACE_WEIGHT : concept ? 1 : WORD_WEIGHT) * (broadened ? BROADER : 1),
      test,
      broadened,
      hits: Math.min(hits.length, PER_PART),
    });
  }

  const searchedSubject = reading.subject.map((w) => parts.find((p) => p.typed === w && p.text !== p.typed)?.text ?? w).join(' ');
  const subject = searchedSubject === typedSubject ? subjectPlan : await deps.plan(parseQuery(searchedSubject));
  // The subject as a whole, strictly: the articles covering every part, however common each part is.
  if (parts.length > 1) {
    const whole = await searchRepository.topHits(deps.db, subject.plan, deps.context(subject.mapping), filters, null, PER_PART);
    for (const hit of whole) candidates.set(hit.id, (candidates.get(hit.id) ?? 0) + 1);
  }
  const facts = await questionRepository.facts(
    deps.db,
    [...candidates.keys()],
    parts.map((p) => p.test),
    subject.plan,
    deps.context(subject.mapping),
  );
  const hits = facts
    .map((f) => ({ fact: f, ...scored(f, parts, reading) }))
    .filter((h) => h.coverage > 0)
    .sort((a, b) => Number(b.rank) - Number(a.rank) || (b.fact.id < a.fact.id ? -1 : 1))
    .map(({ fact, rank, coverage }) => ({ id: fact.id, rank, coverage, source: fact.source, publication_types: fact.publication_types }));
  return {
    subject: searchedSubject,
    plan: subject.plan,
    parts,
    mapping,
    correction: searchedSubject !== typedSubject ? { typed: typedSubject, searched: searchedSubject } : null,
    hits,
    capped,
    nothingFound:
      hits.length === 0 || nothing.length > 0 ? { words: nothing.length ? nothing : [typedSubject], nearest_topic: nearest } : null,
  };
}

/** A candidate's score: coverage of the parts, the intent and audience it serves, Best Match. */
function scored(fact: CandidateFacts, parts: QuestionPart[], reading: QueryReading): { rank: string; coverage: number } {
  let covered = 0;
  let total = 0;
  parts.forEach((part, i) => {
    const [title, major, tagged, text] = fact.parts[i] ?? [false, false, false, false];
    const credit = title || major ? 1 : tagged ? 0.75 : text ? 0.6 : 0;
    covered += credit * part.weight;
    total += part.weight;
  });
  const coverage = total > 0 ? covered / total : 0;
  const intentCues = reading.intents.flatMap((i) => INTENTS[i].serves);
  const audienceCues = reading.audiences.flatMap((a) => AUDIENCES[a].serves);
  const lift = (cues: string[], inTitle: number, inSummary: number) =>
    cues.length === 0 ? 0 : serves(fact.title, cues) ? inTitle : serves(fact.summary, cues) ? inSummary : 0;
  const score =
    COVERAGE * coverage +
    lift(intentCues, INTENT_TITLE, INTENT_SUMMARY) +
    lift(audienceCues, AUDIENCE_TITLE, AUDIENCE_SUMMARY) +
    BEST_MATCH * fact.best;
  return { rank: score.toFixed(6), coverage };
}

/** A page of a question's candidates after `position` (rank, id), and their facets (the candidates were found with the filters applied). */
export function questionPage(
  result: QuestionResult,
  filters: SearchFilters,
  position: { rank: string; id: string } | null,
  size: number,
): { shown: QuestionHit[]; more: boolean; total: number; facets: { source: FacetCount[]; publication_type: FacetCount[] } } {
  const sourceOk = (h: QuestionHit) => !filters.source || h.source === filters.source;
  const typeOk = (h: QuestionHit) => !filters.publicationType || h.publication_types.includes(filters.publicationType);
  const passing = result.hits.filter((h) => sourceOk(h) && typeOk(h));
  const after = position
    ? passing.filter((h) => Number(h.rank) < Number(position.rank) || (Number(h.rank) === Number(position.rank) && h.id < position.id))
    : passing;
  const count = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].map(([value, n]) => ({ value, count: n })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };
  return {
    shown: after.slice(0, size),
    more: after.length > size,
    total: passing.length,
    facets: {
      source: count(result.hits.filter(typeOk).map((h) => h.source)),
      publication_type: count(result.hits.filter(sourceOk).flatMap((h) => h.publication_types)),
    },
  };
}
