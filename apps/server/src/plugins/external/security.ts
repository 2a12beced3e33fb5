import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config';

function helmetOptions(config: Config): HelmetOptions {
  const reportOrigin = config.SENTRY_DSN ? new URL(config.SENTRY_DSN).origin : null;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(reportOrigin ? [reportOrigin] : [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Outbound article links must not leak the page they were clicked from.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** The headers helmet would set, worked out once: they depend on configuration only. */
export function securityHeaderSet(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every response. The CSP allows only our own origin, plus inline styles
 * (Emotion injects them) and the error-report endpoint when one is configured. @fastify/helmet
 * rebuilds the policy on each request, a sixth of a light route's CPU; this computes it once.
 */
export function securityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaderSet(config);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
}

/**
 * The CSP sources for a page's inline scripts: `'sha256-…'` of each classic <script> with no src (the
 * web app's before-hydration script, apps/web/src/ssr/before-hydration-script.ts), so exactly that
 * text may run and nothing else inline. JSON data blocks (`type="application/json"`) never run and
 * need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || /\btype\s*=\s*["']?(?!text\/javascript|module)/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy with these sources added to script-src (the policy is unchanged when there are none). */
export function withScriptSources(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy;
  return policy.replace(
    /(^|;)(\s*script-src [^;]*)/,
    (_match, start: string, directive: string) => `${start}${directive} ${sources.join(' ')}`,
  );
}
