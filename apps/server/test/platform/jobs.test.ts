import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema/index';
import { JobQueue } from '../../src/plugins/app/jobs/job-queue';
import { registrationBody } from '../support/agent';
import { jobRows as rowsOf, makeDue as dueNow } from '../support/jobs';
import { useTestApp, type TestContext } from '../support/test-app';

const SECOND = 1000;

/** A handler that records its payloads and fails while `failing` is set. */
async function recorder(t: TestContext, queue: string) {
  const state = { calls: [] as unknown[], failing: false };
  await t.app.jobs.handle(queue, async (payload: unknown) => {
    state.calls.push(payload);
    if (state.failing) throw new Error(`${queue} is down`);
  });
  return state;
}

const jobRows = (t: TestContext) => rowsOf(t.db);

/** Skips the backoff wait: makes every pending job due now. */
const makeDue = (t: TestContext) => dueNow(t.db);

describe('the job queue, driven by hand', () => {
  const t = useTestApp();

  describe('enqueue inside a transaction', () => {
    it('runs a job whose transaction committed, once', async () => {
      const handler = await recorder(t, 'test.record');
      await t.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, 'test.record', { n: 1 });
      });
      expect(await t.app.jobs.drain()).toBe(1);
      expect(handler.calls).toEqual([{ n: 1 }]);
      expect(await t.app.jobs.drain()).toBe(0);
      expect(handler.calls).toHaveLength(1);
      expect((await jobRows(t))[0]).toMatchObject({ attempts: 1, state: 'completed' });
    });

    it('never runs a job whose transaction rolled back', async () => {
      const handler = await recorder(t, 'test.record');
      await expect(
        t.db.transaction(async (tx) => {
          await t.app.jobs.enqueue(tx, 'test.record', { n: 'rolled back' });
          throw new Error('the change that caused the job failed');
        }),
      ).rejects.toThrow('the change that caused the job failed');
      expect(await jobRows(t)).toEqual([]);
      expect(await t.app.jobs.drain()).toBe(0);
      expect(handler.calls).toEqual([]);
    });

    it('never sends mail queued in a transaction that rolled back', async () => {
      await expect(
        t.db.transaction(async (tx) => {
          await t.app.mailer.send(tx, 'ghost@example.com', { template: 'password-changed', data: { name: 'Ghost' } });
          tx.rollback();
        }),
      ).rejects.toThrow();
      expect(await t.app.jobs.drain()).toBe(0);
      expect(t.mail.messages).toEqual([]);
    });
  });

  describe('drain()', () => {
    it('runs every due job, batch after batch, and leaves future ones alone', async () => {
      const handler = await recorder(t, 'test.record');
      const later = new Date(Date.now() + 3600 * SECOND);
      await t.app.jobs.enqueue(t.db, 'test.record', { n: 'later' }, { runAt: later });
      for (let n = 1; n <= 25; n++) await t.app.jobs.enqueue(t.db, 'test.record', { n });
      expect(await t.app.jobs.drain()).toBe(25);
      expect(handler.calls).toHaveLength(25);
      expect(new Set(handler.calls.map((c) => (c as { n: number }).n)).size).toBe(25);
      const waiting = (await jobRows(t)).find((j) => (j.payload as { n: unknown }).n === 'later');
      expect(waiting).toMatchObject({ attempts: 0, state: 'created', runAt: later });
    });

    it('runs due jobs in the order they were queued (mail to one person arrives in order)', async () => {
      const handler = await recorder(t, 'test.record');
      for (let n = 1; n <= 10; n++) await t.app.jobs.enqueue(t.db, 'test.record', { n });
      expect(await t.app.jobs.drain()).toBe(10);
      expect(handler.calls).toEqual(Array.from({ length: 10 }, (_, i) => ({ n: i + 1 })));
    });

    it('answers 0 when nothing is due', async () => {
      expect(await t.app.jobs.drain()).toBe(0);
    });
  });

  describe('a failing handler', () => {
    it('is retried with growing backoff, keeping the error, and marked failed after max attempts', async () => {
      const handler = await recorder(t, 'test.flaky');
      handler.failing = true;
      await t.app.jobs.enqueue(t.db, 'test.flaky', { id: 'f1' }, { maxAttempts: 3 });

      // Attempt 1 fails: due again in 5 to 10 s (the backoff doubles, with jitter so retries spread out).
      let before = Date.now();
      expect(await t.app.jobs.drain()).toBe(1);
      let [job] = await jobRows(t);
      expect(job).toMatchObject({ attempts: 1, state: 'retry', lastError: 'test.flaky is down' });
      expect(job!.runAt.getTime() - before).toBeGreaterThanOrEqual(4 * SECOND);
      expect(job!.runAt.getTime() - before).toBeLessThanOrEqual(11 * SECOND);

      // Not due yet: drain leaves it alone.
      expect(await t.app.jobs.drain()).toBe(0);
      expect(handler.calls).toHaveLength(1);

      // Attempt 2 fails: due again in 10 to 20 s.
      await makeDue(t);
      before = Date.now();
      expect(await t.app.jobs.drain()).toBe(1);
      [job] = await jobRows(t);
      expect(job).toMatchObject({ attempts: 2, state: 'retry', lastError: 'test.flaky is down' });
      expect(job!.runAt.getTime() - before).toBeGreaterThanOrEqual(9 * SECOND);
      expect(job!.runAt.getTime() - before).toBeLessThanOrEqual(21 * SECOND);

      // Attempt 3 is the last: the job is marked failed, the error kept.
      await makeDue(t);
      expect(await t.app.jobs.drain()).toBe(1);
      [job] = await jobRows(t);
      expect(job).toMatchObject({ state: 'failed', lastError: 'test.flaky is down' });

      // A failed job is never tried again, even when due.
      await makeDue(t);
      handler.failing = false;
      expect(await t.app.jobs.drain()).toBe(0);
      expect(handler.calls).toEqual([{ id: 'f1' }, { id: 'f1' }, { id: 'f1' }]);
    });

    it('completes on a later attempt once the handler recovers', async () => {
      const handler = await recorder(t, 'test.flaky');
      handler.failing = true;
      await t.app.jobs.enqueue(t.db, 'test.flaky', { id: 'f2' });
      await t.app.jobs.drain();
      handler.failing = false;
      await makeDue(t);
      expect(await t.app.jobs.drain()).toBe(1);
      expect((await jobRows(t))[0]).toMatchObject({ attempts: 2, state: 'completed' });
    });

    it('does not hold up the other jobs of the batch', async () => {
      const flaky = await recorder(t, 'test.flaky');
      const steady = await recorder(t, 'test.steady');
      flaky.failing = true;
      await t.app.jobs.enqueue(t.db, 'test.flaky', { id: 1 });
      await t.app.jobs.enqueue(t.db, 'test.steady', { id: 2 });
      expect(await t.app.jobs.drain()).toBe(2);
      expect(steady.calls).toEqual([{ id: 2 }]);
      const rows = await jobRows(t);
      expect(rows.map((r) => [r.queue, r.state])).toEqual([
        ['test.flaky', 'retry'],
        ['test.steady', 'completed'],
      ]);
    });

    it('refuses to queue a job nobody handles, in the caller (its transaction fails, not a job later)', async () => {
      await expect(t.app.jobs.enqueue(t.db, 'test.nobody-listens', { id: 3 })).rejects.toThrow(
        'The job queue test.nobody-listens has no handler.',
      );
      expect(await jobRows(t)).toEqual([]);
    });
  });

  describe('the upgrade from the hand-written queue', () => {
    it('queues the unfinished jobs of the old table once, with the attempts they had left, and drops the table', async () => {
      await t.db.execute(sql`CREATE TABLE jobs_before_pg_boss (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, queue text NOT NULL, payload jsonb NOT NULL,
        run_at timestamptz NOT NULL DEFAULT now(), attempts integer NOT NULL DEFAULT 0, max_attempts integer NOT NULL DEFAULT 5,
        locked_until timestamptz, last_error text, completed_at timestamptz, failed_at timestamptz, created_at timestamptz NOT NULL DEFAULT now())`);
      const mail = (to: string) => sql`${JSON.stringify({ to, template: 'password-changed', data: { name: 'Pat' } })}::jsonb`;
      await t.db.execute(sql`INSERT INTO jobs_before_pg_boss (queue, payload, attempts, max_attempts, completed_at) VALUES
        ('mail', ${mail('waiting@example.com')}, 2, 5, NULL),
        ('mail', ${mail('done@example.com')}, 1, 5, now())`);

      const app = await t.buildApp();
      expect(await app.jobs.drain()).toBe(1);
      expect(t.mail.messages.map((m) => m.to)).toEqual(['waiting@example.com']);
      const [row] = await rowsOf(t.db, 'mail');
      expect(row).toMatchObject({ state: 'completed' });
      const { rows } = (await t.db.execute(sql`SELECT to_regclass('jobs_before_pg_boss') IS NULL AS gone`)) as unknown as {
        rows: unknown[];
      };
      expect(rows).toEqual([{ gone: true }]);
    });
  });

  describe('retention', () => {
    it('deletes finished jobs once they are older than the keep time, and keeps those waiting or recent', async () => {
      // A queue of its own, keeping finished jobs an hour; the maintenance pass may run every second.
      const queue = new JobQueue(t.database, t.app.log, {
        pollMs: 1000,
        timeoutSeconds: 20,
        keepSeconds: 3600,
        maintenanceSeconds: 1,
        background: false,
      });
      await queue.handle('test.kept', async () => {});
      await queue.open();
      for (let n = 0; n < 20; n++) await queue.enqueue(t.db, 'test.kept', { n });
      await queue.enqueue(t.db, 'test.kept', { n: 'tomorrow' }, { runAt: new Date(Date.now() + 86_400 * SECOND) });
      expect(await queue.drain()).toBe(20);
      // Half of them finished two hours ago, as far as the table can tell.
      await t.db.execute(sql`UPDATE pgboss.job SET completed_on = completed_on - interval '2 hours'
        WHERE name = 'test.kept' AND state = 'completed' AND (data->>'n')::int < 10`);

      await vi.waitFor(
        async () => {
          await queue.supervise();
          expect((await rowsOf(t.db, 'test.kept')).length).toBe(11);
        },
        { timeout: 10_000, interval: 500 },
      );
      const left = await rowsOf(t.db, 'test.kept');
      expect(
        left
          .filter((job) => job.state === 'completed')
          .map((job) => (job.payload as { n: number }).n)
          .sort((a, b) => a - b),
      ).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
      expect(left.filter((job) => job.state === 'created').map((job) => job.payload)).toEqual([{ n: 'tomorrow' }]);
      await queue.stop();
    });
  });

  describe('mail when the relay fails', () => {
    it('still registers the person (201), and a later drain delivers the verification mail', async () => {
      t.mail.failing = true;
      const agent = t.agent();
      await agent.csrf();
      const res = await agent.post('/register', registrationBody('robin@example.com'));
      expect(res.statusCode).toBe(201);
      expect((await agent.get('/api/user')).json().data.email).toBe('robin@example.com');

      // The relay refuses: nothing delivered, the job waits for its retry with the error noted.
      expect(await t.app.jobs.drain()).toBe(1);
      expect(t.mail.messages).toEqual([]);
      const [job] = await jobRows(t);
      expect(job).toMatchObject({ queue: 'mail', attempts: 1, state: 'retry', lastError: 'relay refused the message' });

      // The relay works again; once the backoff is over, the mail goes out.
      t.mail.failing = false;
      expect(await t.app.jobs.drain()).toBe(0);
      await makeDue(t);
      expect(await t.app.jobs.drain()).toBe(1);
      const [mail] = t.mail.to('robin@example.com');
      expect(mail?.subject).toBe('Confirm your e-mail address');
      expect((await jobRows(t))[0]).toMatchObject({ attempts: 2, state: 'completed' });

      // And its link verifies the address.
      const link = new URL(t.mail.linkTo('robin@example.com'));
      const verify = await agent.get(`${link.pathname}${link.search}`);
      expect(verify.statusCode).toBe(302);
      const [row] = await t.db.select().from(users).where(eq(users.email, 'robin@example.com'));
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it('still answers forgot-password with 200, and a later drain delivers the link', async () => {
      await t.agent().register({ email: 'sam@example.com' });
      await t.app.jobs.drain();
      t.mail.messages = [];
      t.mail.failing = true;
      const agent = t.agent();
      await agent.csrf();
      expect((await agent.post('/forgot-password', { email: 'sam@example.com' })).statusCode).toBe(200);
      await t.app.jobs.drain();
      expect(t.mail.messages).toEqual([]);

      t.mail.failing = false;
      await makeDue(t);
      await t.app.jobs.drain();
      expect(t.mail.to('sam@example.com').map((m) => m.subject)).toEqual(['Reset your password']);
    });

    it('sends mail queued straight through the mailer', async () => {
      await t.app.mailer.send(t.db, 'pat@example.com', { template: 'password-changed', data: { name: 'Pat' } });
      expect(t.mail.messages).toEqual([]);
      expect(await t.app.jobs.drain()).toBe(1);
      expect(t.mail.to('pat@example.com')).toEqual([
        expect.objectContaining({ subject: 'Your password was changed', text: expect.stringContaining('Hello Pat,') }),
      ]);
    });
  });
});

