export type ServiceStatus = 'checking' | 'ok' | 'maintenance' | 'unavailable';

/**
 * Asks the API's health endpoint how the service is. 503 is the server's maintenance answer
 * (`npm run down`); anything else that is not a 2xx, or no answer at all, reads as unavailable.
 */
export async function fetchServiceStatus(signal?: AbortSignal): Promise<Exclude<ServiceStatus, 'checking'>> {
  try {
    const response = await fetch('/api/', {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: signal ?? null,
    });
    if (response.status === 503) return 'maintenance';
    if (!response.ok) return 'unavailable';
    const body = (await response.json()) as { status?: unknown };
    return body.status === 'ok' ? 'ok' : 'unavailable';
  } catch (error) {
    if (signal?.aborted) throw error;
    return 'unavailable';
  }
}
