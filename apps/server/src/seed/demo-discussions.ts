import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, commentFollows, comments, discussionMembers, discussions, users } from '../db/schema/index';
import { shortId } from '../lib/crypto';
import { DISCUSSION_TOPICS_MAX } from '@wink/contracts';
import { discussionsRepository } from '../plugins/app/discussions/discussions-repository';
import { topicsRepository } from '../plugins/app/topics/topics-repository';

type Who = 'trial' | 'reader' | 'leader' | 'admin';

interface DemoComment {
  by: Who;
  body: string;
  replies?: { by: Who; body: string }[];
}

interface DemoDiscussion {
  by: Who;
  title: string;
  body: string;
  /** What non-members of an invite-only discussion read instead of the body. */
  summary?: string;
  access: 'public' | 'invite_only' | 'private';
  article?: string;
  members?: Who[];
  comments: DemoComment[];
}

/** A small living community for the demo: each access type, replies, and an article link. */
const DEMO_DISCUSSIONS: DemoDiscussion[] = [
  {
    by: 'leader',
    title: 'Home blood pressure readings: morning or evening?',
    access: 'public',
    article: 'curated-measuring-blood-pressure-at-home',
    body: 'My nurse asked me to keep a **week of readings**. The article says to sit quietly for five minutes first.\n\nDo you measure in the morning, the evening, or both? And do you log them on paper or in an app?',
    comments: [
      {
        by: 'trial',
        body: 'Both, before coffee in the morning and before dinner. I average the week as the article suggests.',
        replies: [{ by: 'leader', body: 'Good point about coffee, I had not thought of that.' }],
      },
      { by: 'admin', body: 'Whatever you choose, use the same arm and the same time each day so the numbers compare.' },
    ],
  },
  {
    by: 'trial',
    title: 'Questions to ask at my first diabetes appointment',
    access: 'public',
    article: 'curated-type-2-diabetes-basics',
    body: 'I was told last week that I have type 2 diabetes. I have an appointment next month.\n\n- What should I ask?\n- What should I bring?',
    comments: [
      {
        by: 'leader',
        body: 'Ask what your HbA1c target is and how often it will be checked, and whether a structured education course is available near you.',
      },
    ],
  },
  {
    by: 'leader',
    title: 'Migraine support circle',
    access: 'invite_only',
    summary: 'A small circle comparing what helps prevent migraine. Ask to join and say a word about yourself.',
    article: 'curated-migraine-prevention',
    body: 'A smaller space for people living with migraine to compare what helped with prevention. Ask to join and say a word about yourself.',
    members: ['admin'],
    comments: [{ by: 'admin', body: 'Keeping a headache diary for two months showed me my triggers better than anything else.' }],
  },
  {
    by: 'leader',
    title: 'Notes for my cardiac rehab group',
    access: 'private',
    article: 'curated-heart-attack-recovery-cardiac-rehab',
    body: 'Private notes for our group: walking plan for weeks 1 to 6, and questions for the physiotherapist.',
    members: ['trial'],
    comments: [{ by: 'trial', body: 'Week 2 done: three 20-minute walks. Breathless on hills, which the physio said is expected.' }],
  },
];

const EMAIL: Record<Who, string> = {
  trial: 'trial@demo.health',
  reader: 'reader@demo.health',
  leader: 'leader@demo.health',
  admin: 'admin@demo.health',
};

/** Loads the demo discussions once, when the demo accounts exist and no discussion does. */
export async function seedDemoDiscussions(db: Db): Promise<number> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(discussions)) as [{ n: number }];
  if (n > 0) return 0;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAIL)));
  const idOf = (who: Who) => people.find((p) => p.email === EMAIL[who])?.id;
  if (people.length < Object.keys(EMAIL).length) return 0;

  await db.transaction(async (tx) => {
    let minutesAgo = 60 * 24 * 3;
    for (const demo of DEMO_DISCUSSIONS) {
      const [article] = demo.article
        ? await tx.select({ id: articles.id }).from(articles).where(eq(articles.externalId, demo.article))
        : [];
      const at = () => new Date(Date.now() - (minutesAgo -= 37) * 60_000);
      const id = shortId(12);
      const createdAt = at();
      const commentCount = demo.comments.reduce((sum, c) => sum + 1 + (c.replies?.length ?? 0), 0);
      await tx.insert(discussions).values({
        id,
        ownerId: idOf(demo.by)!,
        title: demo.title,
        body: demo.body,
        summary: demo.summary ?? null,
        accessType: demo.access,
        articleId: article?.id ?? null,
        commentsCount: commentCount,
        membersCount: 1 + (demo.members?.length ?? 0),
        createdAt,
        updatedAt: createdAt,
        lastActivityAt: createdAt,
      });
      // As when a discussion is started from an article: the article's major topics are its topics.
      if (article)
        await discussionsRepository.setTopics(
          tx,
          id,
          (await topicsRepository.majorTopicsOf(tx, article.id)).slice(0, DISCUSSION_TOPICS_MAX),
        );
      await tx
        .insert(discussionMembers)
        .values([
          { discussionId: id, userId: idOf(demo.by)!, role: 'owner' as const, createdAt },
          ...(demo.members ?? []).map((who) => ({ discussionId: id, userId: idOf(who)!, role: 'member' as const, createdAt })),
        ]);
      let last = createdAt;
      for (const c of demo.comments) {
        const commentId = shortId(12);
        last = at();
        await tx.insert(comments).values({
          id: commentId,
          discussionId: id,
          authorId: idOf(c.by)!,
          body: c.body,
          repliesCount: c.replies?.length ?? 0,
          createdAt: last,
        });
        await tx.insert(commentFollows).values({ commentId, userId: idOf(c.by)! });
        for (const r of c.replies ?? []) {
          last = at();
          await tx
            .insert(comments)
            .values({ id: shortId(12), discussionId: id, parentId: commentId, authorId: idOf(r.by)!, body: r.body, createdAt: last });
        }
      }
      await tx.update(discussions).set({ lastActivityAt: last }).where(eq(discussions.id, id));
    }
  });
  return DEMO_DISCUSSIONS.length;
}
