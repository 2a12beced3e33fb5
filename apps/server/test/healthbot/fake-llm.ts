import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake model behaves:
 * - answer: streams `answer`, then a finish reason and `[DONE]`;
 * - slow: sends the headers, then nothing, ever;
 * - stalled-midway: two pieces, then nothing, ever;
 * - failing: answers 500;
 * - error-event: two pieces, then an error inside the stream, as OpenAI reports an overload;
 * - uncited: an answer that cites nothing;
 * - broken-midway: two pieces, then the connection is cut;
 * - ended-midway: two pieces, then the response ends cleanly, without a finish reason or `[DONE]`.
 */
export type FakeLlmMode = 'answer' | 'slow' | 'stalled-midway' | 'failing' | 'error-event' | 'uncited' | 'broken-midway' | 'ended-midway';

/** Line ends as servers send them, and whether an event's JSON is split over several `data:` lines. */
export interface SseFraming {
  lineEnd: '\n' | '\r' | '\r\n';
  multiLine: boolean;
}

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 and a free port, streaming server-sent
 * events the way OpenAI, vLLM or llama.cpp do. `mode` and `framing` can be changed between requests;
 * `requests` records what it was asked, `lastPieceAt` when it last sent a piece of text.
 */
export async function fakeLlm(initial: FakeLlmMode = 'answer') {
  const state = {
    mode: initial,
    framing: { lineEnd: '\n', multiLine: false } as SseFraming,
    requests: [] as {
      authorization: string | undefined;
      body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
    }[],
    answer: ['Asthma ', 'narrows the ', 'airways, which ', 'makes breathing ', 'harder [1].'],
    lastPieceAt: 0,
  };
  /** One event: its JSON on one line, or one `data:` line per JSON line (readers join them with a line feed). */
  const event = (res: ServerResponse, data: unknown) => {
    const { lineEnd, multiLine } = state.framing;
    const json = JSON.stringify(data, null, multiLine ? 1 : undefined);
    res.write(
      `${json
        .split('\n')
        .map((line) => `data: ${line}`)
        .join(lineEnd)}${lineEnd}${lineEnd}`,
    );
  };
  const chunk = (res: ServerResponse, delta: { content?: string }, finishReason: string | null = null) =>
    event(res, { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      state.requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      const mode = state.mode;
      if (mode === 'failing') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (mode === 'slow') return; // says nothing, ever: the client must give up
      const cutAfter = ['stalled-midway', 'error-event', 'broken-midway', 'ended-midway'].includes(mode) ? 2 : Infinity;
      const pieces = mode === 'uncited' ? ['Asthma is ', 'a lung condition.'] : state.answer;
      chunk(res, { content: '' }); // the role chunk servers open with: no text yet
      for (const piece of pieces.slice(0, cutAfter)) {
        chunk(res, { content: piece });
        state.lastPieceAt = Date.now();
        await new Promise((r) => setTimeout(r, 20));
      }
      if (mode === 'stalled-midway') return;
      if (mode === 'broken-midway') return res.destroy();
      if (mode === 'ended-midway') return res.end();
      if (mode === 'error-event') {
        event(res, { error: { message: 'The server is overloaded.', type: 'server_error' } });
        return res.end();
      }
      chunk(res, {}, 'stop');
      res.end(`data: [DONE]${state.framing.lineEnd}${state.framing.lineEnd}`);
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
