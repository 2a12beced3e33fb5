// autocannon ships no types and @types/autocannon is not installed: just the surface bench/ uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
    }
    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      requests: { total: number; average: number };
    }
    /** The running benchmark: emits `response` (client, statusCode, bytes, responseTimeMs) and resolves when done. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
