import type { AccessType } from '@wink/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userBlocks, users } from '../../src/db/schema/index';
import { plansRepository, setPlanManually } from '../../src/plugins/app/plans/plans-repository';
import type { Agent } from '../support/agent';
import { useTestApp, type TestContext } from '../support/test-app';
import { others, signedIn } from '../community/people';
import { MIGRAINE, withDescriptors } from '../topics/support';

/**
 * The privacy walk: every discussion endpoint, for each access type x relation to the
 * discussion (owner, member, non-member, blocked) x plan (trial, reader, leader, none), compared as
 * one table so a failure lists every cell that disagrees.
 *
 * Rules under test (docs/data.md, docs/rules.md):
 * - without read, every read is 403; without write, every write is 403 (the plan gate comes first);
 * - a private discussion does not exist (404) for non-members; a discussion whose owner is in a block
 *   with the viewer does not exist for them, even if they were a member;
 * - an invite-only discussion shows its title and the owner's summary to non-members, its content to members only;
 * - a topic page lists the public and invite-only discussions tagged with it, never a private one (members included);
 * - only the owner changes the discussion, invites and decides on requests.
 */

const ACCESS: AccessType[] = ['public', 'invite_only', 'private'];
const PLANS = ['trial', 'reader', 'leader', 'none'] as const;
const ROLES = ['owner', 'member', 'non-member', 'blocked'] as const;
type Plan = (typeof PLANS)[number];
type Role = (typeof ROLES)[number];

const DAY = 86_400_000;

/** Puts a person on a plan; setPlanManually also tells the sign-in cache (lib/user-changes.ts). */
async function putOnPlan(t: TestContext, userId: number, plan: Plan): Promise<void> {
  const trialEnds = plan === 'trial' ? Date.now() + 5 * DAY : Date.now() - DAY;
  await t.db
    .update(users)
    .set({ trialEndsAt: new Date(trialEnds) })
    .where(eq(users.id, userId));
  const planId = plan === 'reader' ? 'reader-monthly' : plan === 'leader' ? 'leader-monthly' : null;
  await setPlanManually(t.db, userId, planId ? ((await plansRepository.findById(t.db, planId)) ?? null) : null);
}

interface Fixture {
  discussionId: string;
  ownerCommentId: string;
  memberCommentId: string;
  ownerSid: string;
  ownerName: string;
  titleWord: string;
}

/** What each request should answer, from the rules above. */
function expected(access: AccessType, role: Role, plan: Plan) {
  const read = plan !== 'none';
  const write = plan === 'trial' || plan === 'leader';
  const member = role === 'owner' || role === 'member';
  const visible = role !== 'blocked' && (member || access !== 'private');
  const content = visible && (member || access === 'public');
  const readStatus = (ok: number) => (!read ? 403 : !visible ? 404 : !content ? 403 : ok);
  const writeStatus = (ok: number, allowed = content) => (!write ? 403 : !visible ? 404 : !allowed ? 403 : ok);
  return {
    show: !read ? 403 : !visible ? 404 : 200,
    showBody: visible && read ? (content ? 'body' : 'hidden') : 'n/a',
    listed: read && visible,
    topicListed: read && visible && access !== 'private',
    searched: read && visible,
    profileListed: read && visible,
    profileCount: read ? (visible ? 1 : 0) : 'n/a',
    upvotesTabListed: read && visible,
    ownerReplyListed: read && content,
    userSearchListed: read && role !== 'blocked' && role !== 'owner',
    comments: readStatus(200),
    commentThread: readStatus(200),
    members: readStatus(200),
    accessRequests: !read ? 403 : !visible ? 404 : role === 'owner' ? 200 : 403,
    // Reporting needs only read: what you can see (an invite-only title included) you can report.
    reportDiscussion: !read ? 403 : visible ? 201 : 404,
    // A comment is content: a non-member of an invite-only discussion cannot see it, so cannot report it.
    reportComment: !read ? 403 : content ? 201 : 404,
    comment: writeStatus(201),
    upvote: writeStatus(200),
    commentUpvote: writeStatus(200),
    commentFollow: writeStatus(200),
    requestAccess: !write ? 403 : !visible ? 404 : member || access === 'public' ? 422 : 201,
    edit: writeStatus(200, role === 'owner'),
    invite: writeStatus(201, role === 'owner'),
    remove: writeStatus(204, role === 'owner'),
  };
}

type Walk = ReturnType<typeof expected>;

