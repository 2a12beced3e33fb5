import { ANSWER_WORDS, type Intent } from '../search/query-reading';
import { stem, stemsOf } from './question-terms';
import { mentionsDose } from './safety';

/** An article the search found, with the text passages are cut from. */
export interface RetrievedArticle {
  id: string;
  title: string;
  summary: string;
  source: 'pubmed' | 'medlineplus' | 'curated';
  url: string | null;
  /** The share of the question's subject the search found the article to cover (question-search.ts), when known. */
  coverage?: number;
}

export interface Passage {
  article: RetrievedArticle;
  /** Where the article came in the search's ranking (0 is best). */
  articleRank: number;
  /** Where the sentence sits in its article (reading order within an answer). */
  position: number;
  text: string;
  score: number;
}

/** What the question is about: its search words and the MeSH descriptors they mapped to. */
export interface QuestionFocus {
  terms: string[];
  /** Each mapped concept's words (descriptor name and the phrase that matched it), stemmed. */
  concepts: string[][];
  /** What the question asks about its subject (query-reading.ts): the sentences answering it are preferred. */
  intents?: Intent[];
}

const MAX_PASSAGES = 4;
const MAX_PER_ARTICLE = 2;
const MAX_ARTICLES = 3;
const MIN_SENTENCE = 25;
const MAX_SENTENCE = 400;
/** An article the search found to cover this much of the question's subject is on topic: every part tagged or in its title (question-search.ts). */
const COVERED = 0.75;
/** A sentence answering the question's intent ("Painkillers taken early…" for "what helps a migraine") counts this much per cue word. */
const INTENT_WORD = 1.2;

/** Sentences of a summary: split after . ! ? followed by a capital, digit or quote, so "e.g. a" stays whole. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=["“(\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => s.length >= MIN_SENTENCE && s.length <= MAX_SENTENCE);
}

/** A sentence that leans on the one before it ("It can also...", "These include...") makes no sense quoted alone. */
const LEANS_BACK = /^(it|its|they|their|them|this|these|that|those|he|she|such|both|also|however|but|and|so)\b/i;

const coversConcept = (stems: Set<string>, focus: QuestionFocus) => focus.concepts.some((words) => words.every((w) => stems.has(w)));

/** Whether an article is about the question: it speaks of a mapped concept, or of half the question's words. */
function isRelevant(stems: Set<string>, focus: QuestionFocus, termStems: string[]): boolean {
  if (coversConcept(stems, focus)) return true;
  const matched = termStems.filter((s) => stems.has(s)).length;
  return matched > 0 && matched >= Math.ceil(termStems.length / 2);
}

interface Candidate {
  article: RetrievedArticle;
  articleRank: number;
  position: number;
  text: string;
  stems: Set<string>;
  /** The article's title names what was asked: its sentences are on topic even when they do not repeat the words. */
  onTopic: boolean;
  /** The title starts with the topic ("Asthma: what happens…"): the article is about it, not about a side of it. */
  leadsWithTopic: boolean;
}

function candidatesFrom(articles: RetrievedArticle[], focus: QuestionFocus, termStems: string[]): Candidate[] {
  const out: Candidate[] = [];
  articles.forEach((article, articleRank) => {
    // The search found the article to be about the question (its title or tags name the subject): it is
    // on topic whatever words it uses ("anaemia" for "anemia", "stinging when you pee" for "when i wee").
    const covers = (article.coverage ?? 0) >= COVERED;
    if (!covers && !isRelevant(stemsOf(`${article.title} ${article.summary}`), focus, termStems)) return;
    const titleStems = stemsOf(article.title);
    const onTopic = covers || coversConcept(titleStems, focus) || isRelevant(titleStems, { terms: focus.terms, concepts: [] }, termStems);
    const firstWord = stem(article.title.match(/[\p{L}\p{N}]+/u)?.[0] ?? '');
    const leadsWithTopic = focus.concepts.some((words) => words.includes(firstWord));
    sentencesOf(article.summary).forEach((text, position) => {
      if (mentionsDose(text) || (position > 0 && LEANS_BACK.test(text))) return;
      out.push({ article, articleRank, position, text, stems: stemsOf(text), onTopic, leadsWithTopic });
    });
  });
  return out;
}

/** Rarer words count more: among these sentences, "symptoms" says more about the question than "diabetes" in every one. */
function weights(candidates: Candidate[], termStems: string[]): Map<string, number> {
  const n = candidates.length;
  return new Map(termStems.map((t) => [t, Math.log(1 + n / (1 + candidates.filter((c) => c.stems.has(t)).length))]));
}

/**
 * The best few sentences across the best articles: at most four, two per article, three articles,
 * none much weaker than the best. An article's sentences stay in their order; articles come in the
 * order of their best sentence. A sentence naming an amount of a medicine is never picked (Wink does not dose).
 */
export function selectPassages(articles: RetrievedArticle[], focus: QuestionFocus): Passage[] {
  const termStems = [...new Set([...focus.terms.map(stem), ...focus.concepts.flat()])];
  if (termStems.length === 0) return [];
  const candidates = candidatesFrom(articles, focus, termStems);
  // The mapped concepts say what the question is about; the other words say what about it ("symptoms", "causes").
  const topic = new Set(focus.concepts.flat());
  const aspects = termStems.filter((t) => !topic.has(t));
  const weight = weights(candidates, aspects);
  const answers = [...new Set((focus.intents ?? []).flatMap((i) => ANSWER_WORDS[i]).map(stem))];
  const scored: Passage[] = [];
  for (const c of candidates) {
    const aspect = aspects.filter((t) => c.stems.has(t)).reduce((sum, t) => sum + weight.get(t)!, 0);
    const intent = Math.min(3, answers.filter((w) => c.stems.has(w)).length) * INTENT_WORD;
    const names = coversConcept(c.stems, focus) ? 1 : 0;
    // An on-topic article's sentences qualify by their place (summaries lead with the point) or by answering the intent.
    if (aspect === 0 && names === 0 && intent === 0 && !c.onTopic) continue;
    // Off-topic articles only lend a sentence that names the topic itself.
    if (topic.size > 0 && !c.onTopic && names === 0) continue;
    // Earlier articles and earlier sentences win ties: the search ranked them, and summaries lead with the point.
    const score =
      1.5 * aspect + intent + names + (c.onTopic ? 2 : 0) + (c.leadsWithTopic ? 0.5 : 0) - c.articleRank * 0.1 - c.position * 0.05;
    scored.push({ article: c.article, articleRank: c.articleRank, position: c.position, text: c.text, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  const chosen: Passage[] = [];
  const perArticle = new Map<string, number>();
  for (const passage of scored) {
    if (passage.score < best * 0.5) break;
    const used = perArticle.get(passage.article.id) ?? 0;
    if (used >= MAX_PER_ARTICLE || (used === 0 && perArticle.size >= MAX_ARTICLES)) continue;
    perArticle.set(passage.article.id, used + 1);
    chosen.push(passage);
    if (chosen.length === MAX_PASSAGES) break;
  }
  const articleOrder = [...perArticle.keys()];
  return chosen.sort((a, b) => articleOrder.indexOf(a.article.id) - articleOrder.indexOf(b.article.id) || a.position - b.position);
}
