/** Where an upstream's answer went wrong, after every retry: the sync reports it and stops there. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface PoliteFetchOptions {
  /** Requests a second at most, counted from each request's start (retries included). */
  perSecond: number;
  /** Attempts per request, the first included. */
  attempts?: number;
  /** The first wait before a retry; each next one doubles (unless the server says Retry-After). */
  backoffMs?: number;
  /** How long one answer may take, headers and body, before it is abandoned and tried again. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Tests count the waits instead of sleeping through them; production sleeps. */
  sleep?: (ms: number) => Promise<void>;
}

/** The window no more than `perSecond` requests start in: a second, and a quarter for the network's jitter. */
const WINDOW_MS = 1250;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 429 and 5xx are worth another try; any other refusal will answer the same again. */
const retryable = (status: number) => status === 429 || status >= 500;

/** Seconds or an HTTP date, as Retry-After allows; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * A client that keeps to an upstream's published rules: one request at a time, never more than
 * `perSecond` started in any second (with a margin, see turn()), and retries with exponential backoff
 * on 429, 5xx, timeouts, broken connections and answers that turn out unreadable (`read` throws: a
 * body cut short parses as malformed XML).
 */
export class PoliteFetch {
  /** When the last `perSecond` requests started, oldest first. */
  private starts: number[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private readonly spacingMs: number;

  constructor(private readonly options: PoliteFetchOptions) {
    this.spacingMs = Math.ceil(1000 / options.perSecond);
  }

  /**
   * Waits until a request may start: `spacingMs` after the last one, and no more than `perSecond`
   * started within the last second and a quarter. The quarter second is for the network and the
   * upstream's clock: requests sent a second apart may arrive closer together.
   */
  private async turn(): Promise<void> {
    const now = Date.now();
    const last = this.starts.at(-1) ?? -Infinity;
    const oldest = this.starts.length >= this.options.perSecond ? this.starts[0]! : -Infinity;
    const wait = Math.max(last + this.spacingMs, oldest + WINDOW_MS) - now;
    if (wait > 0) await sleepFor(wait);
    this.starts.push(Date.now());
    if (this.starts.length > this.options.perSecond) this.starts.shift();
  }

  /** GETs `url` and reads its body with `read`, retrying as above; requests run one after another. */
  get<T>(url: URL, read: (body: string) => T | Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.attempt(url, read));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async attempt<T>(url: URL, read: (body: string) => T | Promise<T>): Promise<T> {
    const { attempts = 5, backoffMs = 1000, timeoutMs = 60_000 } = this.options;
    const doFetch = this.options.fetch ?? fetch;
    const sleep = this.options.sleep ?? sleepFor;
    let lastError = new UpstreamError(`${url.host}${url.pathname}: no attempt made`, null);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await this.turn();
      let delay = backoffMs * 2 ** (attempt - 1);
      try {
        const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (response.ok) return await read(await response.text());
        await response.body?.cancel();
        delay = retryAfterMs(response.headers.get('retry-after')) ?? delay;
        throw new UpstreamError(`${url.host}${url.pathname} answered ${response.status}`, response.status);
      } catch (err) {
        if (err instanceof UpstreamError && err.status !== null && !retryable(err.status)) throw err;
        lastError =
          err instanceof UpstreamError
            ? err
            : new UpstreamError(`${url.host}${url.pathname}: ${err instanceof Error ? err.message : String(err)}`, null);
      }
      if (attempt < attempts) await sleep(delay);
    }
    throw lastError;
  }
}
