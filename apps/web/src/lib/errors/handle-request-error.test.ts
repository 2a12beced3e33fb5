import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-client';
import { getAuthStatus, setAuthStatus } from '../auth-status';
import { closeDialog, getOpenDialog } from '../dialogs';
import { clearNotices, getQueuedNotices } from '../notices';
import { queryClient } from '../query-client';
import { handleRequestError } from './handle-request-error';
import { reloadPage } from './reload-page';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

function apiError(status: number, statusText = '', data: ApiError['data'] = {}, headers: Record<string, string> = {}) {
  return new ApiError(status, statusText, data, new Headers(headers));
}

beforeEach(() => vi.mocked(reloadPage).mockClear());

afterEach(() => {
  const open = getOpenDialog();
  if (open) closeDialog(open.kind);
  clearNotices();
  queryClient.clear();
});

describe('handleRequestError', () => {
  it('opens the NETWORK ERROR dialog when the server does not answer', () => {
    handleRequestError(new NetworkError());
    expect(getOpenDialog()).toEqual({ kind: 'network' });
  });

  it('opens the maintenance dialog with the Retry-After seconds on a 503', () => {
    handleRequestError(apiError(503, 'Service Unavailable', {}, { 'Retry-After': '90' }));
    expect(getOpenDialog()).toEqual({ kind: 'maintenance', retryAfterSeconds: 90 });
  });

  it('opens the API Error dialog with the status for any other status', () => {
    handleRequestError(apiError(500, 'Internal Server Error'));
    expect(getOpenDialog()).toEqual({ kind: 'api-error', status: 500, statusText: 'Internal Server Error' });
  });

  it('on a 419 drops the stored auth flag and shows the persistent session notice whose action reloads', () => {
    sessionStorage.setItem('authStatus', 'true');
    handleRequestError(apiError(419, '', { message: 'CSRF token mismatch.' }));

    expect(sessionStorage.getItem('authStatus')).toBeNull();
    const [notice] = getQueuedNotices();
    expect(notice).toMatchObject({
      severity: 'error',
      message: 'Your session has expired. Please reload your page and try again.',
      persistent: true,
      action: { label: 'Reload' },
    });
    notice?.action?.onClick();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('shows the session notice once however many requests expired together', () => {
    handleRequestError(apiError(419));
    handleRequestError(apiError(419));
    expect(getQueuedNotices()).toHaveLength(1);
  });

  it('on a 401 sets the logged-in flag to false and forgets the cached user', () => {
    setAuthStatus('signed-in');
    queryClient.setQueryData(['user'], { sid: 'abc' });
    queryClient.setQueryData(['discussions'], []);

    handleRequestError(apiError(401, 'Unauthorized', { message: 'Unauthenticated.' }));

    expect(getAuthStatus()).toBe('signed-out');
    expect(sessionStorage.getItem('authStatus')).toBe('false');
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(queryClient.getQueryData(['discussions'])).toEqual([]);
    expect(getOpenDialog()).toBeNull();
  });

  it.each([
    [apiError(404, 'Not Found'), '404 Not Found'],
    [apiError(400, ''), '400 Bad Request'],
    [apiError(429, 'Too Many Requests'), '429 Too Many Requests'],
    [apiError(403, 'Forbidden', { message: 'Your account has been suspended.' }), 'Your account has been suspended.'],
    [apiError(422, 'Unprocessable Entity', { message: 'The name field is required.' }), 'The name field is required.'],
  ])('shows a negative notice that hides by itself (%#)', (error, message) => {
    handleRequestError(error);
    expect(getQueuedNotices()).toEqual([expect.objectContaining({ severity: 'error', message, persistent: false })]);
    expect(getOpenDialog()).toBeNull();
  });

  it('leaves aborted requests and errors that are not HTTP failures alone', () => {
    handleRequestError(new DOMException('aborted', 'AbortError'));
    handleRequestError(new Error('a bug'));
    expect(getOpenDialog()).toBeNull();
    expect(getQueuedNotices()).toHaveLength(0);
  });

  it('reacts the same way to failed queries and failed mutations', async () => {
    await expect(
      queryClient.fetchQuery({
        queryKey: ['thing'],
        queryFn: () => Promise.reject(apiError(404, 'Not Found')),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(apiError(422, '', { message: 'Too long.' })) })
        .execute(undefined),
    ).rejects.toBeInstanceOf(ApiError);

    expect(getQueuedNotices().map((notice) => notice.message)).toEqual(['404 Not Found', 'Too long.']);
  });
});
