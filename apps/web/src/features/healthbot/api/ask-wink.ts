import { HEALTHBOT_STREAM_CONTENT_TYPE, type HealthbotStreamEvent } from '@wink/contracts/healthbot';
import { apiClient } from '../../../lib/api-client';
import { camelizeKeys, type Camelized } from '../../../lib/case';

export type WinkEvent = Camelized<HealthbotStreamEvent>;

export interface AskWinkInput {
  message: string;
  conversationId: string | null;
}

/**
 * POST healthbot/messages and read the answer as it streams: newline-delimited JSON, one event per
 * line (packages/contracts/src/healthbot.ts). Each event is handed to `onEvent` as soon as its line
 * is complete. Failures before the stream starts throw ApiError like any request (403, 422, 429).
 */
export async function askWink(input: AskWinkInput, onEvent: (event: WinkEvent) => void, signal?: AbortSignal): Promise<void> {
  const response = await apiClient.open('POST', 'healthbot/messages', {
    body: { message: input.message, ...(input.conversationId ? { conversationId: input.conversationId } : {}) },
    json: true,
    signal,
  });
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith(HEALTHBOT_STREAM_CONTENT_TYPE)) {
    throw new Error('The answer did not arrive as a stream.');
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(camelizeKeys(JSON.parse(line) as HealthbotStreamEvent));
    }
    if (done) break;
  }
}
