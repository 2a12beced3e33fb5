import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { randomToken, safeEqual, sha256 } from '../../../lib/crypto';
import { onUserChanged } from '../../../lib/user-changes';
import { AuthCache } from './auth-cache';
import {
  prepareAuthLookups,
  sessionsRepository,
  tokensRepository,
  type AuthLookups,
  type SessionRow,
  type TokenRow,
} from './sessions-repository';

const XSRF_COOKIE = 'XSRF-TOKEN';
const TOUCH_AFTER_MS = 60_000;

/** What a request carries: a session (cookie mode), a bearer token (token mode), or nothing. */
export interface RequestAuth {
  user: UserRow | null;
  session: SessionRow | null;
  token: TokenRow | null;
  /** A session cookie was sent but its session is gone or expired: a write must answer 419. */
  staleSession: boolean;
}

const anonymous: RequestAuth = { user: null, session: null, token: null, staleSession: false };

/**
 * Server-side sessions and bearer tokens: creation, lookup, rotation and cookies.
 * The cookie holds a random secret; the table holds its SHA-256.
 */
export class SessionManager {
  private lookups: AuthLookups;
  private cache: AuthCache<RequestAuth>;
  private stopListening: () => void;

  constructor(
    private db: Db,
    private config: Config,
  ) {
    this.lookups = prepareAuthLookups(db);
    this.cache = new AuthCache(config.AUTH_CACHE_MS);
    this.stopListening = onUserChanged((userId) => this.cache.forgetUser(userId));
  }

  close(): void {
    this.stopListening();
  }

  private expiry(remember: boolean): Date {
    const ms = remember ? this.config.AUTH_COOKIE_LIFETIME_DAYS * 86_400_000 : this.config.SESSION_LIFETIME_MINUTES * 60_000;
    return new Date(Date.now() + ms);
  }

  /** What a request (or a socket's handshake, which carries the same headers) authenticates as. */
  async resolve(req: Pick<FastifyRequest, 'headers' | 'cookies'>): Promise<RequestAuth> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const secret = bearer ? undefined : req.cookies[this.config.SESSION_COOKIE];
    if (!bearer && !secret) return anonymous;
    const sessionId = secret ? sha256(secret) : '';
    const key = bearer ? `token:${sha256(bearer)}` : `session:${sessionId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const auth = bearer ? await this.resolveToken(bearer) : await this.resolveSession(sessionId);
    // Only live credentials are remembered: a refusal must be re-checked, so a new login is seen at once.
    if (auth.user) this.cache.set(key, auth, auth.user.id, auth.session?.expiresAt);
    return auth;
  }

  private async resolveSession(id: string): Promise<RequestAuth> {
    const found = await this.lookups.liveSession(id);
    if (!found) return { ...anonymous, staleSession: true };
    const { session, user } = found;
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await sessionsRepository.touch(this.db, session.id, session.remember ? session.expiresAt : this.expiry(false));
    }
    return { user: user && !user.banned ? user : null, session, token: null, staleSession: false };
  }

  private async resolveToken(bearer: string): Promise<RequestAuth> {
    const [idPart, secret] = bearer.split('|');
    const id = Number(idPart);
    if (!secret || !Number.isSafeInteger(id)) return anonymous;
    const found = await this.lookups.tokenWithUser(id);
    if (!found || !safeEqual(found.token.tokenHash, sha256(secret)) || found.user.banned) return anonymous;
    if (!found.token.lastUsedAt || Date.now() - found.token.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
      await tokensRepository.touch(this.db, id);
    }
    return { user: found.user, session: null, token: found.token, staleSession: false };
  }

  /**
   * Starts a fresh session and sets its cookies. Any session the request came with is deleted first:
   * rotation at sign-in, so a session id planted before login is worthless after it.
   */
  async start(
    tx: DbOrTx,
    req: FastifyRequest,
    reply: FastifyReply,
    options: { userId: number | null; remember: boolean; previous?: SessionRow | null },
  ): Promise<SessionRow> {
    if (options.previous) await sessionsRepository.delete(tx, options.previous);
    const secret = randomToken();
    const session = {
      id: sha256(secret),
      userId: options.userId,
      csrfToken: randomToken(),
      remember: options.remember,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
      createdAt: new Date(),
      lastSeenAt: new Date(),
      expiresAt: this.expiry(options.remember),
    };
    await sessionsRepository.insert(tx, session);
    this.setCookies(reply, secret, session.csrfToken, options.remember);
    return session;
  }

  async createToken(tx: DbOrTx, userId: number, name: string): Promise<string> {
    const secret = randomToken(40);
    const row = await tokensRepository.insert(tx, { userId, name, tokenHash: sha256(secret) });
    return `${row.id}|${secret}`;
  }

  setCookies(reply: FastifyReply, secret: string, csrfToken: string, remember: boolean): void {
    reply.setCookie(this.config.SESSION_COOKIE, secret, { ...this.cookieOptions(remember), httpOnly: true });
    this.setXsrfCookie(reply, csrfToken, remember);
  }

  /** The token script reads and echoes in X-XSRF-TOKEN; lives as long as its session's cookie. */
  setXsrfCookie(reply: FastifyReply, csrfToken: string, remember: boolean): void {
    reply.setCookie(XSRF_COOKIE, csrfToken, { ...this.cookieOptions(remember), httpOnly: false });
  }

  private cookieOptions(remember: boolean) {
    // A remembered session outlives the browser; any other ends with it.
    const maxAge = remember ? this.config.AUTH_COOKIE_LIFETIME_DAYS * 86_400 : undefined;
    return { path: '/', sameSite: 'lax' as const, secure: this.config.secureCookies, maxAge };
  }

  clearCookies(reply: FastifyReply): void {
    reply.clearCookie(this.config.SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
  }
}
