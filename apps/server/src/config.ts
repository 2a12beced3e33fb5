import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { rankingEnv } from './plugins/app/search/ranking';

const flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i;

function parseOrigins(value: string): string[] {
  if (value.trim().toLowerCase() === 'none') return [];
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** A five-field cron expression (minute hour day month weekday), read in UTC. */
const cron = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => {
      try {
        CronExpressionParser.parse(value, { tz: 'UTC' });
        return true;
      } catch {
        return false;
      }
    }, 'A cron expression: minute hour day month weekday, e.g. 0 3 * * *.');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every environment variable the server reads, with its default.
 * The README's configuration table mirrors this schema; keep them together.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('wink:'),
  APP_KEY: z.string().min(32).optional(),
  /** Unset: `info` in production or with LOG_REQUESTS, else `warn`, so `npm start`'s terminal holds the banner and what went wrong. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** A log line per request (pino, at `info`): on by default in production only, so `npm start`'s terminal stays readable. */
  LOG_REQUESTS: flag.optional(),
  TRUST_PROXY: z.string().default('false'),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SESSION_COOKIE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('wink_session'),
  SESSION_LIFETIME_MINUTES: positiveInt(120),
  AUTH_COOKIE_LIFETIME_DAYS: positiveInt(365),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  BODY_LIMIT_BYTES: positiveInt(1_048_576),
  RATE_LIMIT_IP_PER_MINUTE: positiveInt(30),
  RATE_LIMIT_EMAIL_PER_MINUTE: positiveInt(10),
  /** Scales every posting limit (discussions, comments, invites per hour); load tests and benchmarks raise it. */
  POSTING_LIMIT_SCALE: positiveInt(1),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Wink Health <no-reply@wink.health.localhost>'),
  SEED_DEMO: flag.default(true),
  /**
   * The MeSH vocabulary a new database starts with: `full` (every current descriptor, loaded by the first
   * start, its search indexes built after the server listens) or `demo` (the 665 descriptors of the demo
   * corpus, with SEED_DEMO only). Tests use `demo`.
   */
  MESH_VOCABULARY: z.enum(['full', 'demo']).default('full'),
  MAINTENANCE_POLL_MS: positiveInt(1000),
  JOBS_POLL_MS: positiveInt(1000),
  /** How long a job's handler may run before it is aborted and the job retried; a killed process's jobs run again after it. */
  JOBS_TIMEOUT_SECONDS: positiveInt(20),
  /** How long finished (done or failed) jobs stay in the queue's table for inspection before they are deleted. */
  JOBS_KEEP_SECONDS: positiveInt(86_400),
  /** Web push (VAPID): both keys, or neither and a pair is generated into the data folder. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** The contact push services see in the VAPID claim (mailto: or https:); defaults to APP_URL. */
  VAPID_SUBJECT: z.string().optional(),
  /** Android push: an FCM service-account JSON, inline or as a file path; without it nothing is sent to FCM. */
  FCM_CREDENTIALS: z.string().optional(),
  /** Where FCM's HTTP v1 API lives (tests point it at a local fake). */
  FCM_ENDPOINT: z.string().url().default('https://fcm.googleapis.com'),
  /** Payments: with a Stripe secret key, plans are bought through Stripe Checkout; without one, through the built-in test checkout. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…); webhooks are refused without it. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where Stripe's API lives (tests and stripe-mock point it at a local server). */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** How often trial reminders and period ends (cancellations, downgrades) are swept. */
  BILLING_SWEEP_MS: positiveInt(600_000),
  SENTRY_DSN: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * How many hits a search counts at most; a broader query's total and facet counts are estimated from
   * an even sample of the corpus (its page is always exact). Higher is exacter and slower.
   */
  SEARCH_HIT_BUDGET: positiveInt(2_000),
  /** Best Match's weights (plugins/app/search/ranking.ts; docs/design.md, "Search"). */
  ...rankingEnv,
  /** Wink, the healthbot: an OpenAI-compatible chat-completions endpoint (e.g. https://api.openai.com/v1); unset = offline answers only. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  /** How long the model may stay silent (before its first words or between them) before Wink falls back to the offline answer. */
  LLM_TIMEOUT_MS: positiveInt(15_000),
  /**
   * The corpus follows PubMed (plugins/app/corpus/sync; docs/design.md, "Keeping the corpus current"): the PubMed
   * queries whose records it keeps, separated by `;`. Unset = PubMed is never contacted.
   */
  PUBMED_QUERIES: z.string().optional(),
  /** Who NCBI may write to about this deployment's requests (sent as `email` on every E-utilities request); required with PUBMED_QUERIES. */
  NCBI_EMAIL: z.string().email().optional(),
  /** The `tool` name sent to NCBI on every request. */
  NCBI_TOOL: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('wink-health'),
  /** An NCBI API key: 10 requests a second instead of 3. */
  NCBI_API_KEY: z.string().optional(),
  /** Where E-utilities live (tests point it at a local fake). */
  EUTILS_URL: z.string().url().default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
  /** When the PubMed sync runs (cron, UTC): daily at 03:00 by default. */
  PUBMED_SYNC_CRON: cron('0 3 * * *'),
  /** Records per efetch request. */
  PUBMED_SYNC_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Follow MedlinePlus's health-topic XML (downloaded from its index of current files). Off = never contacted. */
  MEDLINEPLUS_SYNC: flag.default(false),
  /** The page that lists MedlinePlus's current XML files. */
  MEDLINEPLUS_INDEX_URL: z.string().url().default('https://medlineplus.gov/xml.html'),
  /** When the MedlinePlus sync runs (cron, UTC): weekly, Sundays at 04:00 by default. */
  MEDLINEPLUS_SYNC_CRON: cron('0 4 * * 0'),
  /** Origins allowed to call /api/ cross-origin (the Capacitor shells: Android, iOS), comma-separated, or `none`. */
  CORS_ORIGINS: z
    .string()
    .default('https://localhost,capacitor://localhost')
    .refine((value) => parseOrigins(value).every((origin) => ORIGIN.test(origin)), 'Each origin is scheme://host[:port], without a path.'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  LOG_LEVEL: NonNullable<Env['LOG_LEVEL']>;
  appUrl: string;
  appKey: string;
  dataDir: string;
  webDistDir: string;
  secureCookies: boolean;
  trustProxy: boolean | number | string[];
  corsOrigins: string[];
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no', ''].includes(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The signing key: from APP_KEY, or generated once into the data folder so restarts keep sessions' links valid. */
function resolveAppKey(env: Env, dataDir: string): string {
  if (env.APP_KEY) return env.APP_KEY;
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse({ ...pickDefined(source), ...overrides });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.PUBMED_QUERIES?.trim() && !env.NCBI_EMAIL) {
    throw new Error(
      'Invalid configuration:\n  NCBI_EMAIL: NCBI asks for a contact address on every request; set it to sync PUBMED_QUERIES.',
    );
  }
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command,
  // so `npm start` and `npm run down` from the root agree on ./data.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'production' || env.LOG_REQUESTS ? 'info' : 'warn'),
    dataDir,
    appUrl,
    appKey: resolveAppKey(env, dataDir),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    secureCookies: appUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
  };
}

function pickDefined(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}
