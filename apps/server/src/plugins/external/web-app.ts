import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PREFIXES = ['/api/', '/sanctum/', '/dev/'];

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET so the client-side router can answer (its not-found page included).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return {
    /** Whether this GET should get the app's HTML rather than a JSON 404. */
    wantsApp(url: string, accept: string | undefined): boolean {
      const pathname = url.split('?')[0] ?? '/';
      if (pathname === '/api' || API_PREFIXES.some((p) => pathname.startsWith(p))) return false;
      return !path.extname(pathname) || (accept ?? '').includes('text/html');
    },
    sendApp(reply: FastifyReply) {
      if (!indexHtml) {
        return reply
          .type('text/html')
          .send('<!doctype html><title>Wink Health</title><p>The web app has not been built. Run <code>npm run build</code>.</p>');
      }
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    },
  };
}
