import { installCleanup, runCleanup } from './cleanup';
import type { Settings } from './measure';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Every load benchmark's settings: BENCH_SECONDS (8) measured after a 2 s warm-up, BENCH_CONNECTIONS (10). */
export const benchSettings: Settings = {
  seconds: positiveNumber('BENCH_SECONDS', 8),
  warmupSeconds: 2,
  connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 10)),
};

/** Where benchmarks create their throwaway PostgreSQL databases (BENCH_DATABASE_URL). */
export const benchAdminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs a benchmark's main: children and databases are cleaned up however it ends, and the exit code
 * is main's (non-zero only when something is broken, never for slow figures).
 */
export function runBench(main: () => Promise<number>): void {
  installCleanup();
  main()
    .catch((err: unknown) => {
      console.error('\nBenchmark failed:', err instanceof Error ? err.message : err);
      return 1;
    })
    .then(async (code) => {
      await runCleanup();
      process.exit(code);
    });
}
