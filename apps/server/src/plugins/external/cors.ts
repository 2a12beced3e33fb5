import type { FastifyInstance } from 'fastify';

// The API, and the e-mail check that opens the two-step sign-in (the rest of the web base is cookie-only).
const CORS_PATH = /^\/(?:api(?:[/?]|$)|check-email(?:\?|$))/;
const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const REQUEST_HEADERS = 'Authorization, Content-Type, Accept, X-Requested-With, X-XSRF-TOKEN';
// Beyond the safelisted ones, what the app reads: the maintenance and rate-limit wait, the export's file name, the id a bug report quotes.
const EXPOSED_HEADERS = 'Retry-After, Content-Disposition, X-Request-Id';
// Chromium (and so Android's web view) caps the preflight cache at two hours.
const PREFLIGHT_MAX_AGE_SECONDS = '7200';

/**
 * Cross-origin access to the API for the native shells, whose web views run on their own origins
 * (`https://localhost` on Android, `capacitor://localhost` on iOS) and sign in with bearer tokens.
 * No credentials are allowed: token mode carries no cookies, so a cookie session can never be
 * ridden from another origin. Other origins, and every path outside /api/ and /check-email, get no CORS headers at all.
 *
 * A preflight is answered here, before maintenance and routing, so a known path's OPTIONS from
 * anywhere else still answers 405 with Allow as before.
 */
export function cors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    if (!CORS_PATH.test(req.url)) return;
    // Answers differ by Origin, so a shared cache must key on it, whether or not this one is allowed.
    reply.header('vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return reply
        .code(204)
        .header('access-control-allow-methods', METHODS)
        .header('access-control-allow-headers', REQUEST_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
        .send();
    }
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
  });
}
