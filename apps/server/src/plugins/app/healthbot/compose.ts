import type { HealthbotAnswerKind, HealthbotCitation } from '@wink/contracts';
import { ASKS_PREFACE, INTRO, NOT_ADVICE, noResultsText } from './answer-texts';
import type { Passage } from './passages';
import type { SafetyVerdict } from './safety';

export interface ComposedAnswer {
  kind: HealthbotAnswerKind;
  text: string;
  citations: HealthbotCitation[];
}

/** One numbered source per article, numbered in the order the answer first cites them; quotes joined. */
export function citationsFor(passages: Passage[]): HealthbotCitation[] {
  const citations: HealthbotCitation[] = [];
  for (const passage of passages) {
    const existing = citations.find((c) => c.article_id === passage.article.id);
    if (existing) {
      existing.quote = `${existing.quote} ${passage.text}`;
      continue;
    }
    citations.push({
      n: citations.length + 1,
      article_id: passage.article.id,
      title: passage.article.title,
      source: passage.article.source,
      url: passage.article.url,
      quote: passage.text,
    });
  }
  return citations;
}

/**
 * The offline answer: the chosen sentences word for word, each followed by its source's number, one
 * paragraph per article; then the not-medical-advice note. Nothing is paraphrased, so nothing is said
 * that a cited passage does not say.
 */
export function composeOffline(passages: Passage[], verdict: SafetyVerdict, query: string): ComposedAnswer {
  if (passages.length === 0) return { kind: 'no_results', text: noResultsText(query), citations: [] };
  const citations = citationsFor(passages);
  const paragraphs: string[] = [];
  let current = '';
  let currentArticle = '';
  for (const passage of passages) {
    const n = citations.find((c) => c.article_id === passage.article.id)!.n;
    const sentence = `${passage.text} [${n}]`;
    if (passage.article.id === currentArticle) current = `${current} ${sentence}`;
    else {
      if (current) paragraphs.push(current);
      current = sentence;
      currentArticle = passage.article.id;
    }
  }
  paragraphs.push(current);
  const opening = verdict.asks ? ASKS_PREFACE[verdict.asks] : INTRO;
  return { kind: 'answer', text: [opening, ...paragraphs, NOT_ADVICE].join('\n\n'), citations };
}

/** Splits text into the pieces a stream sends: a few words at a time, spaces kept, so joining them gives the text back. */
export function chunksOf(text: string, wordsPerChunk = 4): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  const leading = text.match(/^\s+/)?.[0] ?? '';
  for (let i = 0; i < tokens.length; i += wordsPerChunk) chunks.push(tokens.slice(i, i + wordsPerChunk).join(''));
  if (leading && chunks.length) chunks[0] = leading + chunks[0];
  return chunks;
}
