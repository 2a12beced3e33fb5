import { appConfig } from '../config';
import { camelizeKeys, snakeizeKeys, type Camelized } from './case';
import { readCookie } from './cookies';
import { encodeBody } from './form-encoding';
import { requestScope } from './request-scope';

/**
 * The two HTTP clients of docs/wire.md: `webClient` (base `/`, Sanctum auth routes) and `apiClient`
 * (base `/api/`). Both send credentials, the XSRF token and `Accept: application/json`; bodies go
 * out form-encoded (1/0 booleans, key[sub] nesting, `_method` for PUT/PATCH/DELETE) and responses
 * come back camelCased. Failures throw `ApiError` (a status) or `NetworkError` (no answer);
 * reacting to them is the error catalogue's job (lib/errors), not the client's.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined | null>;
  body?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Send the body as JSON instead of form fields (analytics batches, large nested payloads). */
  json?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The camelCased response body, when it was JSON. */
    readonly data: { message?: string; errors?: Record<string, string[]>; maintenance?: { retryAfter?: unknown } } & Record<
      string,
      unknown
    >,
    readonly headers: Headers,
  ) {
    // The wording error reporting filters on (docs/product.md) is axios's; keep it.
    super(`Request failed with status code ${status}`);
    this.name = 'ApiError';
  }

  /** Field errors of a 422, keyed by the camelCased field name. */
  fieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.data.errors ?? {})) {
      if (messages[0]) result[field] = messages[0];
    }
    return result;
  }
}

export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network Error', { cause });
    this.name = 'NetworkError';
  }
}

/** Supplies the bearer token in token mode (Android); null in cookie mode. */
let bearerToken: () => string | null = () => (appConfig.tokenMode ? readCookie(appConfig.authCookieName) : null);

export function setBearerTokenSource(source: () => string | null): void {
  bearerToken = source;
}

function buildUrl(base: string, path: string, params?: RequestOptions['params']): string {
  const url = `${appConfig.serverOrigin}${base}${path.replace(/^\//, '')}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(snakeizeKeys(params) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    query.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return camelizeKeys(await response.json());
  } catch {
    return undefined;
  }
}

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<Camelized<T>>;
  download(path: string, options?: Omit<RequestOptions, 'body'>): Promise<{ blob: Blob; headers: Headers }>;
  /** The raw answer (2xx) for a caller that reads the body itself, e.g. a streamed answer; failures throw as for `request`. */
  open(method: HttpMethod, path: string, options?: RequestOptions): Promise<Response>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<Camelized<T>>;
  post<T>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Camelized<T>>;
  put<T>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Camelized<T>>;
  patch<T>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Camelized<T>>;
  delete<T>(path: string, body?: Record<string, unknown>, options?: RequestOptions): Promise<Camelized<T>>;
}

export function createHttpClient(base: string): HttpClient {
  /** One request with the wire conventions; an answer outside 2xx becomes an ApiError. */
  async function send(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    // Rendered on the server, the page reaches the API through the server itself with the person's cookies.
    const scope = requestScope();
    const xsrf = scope ? null : readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    const token = bearerToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    // PUT, PATCH and DELETE travel as POST with `_method` (docs/wire.md).
    const spoofed = method === 'PUT' || method === 'PATCH' || method === 'DELETE';
    let body: BodyInit | undefined;
    if (method !== 'GET') {
      const fields = { ...(options.body ?? {}), ...(spoofed ? { _method: method } : {}) };
      if (options.json) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(snakeizeKeys(fields));
      } else {
        body = encodeBody(fields);
      }
    }

    let response: Response;
    try {
      response = await (scope?.fetch ?? fetch)(buildUrl(base, path, options.params), {
        method: spoofed ? 'POST' : method,
        headers,
        body,
        // Cookie mode rides the session cookie; token mode (the Android shell, cross-origin) carries
        // a bearer token and no cookies, which is what the server's CORS allows.
        credentials: appConfig.tokenMode ? 'omit' : 'include',
        signal: options.signal ?? null,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new NetworkError(error);
    }
    if (!response.ok) {
      const data = await readBody(response);
      throw new ApiError(response.status, response.statusText, (data ?? {}) as ApiError['data'], response.headers);
    }
    return response;
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Camelized<T>> {
    return (await readBody(await send(method, path, options))) as Camelized<T>;
  }

  /** A file as the server wrote it (no key conversion), with the answer's headers (its file name). */
  async function download(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<{ blob: Blob; headers: Headers }> {
    const response = await send('GET', path, options);
    return { blob: await response.blob(), headers: response.headers };
  }

  return {
    request,
    download,
    open: send,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, body, options) => request('DELETE', path, { ...options, body }),
  };
}

export const webClient = createHttpClient('/');
export const apiClient = createHttpClient('/api/');
