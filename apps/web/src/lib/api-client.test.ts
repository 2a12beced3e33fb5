import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, NetworkError, setBearerTokenSource, webClient } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown, init: { statusText?: string; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify(body), {
    status,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** The one call the client made: its URL and init, headers as a Headers object. */
function lastCall() {
  const [url, init] = fetchMock.mock.lastCall!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(json(200, { data: null }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setBearerTokenSource(() => null);
});

describe('the API clients (docs/wire.md)', () => {
  it('sends credentials and asks for JSON, on the /api/ and / bases', async () => {
    await apiClient.get('user');
    expect(lastCall().url).toBe('/api/user');
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().init.credentials).toBe('include');
    expect(lastCall().headers.get('Accept')).toBe('application/json');
    expect(lastCall().init.body).toBeUndefined();

    await webClient.get('/sanctum/csrf-cookie');
    expect(lastCall().url).toBe('/sanctum/csrf-cookie');
    await apiClient.get('');
    expect(lastCall().url).toBe('/api/');
  });

  it('puts query parameters in snake_case with 1/0 booleans, skipping empty ones', async () => {
    await apiClient.get('discussions', {
      params: { scope: 'mine', includeDrafts: true, archived: false, cursor: undefined, q: '', page: 2 },
    });
    expect(lastCall().url).toBe('/api/discussions?scope=mine&include_drafts=1&archived=0&page=2');
  });

  it('camelCases the keys of the response', async () => {
    fetchMock.mockResolvedValue(
      json(200, { data: { display_name: 'Ada', email_verified_at: null, settings: { push_notifications: false } } }),
    );
    await expect(apiClient.get('user')).resolves.toEqual({
      data: { displayName: 'Ada', emailVerifiedAt: null, settings: { pushNotifications: false } },
    });
  });

  it('answers undefined for 204 and for bodies that are not JSON', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(webClient.get('sanctum/csrf-cookie')).resolves.toBeUndefined();
    fetchMock.mockResolvedValue(new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(apiClient.get('')).resolves.toBeUndefined();
  });

  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN, decoded', async () => {
    await apiClient.post('feedback', { message: 'hi' });
    expect(lastCall().headers.has('X-XSRF-TOKEN')).toBe(false);

    document.cookie = 'XSRF-TOKEN=eyJpdiI6%3D%3D; Path=/';
    await apiClient.post('feedback', { message: 'hi' });
    expect(lastCall().headers.get('X-XSRF-TOKEN')).toBe('eyJpdiI6==');
  });

  it('form-encodes POST bodies with 1/0 booleans and key[sub]', async () => {
    await webClient.post('login', { email: 'a@b.c', password: 'pw', remember: true, meta: { deviceName: 'Pixel' } });
    const { init } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(String(init.body)).toBe('email=a%40b.c&password=pw&remember=1&meta%5Bdevice_name%5D=Pixel');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('sends %s as POST with a _method field', async (method) => {
    const call = { PUT: apiClient.put, PATCH: apiClient.patch, DELETE: apiClient.delete }[method];
    await call('user/settings', { webNotifications: true });
    const { init } = lastCall();
    expect(init.method).toBe('POST');
    const body = new URLSearchParams(String(init.body));
    expect(body.get('_method')).toBe(method);
    expect(body.get('web_notifications')).toBe('1');
  });

  it('sends multipart when a file is in the body', async () => {
    await apiClient.post('user/avatar', { avatar: new Blob(['img'], { type: 'image/png' }), crop: { x: 1 } });
    const { init, headers } = lastCall();
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('crop[x]')).toBe('1');
    // The browser writes the multipart boundary; a hand-set Content-Type would lose it.
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends JSON in snake_case when asked, still spoofing the method', async () => {
    await apiClient.patch('analytics/events', { events: [{ eventName: 'search_used' }] }, { json: true });
    const { init, headers } = lastCall();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ events: [{ event_name: 'search_used' }], _method: 'PATCH' });
  });

  it('adds the bearer token in token mode', async () => {
    await apiClient.get('user');
    expect(lastCall().headers.has('Authorization')).toBe(false);

    setBearerTokenSource(() => '1|secret');
    await apiClient.get('user');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer 1|secret');
  });

  it("throws ApiError with axios's wording, the status, the camelCased body and the headers", async () => {
    fetchMock.mockResolvedValue(
      json(
        422,
        { message: 'The given data was invalid.', errors: { display_name: ['Too long.', 'Bad.'] } },
        { statusText: 'Unprocessable Entity' },
      ),
    );
    const error = await apiClient.patch('user', { displayName: 'x'.repeat(300) }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Request failed with status code 422');
    expect(apiError.status).toBe(422);
    expect(apiError.statusText).toBe('Unprocessable Entity');
    expect(apiError.data.message).toBe('The given data was invalid.');
    expect(apiError.fieldErrors()).toEqual({ displayName: 'Too long.' });
  });

  it('reads the maintenance answer of a 503', async () => {
    fetchMock.mockResolvedValue(json(503, { message: 'Down', maintenance: { retry_after: 30 } }, { headers: { 'Retry-After': '30' } }));
    const error = (await apiClient.get('').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('Request failed with status code 503');
    expect(error.headers.get('retry-after')).toBe('30');
    expect(error.data.maintenance).toEqual({ retryAfter: 30 });
  });

  it('gives an empty body to errors that are not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    const error = (await apiClient.get('user').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.data).toEqual({});
  });

  it('throws NetworkError when no answer comes', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);
    const error = await apiClient.get('user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(cause);
  });

  it('lets an abort through as it is, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiClient.get('user', { signal: controller.signal })).rejects.toBe(abort);
    expect(lastCall().init.signal).toBe(controller.signal);
  });
});

describe('downloads', () => {
  it('hand over the file as the server wrote it, keys untouched, with the headers', async () => {
    fetchMock.mockResolvedValue(
      json(200, { data: { display_name: 'Jo' } }, { headers: { 'Content-Disposition': 'attachment; filename="me.json"' } }),
    );
    const { blob, headers } = await apiClient.download('user/export');
    expect(JSON.parse(await blob.text())).toEqual({ data: { display_name: 'Jo' } });
    expect(headers.get('content-disposition')).toContain('me.json');
  });

  it('fail like any request', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'No.' }, { statusText: 'Forbidden' }));
    await expect(apiClient.download('user/export')).rejects.toMatchObject({ status: 403, data: { message: 'No.' } });
  });
});
