import { inArray } from 'drizzle-orm';
import { comments } from '../../../src/db/schema/index';
import type { Db } from '../../../src/db/client';
import { HttpSession } from '../../delivery/support/server-process';

/** What every server process of the fault suite runs with (on top of its database and Redis). */
export const serverEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  APP_KEY: 'fault-suite-key-fault-suite-key-0001',
  APP_URL: 'http://localhost:3000',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  JOBS_POLL_MS: '200',
  RATE_LIMIT_IP_PER_MINUTE: '100000',
  RATE_LIMIT_EMAIL_PER_MINUTE: '100000',
  POSTING_LIMIT_SCALE: '100000',
});

/** An owner with a public discussion, and `count` people signed in to write in it. */
export async function aConversation(baseUrl: string, count: number) {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const owner = new HttpSession(baseUrl);
  await owner.register('Olivia', `owner-${stamp}@example.com`);
  const opened = await owner.request('POST', '/api/discussions', {
    title: 'Walking after meals',
    body: 'Who walks after dinner?',
    access_type: 'public',
  });
  if (opened.status !== 201) throw new Error(`discussion: ${opened.status} ${opened.text}`);
  const discussionId = (opened.json() as { data: { id: string } }).data.id;
  const writers: HttpSession[] = [];
  for (let i = 0; i < count; i++) {
    const writer = new HttpSession(baseUrl);
    await writer.register(`Writer ${i}`, `writer-${i}-${stamp}@example.com`);
    writers.push(writer);
  }
  return { owner, discussionId, writers };
}

/** Acknowledged comments missing from the database: what a fault must never cause. */
export async function lostComments(db: Db, ids: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: comments.id })
      .from(comments)
      .where(inArray(comments.id, ids.slice(i, i + 500)));
    for (const row of rows) found.add(row.id);
  }
  return ids.filter((id) => !found.has(id));
}

/** One line of figures, printed for the CI log and the operator. */
export function report(scenario: string, figures: Record<string, string | number>): void {
  process.stdout.write(
    `\nFAULT ${scenario}: ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}\n`,
  );
}
