import { z } from 'zod';
import { articleSource } from './articles';
import { cursorQuery, isoDate, list, resource } from './common';

/**
 * Wink, the healthbot: cited answers from our own articles, streamed.
 *
 * ## The stream (POST healthbot/messages)
 *
 * The answer is newline-delimited JSON (`Content-Type: application/x-ndjson`): one `HealthbotStreamEvent`
 * per line, in this order:
 *
 *   start      the conversation (new or continued) and the id of my stored question
 *   citations  the numbered sources the answer may cite, sent before any text that cites them so `[n]`
 *              links at once (an emergency's wording, which cites nothing, streams before it; a refusal has none)
 *   delta*     pieces of the answer text, to be appended in order
 *   fallback?  the generated (LLM) answer failed or timed out: discard the text so far and show `message`;
 *              the offline answer's citations and deltas follow
 *   done       the stored answer, whole (the client may replace what it assembled with it)
 *   error      instead of `done` if the server failed midway (nothing half-written is stored)
 *
 * NDJSON over POST works with `fetch` + `ReadableStream` in the browser and with `app.inject` in tests
 * (the whole body is the same lines). Problems found before streaming starts keep their status codes:
 * 401, 403 (plan), 404 (another person's conversation), 422 (bad message), 429 (rate limit).
 */
export const HEALTHBOT_MESSAGE_MAX = 4000;
export const HEALTHBOT_TITLE_MAX = 80;
export const HEALTHBOT_STREAM_CONTENT_TYPE = 'application/x-ndjson';

export const HEALTHBOT_MESSAGES = {
  notText: 'The message must be plain text.',
  conversationNotFound: 'The conversation was not found.',
} as const;

// Control characters other than tab and line breaks, and U+FFFD (what undecodable bytes become): binary, not a question.
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

export const healthbotMessageBody = z.object({
  message: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .min(1)
      .max(HEALTHBOT_MESSAGE_MAX)
      .refine((v) => !BINARY.test(v), HEALTHBOT_MESSAGES.notText),
  ),
  conversation_id: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(64).optional()),
});
export type HealthbotMessageBody = z.infer<typeof healthbotMessageBody>;

/** A numbered source: `[n]` in the answer text refers to the citation with this `n`. */
export const healthbotCitation = z.object({
  n: z.number().int().min(1),
  article_id: z.uuid(),
  title: z.string(),
  source: articleSource,
  url: z.string().nullable(),
  quote: z.string().describe('The passage of the article the answer relies on'),
});
export type HealthbotCitation = z.infer<typeof healthbotCitation>;

/**
 * What kind of answer this is: a cited `answer`, an `emergency` answer (emergency wording first, then
 * any cited information), `no_results` (nothing relevant: suggests a search) or a `refusal` (a message
 * trying to change the bot's rules).
 */
export const healthbotAnswerKind = z.enum(['answer', 'emergency', 'no_results', 'refusal']);
export type HealthbotAnswerKind = z.infer<typeof healthbotAnswerKind>;

/** `offline`: extractive, from the articles; `llm`: generated from the same passages by the configured model. */
export const healthbotEngine = z.enum(['offline', 'llm']);
export type HealthbotEngine = z.infer<typeof healthbotEngine>;

export const healthbotMessage = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  kind: healthbotAnswerKind.nullable().describe('null for my own messages'),
  engine: healthbotEngine.nullable(),
  fell_back: z.boolean().describe('The generated answer failed and this is the offline answer instead'),
  citations: z.array(healthbotCitation),
  search_query: z.string().nullable().describe('What to search for to read more (the search page `q`)'),
  created_at: isoDate,
});
export type HealthbotMessage = z.infer<typeof healthbotMessage>;

export const healthbotConversation = z.object({
  id: z.string(),
  title: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type HealthbotConversation = z.infer<typeof healthbotConversation>;

export const healthbotConversationDetail = healthbotConversation.extend({ messages: z.array(healthbotMessage) });
export type HealthbotConversationDetail = z.infer<typeof healthbotConversationDetail>;

export const healthbotConversationsQuery = cursorQuery;
export const healthbotConversationsResponse = list(healthbotConversation);
export const healthbotConversationResponse = resource(healthbotConversationDetail);
export const healthbotConversationParams = z.object({ id: z.string() });

export const healthbotStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), conversation: healthbotConversation, question_id: z.string() }),
  z.object({ type: z.literal('citations'), citations: z.array(healthbotCitation) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('fallback'), reason: z.enum(['timeout', 'error', 'unsupported']), message: z.string() }),
  z.object({ type: z.literal('done'), message: healthbotMessage }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type HealthbotStreamEvent = z.infer<typeof healthbotStreamEvent>;
