import type { HealthbotMessage, HealthbotStreamEvent } from '@wink/contracts';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
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

export type FakeLlmMode = 'answer' | 'slow' | 'failing' | 'uncited' | 'broken-midway';

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 and a free port, streaming server-sent
 * events the way OpenAI does. `mode` can be changed between requests; `requests` records what it was asked.
 */
export async function fakeLlm(initial: FakeLlmMode = 'answer') {
  const state = {
    mode: initial,
    requests: [] as {
      authorization: string | undefined;
      body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
    }[],
    answer: ['Asthma ', 'narrows the ', 'airways, which ', 'makes breathing ', 'harder [1].'],
  };
  const chunk = (res: ServerResponse, content: string) =>
    res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`);
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      state.requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      if (state.mode === 'failing') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (state.mode === 'slow') return; // says nothing, ever: the client must give up
      const pieces = state.mode === 'uncited' ? ['Asthma is ', 'a lung condition.'] : state.answer;
      for (const [i, piece] of pieces.entries()) {
        chunk(res, piece);
        await new Promise((r) => setTimeout(r, 20));
        if (state.mode === 'broken-midway' && i === 1) return res.destroy();
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