async function walk(agent: Agent, f: Fixture, inviteeSid: string): Promise<Walk> {
  const d = `/api/discussions/${f.discussionId}`;
  const show = await agent.get(d);
  const list = await agent.get('/api/discussions');
  const searched = await agent.get(`/api/discussions?q=${f.titleWord}`);
  const topicList = await agent.get(`/api/topics/${MIGRAINE}/discussions`);
  const profileList = await agent.get(`/api/users/${f.ownerSid}/discussions`);
  const profile = await agent.get(`/api/users/${f.ownerSid}`);
  const upvotesTab = await agent.get(`/api/users/${f.ownerSid}/upvotes`);
  const replies = await agent.get(`/api/users/${f.ownerSid}/replies`);
  const people = await agent.get(`/api/users?q=${encodeURIComponent(f.ownerName)}`);
  const ids = (res: typeof list) => (res.statusCode === 200 ? (res.json().data as { id?: string; sid?: string }[]) : []);
  const reads = {
    show: show.statusCode,
    showBody: show.statusCode === 200 ? (show.json().data.body === null ? 'hidden' : 'body') : 'n/a',
    listed: ids(list).some((x) => x.id === f.discussionId),
    topicListed: ids(topicList).some((x) => x.id === f.discussionId),
    searched: ids(searched).some((x) => x.id === f.discussionId),
    profileListed: ids(profileList).some((x) => x.id === f.discussionId),
    profileCount: profile.statusCode === 200 ? profile.json().data.discussions_count : 'n/a',
    upvotesTabListed: ids(upvotesTab).some((x) => x.id === f.discussionId),
    ownerReplyListed: ids(replies).some((x) => x.id === f.ownerCommentId),
    userSearchListed: ids(people).some((x) => x.sid === f.ownerSid),
    comments: (await agent.get(`${d}/comments`)).statusCode,
    commentThread: (await agent.get(`${d}/comments/${f.memberCommentId}`)).statusCode,
    members: (await agent.get(`${d}/members`)).statusCode,
    accessRequests: (await agent.get(`${d}/access-requests`)).statusCode,
    reportDiscussion: (await agent.post(`${d}/report`, { reason: 'spam' })).statusCode,
    reportComment: (await agent.post(`/api/comments/${f.ownerCommentId}/report`, { reason: 'other' })).statusCode,
  };
  const writes = {
    comment: (await agent.post(`${d}/comments`, { body: 'A thought.' })).statusCode,
    upvote: (await agent.post(`${d}/upvote`)).statusCode,
    commentUpvote: (await agent.post(`/api/comments/${f.memberCommentId}/upvote`)).statusCode,
    commentFollow: (await agent.post(`/api/comments/${f.memberCommentId}/follow`)).statusCode,
    requestAccess: (await agent.post(`${d}/access-requests`)).statusCode,
    edit: (await agent.patch(d, { title: `${f.titleWord} edited title` })).statusCode,
    invite: (await agent.post(`${d}/invites`, { sid: inviteeSid })).statusCode,
    remove: (await agent.delete(d)).statusCode,
  };
  return { ...reads, ...writes };
}

describe('privacy and permissions across every discussion endpoint', () => {
  const t = useTestApp();

  it.each(ACCESS)(
    '%s discussions: owner, member, non-member and blocked on every plan',
    async (access) => {
      const table: Record<string, { expected: Walk; actual: Walk }> = {};
      const invitees = await others(t, PLANS.length);
      await withDescriptors(t, [MIGRAINE]);
      for (const [p, plan] of PLANS.entries()) {
        // Everyone registers on a trial, the fixture is built through the API, then each takes the plan under test.
        const [owner, member, outsider, blocked] = await Promise.all(
          ['Owner', 'Member', 'Outsider', 'Blocked'].map((name) => signedIn(t, { name: `${name}${plan}`, display_name: `${name}${plan}` })),
        );
        const titleWord = `zebra${plan}${access.replace('_', '')}`;
        const created = await owner!.agent.post('/api/discussions', {
          title: `${titleWord} question`,
          body: 'What helped you?',
          access_type: 'public',
          mesh_terms: [MIGRAINE],
        });
        expect(created.statusCode, created.body).toBe(201);
        const discussionId: string = created.json().data.id;
        for (const who of [member!, blocked!]) {
          const invited = await owner!.agent.post(`/api/discussions/${discussionId}/invites`, { sid: who.me.sid });
          expect(invited.statusCode, invited.body).toBe(201);
        }
        const upvoted = await owner!.agent.post(`/api/discussions/${discussionId}/upvote`);
        expect(upvoted.statusCode, upvoted.body).toBe(200);
        const ownerComment = await owner!.agent.post(`/api/discussions/${discussionId}/comments`, { body: 'Owner here.' });
        expect(ownerComment.statusCode, ownerComment.body).toBe(201);
        const memberComment = await member!.agent.post(`/api/discussions/${discussionId}/comments`, { body: 'Member here.' });
        expect(memberComment.statusCode, memberComment.body).toBe(201);
        const setAccess = await owner!.agent.patch(`/api/discussions/${discussionId}`, { access_type: access });
        expect(setAccess.statusCode, setAccess.body).toBe(200);
        await t.db.insert(userBlocks).values({ blockerId: owner!.me.id, blockedId: blocked!.me.id });
        for (const who of [owner!, member!, outsider!, blocked!]) await putOnPlan(t, who.me.id, plan);

        const fixture: Fixture = {
          discussionId,
          ownerCommentId: ownerComment.json().data.id,
          memberCommentId: memberComment.json().data.id,
          ownerSid: owner!.me.sid,
          ownerName: `Owner${plan}`,
          titleWord,
        };
        // Reads and writes that change nothing for the others first; the owner (who deletes) last.
        const viewers: [Role, Agent][] = [
          ['blocked', blocked!.agent],
          ['non-member', outsider!.agent],
          ['member', member!.agent],
          ['owner', owner!.agent],
        ];
        for (const [role, agent] of viewers) {
          table[`${access} / ${role} / ${plan}`] = {
            expected: expected(access, role, plan),
            actual: await walk(agent, fixture, invitees[p]!.sid),
          };
        }
      }
      const disagreements = Object.entries(table).flatMap(([cell, { expected: want, actual }]) =>
        Object.keys(want)
          .filter((key) => want[key as keyof Walk] !== actual[key as keyof Walk])
          .map((key) => `${cell}: ${key} expected ${String(want[key as keyof Walk])}, got ${String(actual[key as keyof Walk])}`),
      );
      expect(disagreements).toEqual([]);
      expect(Object.keys(table)).toHaveLength(PLANS.length * ROLES.length);
    },
    120_000,
  );
});
