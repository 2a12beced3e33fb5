import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy routes of the page the server rendered before the router starts: a router whose first
 * routes are still lazy renders nothing until they arrive, which would not match the server's HTML.
 * The server named the same chunks in modulepreload links, so they are usually here already.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
