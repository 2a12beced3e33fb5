import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inlineScriptHashes, withScriptSources } from './security';
import { webFirstView } from './web-first-view';

const API_PREFIXES = ['/api/', '/sanctum/', '/dev/'];

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The client reads settings the server knows at run time from <meta> tags (apps/web/src/config.ts). */
export function withRuntimeMeta(html: Buffer, settings: { sentryDsn?: string | undefined }): Buffer {
  if (!settings.sentryDsn) return html;
  const meta = `<meta name="wink:sentry-dsn" content="${escapeAttribute(settings.sentryDsn)}" />`;
  return Buffer.from(html.toString('utf8').replace('</head>', `  ${meta}\n  </head>`));
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and for any
 * other GET the app's page: a browser's navigation gets its first view rendered on the server
 * (web-first-view.ts), anything else index.html so the client-side router can answer (its not-found page
 * included). index.html always goes out with the run-time <meta> tags, /index.html included: the service
 * worker precaches that URL as the page it answers navigations with, so it stays the bare shell.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? withRuntimeMeta(readFileSync(indexFile), { sentryDsn: app.config?.SENTRY_DSN }) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts); send those.
      preCompressed: true,
      // The build manifest (.vite/) is for the benchmark's listing, not for browsers.
      globIgnore: ['index.html', '.vite/**'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const firstView = indexHtml ? webFirstView(app, distDir, indexHtml.toString('utf8')) : null;
  // The page's inline script (colour scheme, input before hydration) runs under the CSP by its hash.
  const scriptSources = indexHtml ? inlineScriptHashes(indexHtml.toString('utf8')) : [];
  const allowInlineScript = (reply: FastifyReply) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', withScriptSources(policy, scriptSources));
  };
  const sendShell = (reply: FastifyReply) => {
    allowInlineScript(reply);
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  };
  const web = {
    /** Whether this GET should get the app's HTML rather than a JSON 404. */
    wantsApp(url: string, accept: string | undefined): boolean {
      const pathname = url.split('?')[0] ?? '/';
      if (pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p))) return false;
      return !path.extname(pathname) || (accept ?? '').includes('text/html');
    },
    async sendApp(reply: FastifyReply) {
      if (!indexHtml) {
        return reply
          .type('text/html')
          .send('<!doctype html><title>Wink Health</title><p>The web app has not been built. Run <code>npm run build</code>.</p>');
      }
      const req = reply.request;
      if (firstView && req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')) {
        try {
          allowInlineScript(reply);
          if (await firstView(req, reply)) return reply;
        } catch (error) {
          req.log.warn({ err: error }, 'The first view could not be rendered on the server; the client renders it');
        }
      }
      return sendShell(reply);
    },
  };
  app.get('/index.html', { schema: { hide: true } }, async (_req, reply) => (indexHtml ? sendShell(reply) : web.sendApp(reply)));
  return web;
}
