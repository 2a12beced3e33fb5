import FindMyWay from 'find-my-way';
import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Remembers every route so that a known path asked with the wrong method answers 405, not 404. */
export function trackRoutes(app: FastifyInstance) {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if ((METHODS as readonly string[]).includes(m)) router.on(m as (typeof METHODS)[number], route.url, () => undefined);
    }
  });
  return {
    allowedMethods(url: string): string[] {
      const pathname = url.split('?')[0] ?? '/';
      return METHODS.filter((m) => router.find(m, pathname) !== null);
    },
  };
}
