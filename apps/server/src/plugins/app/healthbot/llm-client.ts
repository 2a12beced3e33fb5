import OpenAI, { APIConnectionTimeoutError } from 'openai';

/**
 * Streaming chat completions through the `openai` SDK, whose `baseURL` reaches any OpenAI-compatible
 * server: OpenAI, Azure-style gateways, vLLM, llama.cpp's server, Ollama, LM Studio. The SDK reads the
 * server-sent events (multi-line `data:` fields, CR, LF and CRLF line ends, `[DONE]`, error events);
 * this module adds what Wink needs on top: the text of the first choice, and giving up when the
 * server goes quiet.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Longest wait for the first piece of text, and between pieces after it. */
  idleTimeoutMs: number;
}

export class LlmError extends Error {
  constructor(
    readonly reason: 'timeout' | 'error',
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

// One client per configuration: it keeps its connections to the model server alive between questions.
const clients = new WeakMap<LlmSettings, OpenAI>();

function clientFor(settings: LlmSettings): OpenAI {
  let client = clients.get(settings);
  if (!client) {
    client = new OpenAI({
      baseURL: settings.baseUrl,
      // A local server (vLLM, llama.cpp, Ollama) needs no key: the SDK wants one, and the header is dropped.
      apiKey: settings.apiKey ?? 'none',
      defaultHeaders: settings.apiKey ? undefined : { authorization: null },
      // Never the OPENAI_ORG_ID / OPENAI_PROJECT_ID of the environment: only what the configuration says.
      organization: null,
      project: null,
      // No retries: a second attempt would outlast the wait, and the answer from the articles is ready.
      maxRetries: 0,
      // The SDK's timeout ends at the response headers; the idle timer below covers the stream after them.
      timeout: settings.idleTimeoutMs,
      // Failures are reported as LlmError and logged once by the caller, not by the SDK on the console.
      logLevel: 'off',
    });
    clients.set(settings, client);
  }
  return client;
}

/** The text pieces of the answer as they arrive. Throws LlmError on a timeout, a failed request or a broken stream. */
export async function* streamChat(settings: LlmSettings, messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, settings.idleTimeoutMs);
  };
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  arm();
  try {
    const stream = await clientFor(settings).chat.completions.create(
      { model: settings.model, messages, stream: true, temperature: 0 },
      { signal: controller.signal },
    );
    let finished = false;
    // The SDK ends the loop quietly when the request is aborted: what stopped it is told below.
    for await (const chunk of stream) {
      arm();
      const choice = chunk.choices[0];
      if (choice?.finish_reason) finished = true;
      const piece = choice?.delta?.content;
      if (piece) yield piece;
    }
    if (signal?.aborted) throw signal.reason;
    if (timedOut) throw timeout(settings);
    // Every OpenAI-compatible server closes an answer with a finish reason: without one it was cut short.
    if (!finished) throw new LlmError('error', 'The model server broke off before the answer was finished.');
  } catch (err) {
    if (err instanceof LlmError || (signal?.aborted && err === signal.reason)) throw err;
    if (timedOut || err instanceof APIConnectionTimeoutError) throw timeout(settings);
    if (signal?.aborted) throw signal.reason;
    throw new LlmError('error', `The model server failed: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

const timeout = (settings: LlmSettings) => new LlmError('timeout', `The model server sent nothing for ${settings.idleTimeoutMs} ms.`);
