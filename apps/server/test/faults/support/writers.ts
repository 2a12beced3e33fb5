import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpSession } from '../../delivery/support/server-process';

/**
 * People posting comments in a loop, as fast as the server answers, keeping count of what happened:
 * the ids of acknowledged comments (201) to look for in the database afterwards, and every other
 * answer by status. A refused write is tried again a little later, as the web app's user would.
 */
export class Writers {
  attempted = 0;
  /** `at`: when the request was sent; `answered`: when its 201 came back. */
  readonly acknowledged: { id: string; at: number; answered: number }[] = [];
  readonly statuses = new Map<string, number>();
  private running: Promise<void>[] = [];
  private stopped = false;

  start(sessions: HttpSession[], discussionId: string): void {
    this.running = sessions.map(async (session, writer) => {
      for (let n = 0; !this.stopped; n++) {
        this.attempted++;
        const started = Date.now();
        let status: string;
        try {
          const res = await session.request('POST', `/api/discussions/${discussionId}/comments`, {
            body: `Writer ${writer}, comment ${n}.`,
          });
          status = String(res.status);
          if (res.status === 201)
            this.acknowledged.push({ id: (res.json() as { data: { id: string } }).data.id, at: started, answered: Date.now() });
        } catch {
          status = 'no answer';
        }
        this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
        if (status !== '201') await sleep(100);
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** Acknowledged writes of requests sent after a moment (to time a recovery). */
  ackedSince(at: number): number {
    return this.acknowledged.filter((a) => a.at >= at).length;
  }

  /** Seconds from a moment to the first acknowledgement of a request sent after it. */
  secondsToFirstAckSince(at: number): number {
    return (Math.min(...this.acknowledged.filter((a) => a.at >= at).map((a) => a.answered)) - at) / 1000;
  }

  summary(): string {
    return `${this.attempted} attempted, ${this.acknowledged.length} acknowledged (${[...this.statuses].map(([s, n]) => `${s}: ${n}`).join(', ')})`;
  }
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
