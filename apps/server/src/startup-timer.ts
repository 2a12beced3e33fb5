import { performance } from 'node:perf_hooks';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Where a server's start goes: each step's time, and the total since the process began (loading the
 * code included). The start-up banner and log print it, so a slow start says what was slow.
 */
export class StartupTimer {
  private readonly steps: { label: string; ms: number }[] = [];

  async time<T>(label: string, step: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      this.steps.push({ label, ms: performance.now() - started });
    }
  }

  /** Time since the process began: node's own start and the code's loading count too. */
  sinceStart(): string {
    return seconds(performance.now());
  }

  /** "6.2 s (database 1.1 s, migrations 0.3 s, ...)": the steps that took a tenth of a second or more. */
  summary(): string {
    const steps = this.steps.filter((s) => s.ms >= 100).map((s) => `${s.label} ${seconds(s.ms)}`);
    return steps.length > 0 ? `${this.sinceStart()} (${steps.join(', ')})` : this.sinceStart();
  }
}
