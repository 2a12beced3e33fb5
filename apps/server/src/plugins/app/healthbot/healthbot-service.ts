import {
  HEALTHBOT_MESSAGES,
  HEALTHBOT_TITLE_MAX,
  type HealthbotConversation,
  type HealthbotConversationDetail,
  type HealthbotMessage,
  type HealthbotMessageBody,
  type HealthbotStreamEvent,
} from '@wink/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { HealthbotConversationRow, HealthbotMessageRow, UserRow } from '../../../db/schema/index';
import { shortId } from '../../../lib/crypto';
import { HttpError, tooManyRequests } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE } from '../../../lib/pagination';
import type { RateLimiter } from '../../../lib/rate-limiter';
import type { SearchService } from '../search/search-service';
import { answer, type EngineDeps, type FinalAnswer } from './answer-engine';
import { STREAM_ERROR } from './answer-texts';
import { healthbotRepository as repo } from './healthbot-repository';

const ID = /^[0-9A-Za-z]{1,64}$/;
/** Between the offline answer's streamed pieces (answer-engine.ts says why). */
const OFFLINE_PACE_MS = 10;
const MINUTE = 60_000;
/** Per person; scaled by POSTING_LIMIT_SCALE like the posting limits (load tests raise it). */
export const HEALTHBOT_LIMITS = [
  { window: MINUTE, perWindow: 10, key: 'm' },
  { window: 24 * 60 * MINUTE, perWindow: 200, key: 'd' },
] as const;

const conversationNotFound = () => new HttpError(404, HEALTHBOT_MESSAGES.conversationNotFound);

export const conversationResource = (row: HealthbotConversationRow): HealthbotConversation => ({
  id: row.id,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const messageResource = (row: HealthbotMessageRow): HealthbotMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  kind: row.kind,
  engine: row.engine,
  fell_back: row.fellBack,
  citations: row.citations,
  search_query: row.searchQuery,
  created_at: row.createdAt.toISOString(),
});

/** The first words of the first question, cut at a word. */
function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= HEALTHBOT_TITLE_MAX) return flat;
  const cut = flat.slice(0, HEALTHBOT_TITLE_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export interface HealthbotTurn {
  conversation: HealthbotConversation;
  /** The stream's events, from `start` to `done` (or `error`); the answer is stored before `done`. */
  events(signal?: AbortSignal): AsyncGenerator<HealthbotStreamEvent>;
}

/** Conversations with Wink: asking (a stored question, a streamed and stored answer), listing, deleting. */
export class HealthbotService {
  constructor(
    private db: Db,
    private deps: { config: Config; limiter: RateLimiter; search: SearchService; log: FastifyBaseLogger },
  ) {}

  private get engine(): EngineDeps {
    const { config } = this.deps;
    return {
      db: this.db,
      search: this.deps.search,
      paceMs: OFFLINE_PACE_MS,
      llm: config.LLM_BASE_URL
        ? { baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, apiKey: config.LLM_API_KEY, idleTimeoutMs: config.LLM_TIMEOUT_MS }
        : null,
    };
  }

  /**
   * Everything that can fail with a status happens here, before the stream starts: the rate limit,
   * the conversation's owner, storing the question (one transaction with the conversation's creation).
   */
  async ask(user: UserRow, body: HealthbotMessageBody): Promise<HealthbotTurn> {
    for (const limit of HEALTHBOT_LIMITS) {
      const decision = await this.deps.limiter.hit(
        `healthbot:${limit.key}:${user.id}`,
        limit.perWindow * this.deps.config.POSTING_LIMIT_SCALE,
        limit.window,
      );
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    }
    if (body.conversation_id !== undefined && !ID.test(body.conversation_id)) throw conversationNotFound();
    const now = new Date();
    const { conversation, question } = await this.db.transaction(async (tx) => {
      const existing = body.conversation_id ? await repo.findOwned(tx, user.id, body.conversation_id) : null;
      if (body.conversation_id && !existing) throw conversationNotFound();
      const conversation = existing
        ? ((await repo.touch(tx, existing.id, now)) ?? existing)
        : await repo.insertConversation(tx, { id: shortId(12), userId: user.id, title: titleOf(body.message), at: now });
      const question = await repo.insertMessage(tx, {
        id: shortId(12),
        conversationId: conversation.id,
        role: 'user',
        content: body.message,
        createdAt: now,
      });
      return { conversation, question };
    });
    const resource = conversationResource(conversation);
    return { conversation: resource, events: (signal) => this.stream(resource, question.id, body.message, signal) };
  }

  private async *stream(
    conversation: HealthbotConversation,
    questionId: string,
    question: string,
    signal?: AbortSignal,
  ): AsyncGenerator<HealthbotStreamEvent> {
    yield { type: 'start', conversation, question_id: questionId };
    let final: FinalAnswer;
    try {
      const run = answer(this.engine, question, signal);
      let step = await run.next();
      while (!step.done) {
        yield step.value;
        step = await run.next();
      }
      final = step.value;
    } catch (err) {
      if (signal?.aborted) return;
      this.deps.log.error({ err }, 'healthbot answer failed');
      yield { type: 'error', message: STREAM_ERROR };
      return;
    }
    const saved = await this.saveAnswer(conversation.id, final);
    yield { type: 'done', message: messageResource(saved) };
  }

  private async saveAnswer(conversationId: string, final: FinalAnswer): Promise<HealthbotMessageRow> {
    const at = new Date();
    return this.db.transaction(async (tx) => {
      const row = await repo.insertMessage(tx, {
        id: shortId(12),
        conversationId,
        role: 'assistant',
        content: final.content,
        kind: final.kind,
        engine: final.engine,
        fellBack: final.fellBack,
        citations: final.citations,
        searchQuery: final.searchQuery,
        createdAt: at,
      });
      await repo.touch(tx, conversationId, at);
      return row;
    });
  }

  async list(user: UserRow, cursor: string | undefined) {
    const position = decodeCursor(cursor, (key) => ID.test(key));
    const [page, total] = await Promise.all([repo.listPage(this.db, user.id, position, PAGE_SIZE), repo.count(this.db, user.id)]);
    return { data: page.rows.map(conversationResource), meta: { next_cursor: page.nextCursor, total } };
  }

  async show(user: UserRow, id: string): Promise<HealthbotConversationDetail> {
    if (!ID.test(id)) throw conversationNotFound();
    const row = await repo.findOwned(this.db, user.id, id);
    if (!row) throw conversationNotFound();
    const messages = await repo.messages(this.db, id);
    return { ...conversationResource(row), messages: messages.map(messageResource) };
  }

  async delete(user: UserRow, id: string): Promise<void> {
    if (!ID.test(id) || !(await repo.deleteOwned(this.db, user.id, id))) throw conversationNotFound();
  }

  async deleteAll(user: UserRow): Promise<void> {
    await repo.deleteAll(this.db, user.id);
  }
}
