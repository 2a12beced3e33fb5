import { can, permissionDeniedMessage, planFor, type Ability } from '@wink/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../../db/schema/index';
import { safeEqual } from '../../../lib/crypto';
import { csrfMismatch, forbidden, sessionExpired, tooManyRequests, unauthenticated } from '../../../lib/errors';
import type { RequestAuth } from './session-manager';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; looked up once, on first use, so static files never touch the database. */
    auth(): Promise<RequestAuth>;
    authCache: Promise<RequestAuth> | null;
  }
  interface FastifyRequest {
    /** Set by `authorize` on routes that declare `config.auth`. */
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** false for the few writes that cannot carry a CSRF token and do not need one (token login). */
    csrf?: boolean;
    /** Who may call the route: any signed-in person, or one whose plan allows reading or writing. */
    auth?: 'user' | Ability;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const requestAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('authCache', null);
  app.decorateRequest('user', null);

  app.decorateRequest('auth', function (this: FastifyRequest) {
    return (this.authCache ??= app.sessions.resolve(this));
  });
});

/**
 * CSRF for cookie sessions (Sanctum's rule): every write must echo the session's token in
 * X-XSRF-TOKEN (or `_token` in the body, for beacons). Bearer requests are exempt: no browser
 * attaches an Authorization header on another site's behalf.
 */
export async function verifyCsrf(req: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(req.method) || req.routeOptions.config.csrf === false) return;
  if (/^Bearer\s/i.test(req.headers.authorization ?? '')) return;
  const auth = await req.auth();
  if (auth.staleSession) throw sessionExpired();
  if (!auth.session) throw csrfMismatch();
  const header = req.headers['x-xsrf-token'] ?? req.headers['x-csrf-token'];
  const bodyToken = (req.body as Record<string, unknown> | undefined)?._token;
  const sent = typeof header === 'string' ? header : typeof bodyToken === 'string' ? bodyToken : '';
  if (!sent || !safeEqual(decodeURIComponent(sent), auth.session.csrfToken)) throw csrfMismatch();
}

/**
 * Checks `config.auth` after CSRF and before validation, so a guest learns they must sign in (401)
 * rather than which fields they got wrong (422), as Sanctum's middleware does.
 */
export async function authorize(req: FastifyRequest): Promise<void> {
  const need = req.routeOptions.config.auth;
  if (!need) return;
  req.user = need === 'user' ? await requireUser(req) : await requireAbility(req, need);
}

/** The person `authorize` let through; only for routes that declare `config.auth`. */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthenticated();
  return req.user;
}

/** The signed-in person, or 401. */
export async function requireUser(req: FastifyRequest): Promise<UserRow> {
  const { user } = await req.auth();
  if (!user) throw unauthenticated();
  return user;
}

/** The signed-in person if their plan allows the ability, else 403 naming the plan that would. */
export async function requireAbility(req: FastifyRequest, ability: Ability): Promise<UserRow> {
  const user = await requireUser(req);
  if (!can(ability, { subscription: user.subscription, trial_ends_at: user.trialEndsAt })) {
    throw forbidden(permissionDeniedMessage[ability], { required_plan: planFor(ability) });
  }
  return user;
}

/** Sliding one-minute windows, per client address and per e-mail address, for the doors people knock on. */
export async function limitAttempts(app: FastifyInstance, req: FastifyRequest, door: string, email?: string) {
  const minute = 60_000;
  const checks = [app.limiter.hit(`${door}:ip:${req.ip}`, app.config.RATE_LIMIT_IP_PER_MINUTE, minute)];
  if (email) checks.push(app.limiter.hit(`${door}:email:${email.toLowerCase()}`, app.config.RATE_LIMIT_EMAIL_PER_MINUTE, minute));
  const decisions = await Promise.all(checks);
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length) throw tooManyRequests(Math.max(...refused.map((d) => d.retryAfterSeconds)));
}
