import { setTimeout as sleep } from 'node:timers/promises';
import type { HealthbotAnswerKind, HealthbotCitation, HealthbotEngine, HealthbotStreamEvent } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { SearchService } from '../search/search-service';
import { EMERGENCY_TEXT, FALLBACK_MESSAGE, NOT_ADVICE, REFUSAL_TEXT } from './answer-texts';
import { chunksOf, composeOffline, type ComposedAnswer } from './compose';
import { LlmError, streamChat, type LlmSettings } from './llm-client';
import { citedIn, isSupported, promptFor } from './llm-prompt';
import { selectPassages } from './passages';
import { retrieve } from './retrieval';
import { classifyMessage } from './safety';

/** The answer as stored once the stream is over. */
export interface FinalAnswer {
  kind: HealthbotAnswerKind;
  content: string;
  citations: HealthbotCitation[];
  engine: HealthbotEngine;
  fellBack: boolean;
  searchQuery: string | null;
}

export interface EngineDeps {
  db: Db;
  search: SearchService;
  /** Set when an OpenAI-compatible model is configured; otherwise every answer is the offline one. */
  llm: LlmSettings | null;
  /** Milliseconds between the offline answer's pieces. */
  paceMs: number;
}

type StreamPiece = Extract<HealthbotStreamEvent, { type: 'citations' | 'delta' | 'fallback' }>;

/**
 * A composed text as deltas, a few words at a time. The offline answer is ready all at once; spacing
 * its pieces by a few milliseconds lets it arrive as a stream does (readable as it grows, like the
 * model's), at about 400 words a second, far quicker than anyone reads.
 */
async function* deltas(text: string, paceMs: number): AsyncGenerator<StreamPiece> {
  let first = true;
  for (const piece of chunksOf(text)) {
    if (!first && paceMs > 0) await sleep(paceMs);
    first = false;
    yield { type: 'delta', text: piece };
  }
}

/**
 * One answer, as stream events: safety first (an emergency's wording goes out before any search
 * runs; a message that tries to change the rules gets a refusal and nothing else), then retrieval,
 * then the offline answer or the model's, falling back to the offline one when the model times out,
 * fails, or writes something the sources do not support. Returns what to store.
 */
export async function* answer(deps: EngineDeps, question: string, signal?: AbortSignal): AsyncGenerator<StreamPiece, FinalAnswer> {
  const verdict = classifyMessage(question);
  if (verdict.injection && !verdict.emergency) {
    yield* deltas(REFUSAL_TEXT, deps.paceMs);
    return { kind: 'refusal', content: REFUSAL_TEXT, citations: [], engine: 'offline', fellBack: false, searchQuery: null };
  }

  const emergency = verdict.emergency ? `${EMERGENCY_TEXT[verdict.emergency]}\n\n` : '';
  if (emergency) {
    yield* deltas(emergency, 0);
    // Let the emergency wording reach the socket before retrieval: the embedded database runs on this
    // thread, and a stream reads ahead, so without this the words would wait for the search.
    await new Promise((resolve) => setImmediate(resolve));
  }

  const retrieval = await retrieve(deps.search, deps.db, question);
  const offline = composeOffline(selectPassages(retrieval.articles, retrieval.focus), verdict, retrieval.query);
  const searchQuery = retrieval.query || null;

  // In an emergency the rest is the offline answer: fixed wording and quotes only, nothing generated.
  if (emergency) {
    const rest = offline.kind === 'answer' ? offline.text : NOT_ADVICE;
    if (offline.citations.length) yield { type: 'citations', citations: offline.citations };
    yield* deltas(rest, deps.paceMs);
    return { kind: 'emergency', content: emergency + rest, citations: offline.citations, engine: 'offline', fellBack: false, searchQuery };
  }

  yield { type: 'citations', citations: offline.citations };
  if (!deps.llm || offline.kind !== 'answer') {
    yield* deltas(offline.text, deps.paceMs);
    return { ...stored(offline), engine: 'offline', fellBack: false, searchQuery };
  }

  let generated = '';
  let failure: keyof typeof FALLBACK_MESSAGE | null = null;
  try {
    for await (const piece of streamChat(deps.llm, promptFor(question, offline.citations), signal)) {
      generated += piece;
      yield { type: 'delta', text: piece };
    }
    if (!isSupported(generated, offline.citations)) failure = 'unsupported';
  } catch (err) {
    if (!(err instanceof LlmError)) throw err;
    failure = err.reason;
  }
  if (failure) {
    const content = `${FALLBACK_MESSAGE[failure]}\n\n${offline.text}`;
    yield { type: 'fallback', reason: failure, message: FALLBACK_MESSAGE[failure] };
    yield* deltas(content, deps.paceMs);
    return { ...stored(offline), content, engine: 'offline', fellBack: true, searchQuery };
  }
  const closing = `\n\n${NOT_ADVICE}`;
  yield { type: 'delta', text: closing };
  return {
    kind: 'answer',
    content: generated.trim() + closing,
    citations: citedIn(generated, offline.citations),
    engine: 'llm',
    fellBack: false,
    searchQuery,
  };
}

const stored = (composed: ComposedAnswer) => ({ kind: composed.kind, content: composed.text, citations: composed.citations });