describe('the job queue, with the background poller running', () => {
  const t = useTestApp({ background: true, env: { JOBS_POLL_MS: 100 } });

  it('sends the verification mail shortly after registration, without a drain', async () => {
    await t.agent().register({ email: 'quick@example.com' });
    await vi.waitFor(() => expect(t.mail.to('quick@example.com')).toHaveLength(1), { timeout: 5_000, interval: 50 });
  });

  it('keeps running jobs while writes enqueue more every few milliseconds (a nudge never postpones a due run)', async () => {
    const handler = await recorder(t, 'test.stream');
    let n = 0;
    let streaming = true;
    // A write every 5 ms after the last one committed, faster than the 50 ms nudge: before the fix each
    // enqueue reset the timer and nothing ever ran. Each write waits for the one before, as a client's
    // would: a timer firing regardless piles writes up on a busy machine until the worker's own
    // statements queue behind hundreds of them.
    const stream = (async () => {
      while (streaming) {
        n += 1;
        await t.db.transaction((tx) => t.app.jobs.enqueue(tx, 'test.stream', { n }));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      // Twenty jobs run while the writes are still arriving (the stream stops only after).
      await vi.waitFor(() => expect(handler.calls.length).toBeGreaterThanOrEqual(20), { timeout: 5_000, interval: 50 });
    } finally {
      streaming = false;
      await stream;
    }
    // And once they stop, every job written runs, once.
    await vi.waitFor(() => expect(handler.calls.length).toBe(n), { timeout: 5_000, interval: 50 });
    expect(new Set(handler.calls.map((call) => (call as { n: number }).n)).size).toBe(n);
  });

  it('answers the registration while the relay fails, and delivers once it recovers', async () => {
    t.mail.failing = true;
    const agent = t.agent();
    await agent.csrf();
    const res = await agent.post('/register', registrationBody('patient@example.com'));
    expect(res.statusCode).toBe(201);

    await vi.waitFor(async () => expect((await jobRows(t))[0]).toMatchObject({ attempts: 1, lastError: 'relay refused the message' }), {
      timeout: 5_000,
      interval: 50,
    });
    expect(t.mail.messages).toEqual([]);

    t.mail.failing = false;
    await makeDue(t);
    await vi.waitFor(() => expect(t.mail.to('patient@example.com')).toHaveLength(1), { timeout: 5_000, interval: 50 });
    await vi.waitFor(async () => expect((await jobRows(t))[0]?.state).toBe('completed'), { timeout: 5_000, interval: 50 });
  });
});
