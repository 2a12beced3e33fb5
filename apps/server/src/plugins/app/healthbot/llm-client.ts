/**
 * A client for OpenAI-compatible chat completions (`POST {base}/chat/completions` with `stream: true`),
 * which OpenAI, Azure-style gateways, vLLM, llama.cpp's server, Ollama and LM Studio all speak.
 * Only what Wink needs: stream the text of the first choice, give up when the server goes quiet.
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

const endpointOf = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

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
    const response = await fetch(endpointOf(settings.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, messages, stream: true, temperature: 0 }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new LlmError('error', `The model server answered ${response.status}.`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const bytes of response.body) {
      arm();
      buffer += decoder.decode(bytes as Uint8Array, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        const piece = contentOf(data);
        if (piece) yield piece;
      }
    }
  } catch (err) {
    if (err instanceof LlmError) throw err;
    if (timedOut) throw new LlmError('timeout', `The model server sent nothing for ${settings.idleTimeoutMs} ms.`);
    if (signal?.aborted) throw err;
    throw new LlmError('error', `The model server could not be reached: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

function contentOf(data: string): string | null {
  try {
    const chunk = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[]; error?: { message?: string } };
    if (chunk.error) throw new LlmError('error', chunk.error.message ?? 'The model server reported an error.');
    const content = chunk.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : null;
  } catch (err) {
    if (err instanceof LlmError) throw err;
    throw new LlmError('error', 'The model server sent something that is not a chat completion chunk.');
  }
}
