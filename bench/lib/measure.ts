import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';

export interface Settings {
  /** Measured seconds, after `warmupSeconds` that are thrown away. */
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface Measurement {
  endpoint: string;
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Socket errors and timeouts: requests that got no status at all. */
  errors: number;
  statusCodes: Record<string, number>;
}

/** Nearest-rank percentile of the sorted samples. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Figures from the latencies (ms, every response) and status counts of one measured phase. */
function summarize(
  endpoint: string,
  latencies: number[],
  seconds: number,
  statusCodes: Record<string, number>,
  errors: number,
): Measurement {
  const sorted = latencies.slice().sort((a, b) => a - b);
  const non2xx = Object.entries(statusCodes).reduce((sum, [code, n]) => (code.startsWith('2') ? sum : sum + n), 0);
  return {
    endpoint,
    requests: sorted.length,
    seconds,
    rps: sorted.length / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    non2xx,
    errors,
    statusCodes,
  };
}

export interface Target {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

async function cannon(target: Target, seconds: number, connections: number) {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const instance = autocannon({ ...target, connections, duration: seconds });
  // autocannon's own histogram has 1 ms resolution; keep every response time for sub-ms percentiles.
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
  });
  const result = await instance;
  return { latencies, statusCodes, seconds: result.duration, errors: result.errors + result.timeouts };
}

/** A fixed-duration autocannon run at `connections`, after a warm-up run of the same kind. */
export async function measureHttp(endpoint: string, target: Target, settings: Settings): Promise<Measurement> {
  await cannon(target, settings.warmupSeconds, settings.connections);
  const run = await cannon(target, settings.seconds, settings.connections);
  return summarize(endpoint, run.latencies, run.seconds, run.statusCodes, run.errors);
}

/**
 * A closed-loop worker for requests autocannon cannot describe (each one depends on the previous
 * response). `prepare` runs untimed before each `run`; only `run` is measured, and answers a status.
 */
export interface Worker {
  prepare?(): Promise<void>;
  run(): Promise<number>;
}

async function loop(makeWorker: () => Worker, seconds: number, connections: number) {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const worker = makeWorker();
      while (performance.now() < deadline) {
        try {
          await worker.prepare?.();
          const t0 = performance.now();
          const status = await worker.run();
          latencies.push(performance.now() - t0);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    }),
  );
  return { latencies, statusCodes, errors, seconds: (performance.now() - started) / 1000 };
}

/** `connections` workers in a loop for a fixed duration, after a warm-up of the same kind. */
export async function measureLoop(endpoint: string, makeWorker: () => Worker, settings: Settings): Promise<Measurement> {
  await loop(makeWorker, settings.warmupSeconds, settings.connections);
  const run = await loop(makeWorker, settings.seconds, settings.connections);
  return summarize(endpoint, run.latencies, run.seconds, run.statusCodes, run.errors);
}

/** The load benchmarks' table: one row per endpoint, the budgeted rows judged against `budgetP99Ms`. */
export function printBudgetTable(results: (Measurement & { budgeted: boolean })[], budgetP99Ms: number): void {
  const width = Math.max(...results.map((m) => m.endpoint.length)) + 1;
  console.log(`${'endpoint'.padEnd(width)}  req/s   p50 ms   p99 ms  non-2xx  budget`);
  for (const m of results) {
    const verdict = m.budgeted ? (m.p99Ms < budgetP99Ms ? `PASS (< ${budgetP99Ms})` : `MISS (>= ${budgetP99Ms})`) : 'reported';
    console.log(
      `${m.endpoint.padEnd(width)} ${m.rps.toFixed(0).padStart(6)} ${m.p50Ms.toFixed(2).padStart(8)} ${m.p99Ms.toFixed(2).padStart(8)} ${String(m.non2xx).padStart(8)}  ${verdict}`,
    );
  }
}
