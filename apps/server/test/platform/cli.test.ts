import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { comments, discussionMembers, discussions, sessions, subscriptions, users } from '../../src/db/schema/index';
import { cliIn } from '../support/cli';

/** The CLI as an operator runs it: its own process, on an embedded data folder of its own. */
// Each CLI call is a Node process of its own: about a second on an idle machine, several on a busy one.
describe('operator CLI', { timeout: 120_000 }, () => {
  let dataDir = '';
  const cli = cliIn(() => dataDir);
  const readUsers = async () => {
    const database = await openDatabase({ dataDir });
    try {
      return {
        users: await database.db.select().from(users),
        subscriptions: await database.db.select().from(subscriptions),
        sessions: await database.db.select().from(sessions),
        discussions: await database.db.select().from(discussions),
        members: await database.db.select().from(discussionMembers),
        comments: await database.db.select().from(comments),
      };
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wink-cli-'));
    await cli('seed');
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('seeds the demo accounts with their plans', async () => {
    const { users: rows } = await readUsers();
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual([
      'admin@demo.health',
      'expired@demo.health',
      'leader@demo.health',
      'reader@demo.health',
      'trial@demo.health',
    ]);
    expect(byEmail['reader@demo.health']?.subscription).toBe('reader_subscription');
    expect(byEmail['admin@demo.health']?.role).toBe('admin');
    expect(byEmail['expired@demo.health']!.trialEndsAt!.getTime()).toBeLessThan(Date.now());
    expect(byEmail['trial@demo.health']!.trialEndsAt!.getTime()).toBeGreaterThan(Date.now());
    // Established accounts: none of them is on its first day, where the strictest posting limits apply.
    for (const row of rows) expect(Date.now() - row.createdAt.getTime()).toBeGreaterThan(7 * 86_400_000);
  });

  it('seeds demo discussions of every access type, with counters that match their rows', async () => {
    const { discussions: rows, members, comments: said } = await readUsers();
    expect(new Set(rows.map((d) => d.accessType))).toEqual(new Set(['public', 'invite_only', 'private']));
    for (const d of rows) {
      expect(d.commentsCount).toBe(said.filter((c) => c.discussionId === d.id).length);
      expect(d.membersCount).toBe(members.filter((m) => m.discussionId === d.id).length);
      expect(members.filter((m) => m.discussionId === d.id && m.role === 'owner').map((m) => m.userId)).toEqual([d.ownerId]);
    }
    expect(said.some((c) => c.parentId !== null)).toBe(true);
  });

  it('user:set-plan, user:ban and user:create-admin change what they say', async () => {
    await cli('user:set-plan', '--email=trial@demo.health', '--plan=leader-monthly');
    await cli('user:set-plan', '--email=reader@demo.health', '--plan=none');
    await cli('user:ban', '--email=expired@demo.health');
    const { stdout } = await cli('user:create-admin', '--email=ops@example.com', '--name=Ops', '--password=long-enough-1');
    expect(stdout).toContain('Admin ops@example.com created.');

    const { users: rows, subscriptions: subs } = await readUsers();
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(byEmail['trial@demo.health']?.subscription).toBe('leader_subscription');
    expect(byEmail['reader@demo.health']?.subscription).toBeNull();
    expect(byEmail['expired@demo.health']?.banned).toBe(true);
    expect(byEmail['ops@example.com']?.role).toBe('admin');
    const readerSubs = subs.filter((s) => s.userId === byEmail['reader@demo.health']!.id);
    expect(readerSubs.every((s) => s.status === 'ended')).toBe(true);
  });

  it('refuses unknown accounts and plans with a message and a non-zero exit', async () => {
    await expect(cli('user:ban', '--email=nobody@example.com')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No account uses'),
    });
    await expect(cli('user:set-plan', '--email=trial@demo.health', '--plan=gold')).rejects.toMatchObject({ code: 2 });
    await expect(cli('down', '--retry=soon')).rejects.toMatchObject({ code: 2 });
  });

  it('down and up write and clear the maintenance switch', async () => {
    await cli('down', '--retry=90');
    const state = JSON.parse(await readFile(path.join(dataDir, 'maintenance.json'), 'utf8'));
    expect(state.retry_after).toBe(90);
    await cli('up');
    expect(existsSync(path.join(dataDir, 'maintenance.json'))).toBe(false);
  });
});
