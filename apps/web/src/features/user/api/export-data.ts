import { useMutation } from '@tanstack/react-query';
import { appConfig } from '../../../config';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { camelizeKeys } from '../../../lib/case';
import { readCookie } from '../../../lib/cookies';

const FALLBACK_FILE_NAME = 'wink-health-export.json';

function fileNameFrom(disposition: string | null): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? FALLBACK_FILE_NAME;
}

/**
 * The export is fetched raw rather than through apiClient: the file must keep the server's
 * snake_case keys, which the client would camelCase. Same credentials as the client: the session
 * cookie, or the bearer token in token mode (Android, where a plain link would go out without it).
 */
export async function downloadExport(): Promise<{ blob: Blob; fileName: string }> {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const token = appConfig.tokenMode ? readCookie(appConfig.authCookieName) : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`${appConfig.serverOrigin}/api/user/export`, { headers, credentials: 'include' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = camelizeKeys(await response.json().catch(() => ({}))) as ApiError['data'];
    throw new ApiError(response.status, response.statusText, data, response.headers);
  }
  return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) };
}

/** Hands a blob to the browser as a download through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportData() {
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
}
