import type { FastifyBaseLogger } from 'fastify';

/** The error as one line for the log: a restart fails every connection with the same few words. */
function summary(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const cause = err.cause instanceof Error && err.cause.message !== err.message ? ` (${err.cause.message})` : '';
    return `${typeof code === 'string' ? `${code} ` : ''}${err.message}${cause}`;
  }
  return String(err);
}

/**
 * Whether a dependency (PostgreSQL, Redis) answers, as its errors and recoveries tell. An outage is
 * two log lines, a warning when it starts and a note when it ends, however many connections and
 * retries fail in between: a restart breaks every pooled connection and every reconnection attempt.
 */
export class DependencyHealth {
  private downSince: number | null = null;
  private waiting: (() => void)[] = [];

  constructor(
    readonly name: string,
    protected log: FastifyBaseLogger,
    /** What the product does without it, for the operator reading the warning. */
    private meanwhile: string,
  ) {}

  get up(): boolean {
    return this.downSince === null;
  }

  failed(err: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log.warn({ dependency: this.name, error: summary(err) }, `${this.name} is unreachable: ${this.meanwhile}`);
    this.outageStarted();
  }

  recovered(): void {
    if (this.downSince === null) return;
    const seconds = (Date.now() - this.downSince) / 1000;
    this.downSince = null;
    this.log.warn({ dependency: this.name, outage_seconds: seconds }, `${this.name} is back after ${seconds.toFixed(1)} s`);
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves at once while up, else when the outage ends. */
  whenUp(): Promise<void> {
    return this.up ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  protected outageStarted(): void {}
}

/** Between probes of a database that went away: quick at first, then once a second (back within 5 s). */
const PROBE_DELAYS_MS = [100, 200, 400, 800, 1000];

/**
 * The database's health. node-postgres reconnects by itself (a new pooled connection per request),
 * so nothing here reconnects: once an outage starts, a probe (`SELECT 1`) runs with backoff until it
 * answers, which ends the outage and wakes whoever waits for it (the job worker).
 */
export class DatabaseHealth extends DependencyHealth {
  private probing = false;
  private closed = false;

  constructor(
    log: FastifyBaseLogger,
    private ping: () => Promise<void>,
  ) {
    super('PostgreSQL', log, 'requests answer 503 until it is back');
  }

  /** Asks the database now (the health route does): the answer also starts or ends an outage. */
  async check(): Promise<boolean> {
    try {
      await this.ping();
      this.recovered();
      return true;
    } catch (err) {
      this.failed(err);
      return false;
    }
  }

  close(): void {
    this.closed = true;
  }

  protected override outageStarted(): void {
    if (this.probing) return;
    this.probing = true;
    void (async () => {
      for (let attempt = 0; !this.up && !this.closed; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]).unref());
        await this.check();
      }
      this.probing = false;
    })();
  }
}
