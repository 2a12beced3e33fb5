import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// The API, and the e-mail check that opens the two-step sign-in (the rest of the web base is cookie-only).
const CORS_PATH = /^\/(?:api(?:[/?]|$)|check-email(?:\?|$))/;
// @fastify/cors answers every preflight through one catch-all OPTIONS route of its own.
const PREFLIGHT_ROUTE = '*';

/** What an allowed origin gets on the API (strings, not lists: the plugin would join a list per request). */
const ALLOWED: FastifyCorsOptions = {
  methods: 'GET, POST, PUT, PATCH, DELETE',
  allowedHeaders: 'Authorization, Content-Type, Accept, X-Requested-With, X-XSRF-TOKEN',
  // Beyond the safelisted ones, what the app reads: the maintenance and rate-limit wait, the export's file name, the id a bug report quotes.
  exposedHeaders: 'Retry-After, Content-Disposition, X-Request-Id',
  // Chromium (and so Android's web view) caps the preflight cache at two hours.
  maxAge: 7200,
  // Token mode carries no cookies, so a cookie session can never be ridden from another origin.
  credentials: false,
  // A plain OPTIONS (no Access-Control-Request-Method) is not a preflight: it goes on to the 405.
  strictPreflight: false,
};
const OFF: FastifyCorsOptions = { origin: false };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: @fastify/cors leaves the route alone (its own per-route switch, not in its types). */
    cors?: false;
  }
}

/**
 * Cross-origin access to the API for the native shells, whose web views run on their own origins
 * (`https://localhost` on Android, `capacitor://localhost` on iOS) and sign in with bearer tokens.
 * Other origins, and every path outside /api/ and /check-email, get no CORS headers at all, and their
 * OPTIONS answers 405 with Allow as before (the plugin's OPTIONS route hands them to the not-found
 * handler). A preflight is answered in onRequest, before maintenance and routing.
 */
export async function cors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  // Each origin's answers are built once: the plugin asks for them on every API request.
  const answers = new Map(
    origins.map((origin) => [
      origin,
      { request: { ...ALLOWED, origin, preflight: false }, preflight: { ...ALLOWED, origin, preflight: true } },
    ]),
  );
  // Routes outside the API skip the plugin entirely: not even Vary: Origin, which would split the
  // web app's cached pages and assets by the Origin a module script sends.
  app.addHook('onRoute', (route) => {
    if (route.url !== PREFLIGHT_ROUTE && !CORS_PATH.test(route.url)) route.config = { ...route.config, cors: false };
  });
  const optionsFor = (req: FastifyRequest): FastifyCorsOptions => {
    const origin = req.headers.origin;
    // Most requests are the web app's own and carry no Origin: decided by one look-up.
    const answer = origin === undefined ? undefined : answers.get(origin);
    if (!answer || !CORS_PATH.test(req.url)) return OFF;
    return req.method === 'OPTIONS' && req.headers['access-control-request-method'] ? answer.preflight : answer.request;
  };
  await app.register(fastifyCors, { hook: 'onRequest', delegator: (req, callback) => callback(null, optionsFor(req)) });
}
