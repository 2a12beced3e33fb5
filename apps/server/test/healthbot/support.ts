import type { HealthbotMessage, HealthbotStreamEvent } from '@wink/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { loadCorpus } from '../../src/seed/corpus-loader';
import type { ArticleFixture } from '../search/corpus';
import type { Agent } from '../support/agent';

export interface AskResult {
  status: number;
  contentType: string;
  events: HealthbotStreamEvent[];
  /** The deltas joined, as a client assembles the answer while it streams. */
  streamed: string;
  done: HealthbotMessage | null;
  body: string;
}

/** Reads the NDJSON stream: every line must be one JSON event. */
export function parseStream(body: string): HealthbotStreamEvent[] {
  return body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as HealthbotStreamEvent);
}

/** What a client shows: the deltas appended in order, cleared by a `fallback`. */
export function assemble(events: HealthbotStreamEvent[]): string {
  let text = '';
  for (const event of events) {
    if (event.type === 'delta') text += event.text;
    if (event.type === 'fallback') text = '';
  }
  return text;
}

export async function ask(agent: Agent, message: unknown, conversationId?: string): Promise<AskResult> {
  const res = await agent.post('/api/healthbot/messages', {
    message: message as string,
    ...(conversationId ? { conversation_id: conversationId } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  if (res.statusCode !== 200) return { status: res.statusCode, contentType, events: [], streamed: '', done: null, body: res.body };
  const events = parseStream(res.body);
  const done = events.find((e) => e.type === 'done');
  return {
    status: res.statusCode,
    contentType,
    events,
    streamed: assemble(events),
    done: done?.type === 'done' ? done.message : null,
    body: res.body,
  };
}

/** Asks and expects a finished answer. */
export async function answerTo(agent: Agent, message: string, conversationId?: string) {
  const result = await ask(agent, message, conversationId);
  expect(result.status, result.body).toBe(200);
  expect(result.done, result.body).not.toBeNull();
  return { ...result, done: result.done! };
}

/** The demo corpus loaded into the test's database, and a way to name its articles by their source ids. */
export async function withCorpus(db: Db): Promise<(externalId: string) => string> {
  await loadCorpus(db);
  const { rows } = (await db.execute(sql`SELECT id, external_id FROM articles`)) as unknown as {
    rows: { id: string; external_id: string }[];
  };
  const ids = new Map(rows.map((r) => [r.external_id, r.id]));
  return (externalId) => ids.get(externalId) ?? `missing ${externalId}`;
}

/** An article Wink can ground an asthma answer in (MeSH D001249, Asthma). */
export const ASTHMA_ARTICLE: ArticleFixture = {
  title: 'Asthma: what happens in your airways',
  summary:
    'Asthma is a long-term condition in which the airways in the lungs become inflamed and narrowed. Common symptoms are wheezing, a tight chest and coughing.',
  mesh: [{ ui: 'D001249', major: true }],
};
