import { vi } from 'vitest';

/** What the fake server saw: the real method (after `_method`), the path, query and form fields. */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, string>;
  /** A JSON body (sent with `json: true`), parsed; `_method` taken out of it. */
  json?: Record<string, unknown>;
  headers: Headers;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * Test-only, for every component suite: stubs global fetch with a router keyed by "METHOD /path"
 * (the real method, after `_method` spoofing); unknown routes answer 404. The CSRF route sets the
 * XSRF-TOKEN cookie as the real one does.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const all: Record<string, Handler> = {
    'GET /sanctum/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=xsrf-1; Path=/';
      return json(204);
    },
    ...routes,
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const body = init?.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
    const parsed = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const method = (body._method ?? (parsed?._method as string | undefined) ?? init?.method ?? 'GET').toUpperCase();
    delete body._method;
    if (parsed) delete parsed._method;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      json: parsed,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = all[`${method} ${url.pathname}`];
    return handler ? handler(call) : json(404, { message: 'Not Found' });
  });
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Every call that would change something (not a GET). */
    writes: () => calls.filter((c) => c.method !== 'GET'),
    /** "METHOD /path" of every call, in order. */
    trail: () => calls.map((c) => `${c.method} ${c.path}`),
  };
}
