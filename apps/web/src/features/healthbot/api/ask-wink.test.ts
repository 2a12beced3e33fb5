import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { askWink, type WinkEvent } from './ask-wink';

/** A body delivered in the given pieces, however they cut the lines. */
function respondWith(pieces: string[], status = 200, contentType = 'application/x-ndjson; charset=utf-8') {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, headers: { 'content-type': contentType } }));
}

describe('askWink', () => {
  it('hands over each event once its line is complete, camelCased, wherever the network cut the bytes', async () => {
    respondWith([
      '{"type":"start","conversation":{"id":"c1","title":"Q","created_at":"x","updated_at":"x"},"question_id":"m1"}\n{"type":"del',
      'ta","text":"Hel',
      'lo"}\n{"type":"delta","text":"!"}\n',
    ]);
    const events: WinkEvent[] = [];
    await askWink({ message: 'Q', conversationId: null }, (event) => events.push(event));
    expect(events).toEqual([
      { type: 'start', conversation: { id: 'c1', title: 'Q', createdAt: 'x', updatedAt: 'x' }, questionId: 'm1' },
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: '!' },
    ]);
  });

  it('sends JSON with the conversation to continue, and throws ApiError for a refusal before the stream', async () => {
    respondWith(['{"message":"Too many attempts. Please try again later."}'], 429, 'application/json');
    const error = await askWink({ message: 'Q', conversationId: 'c1' }, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'Q', conversation_id: 'c1' });
  });
});
