import type { DomainEvents, NotificationType } from '@wink/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  commentFollows,
  comments,
  discussionMembers,
  discussions,
  discussionTopics,
  meshDescriptors,
  topicFollows,
  userFollows,
} from '../../../db/schema/index';
import type { DomainEventBus } from '../events/domain-event-bus';
import { aboutDiscussion, fanOut, recipient, sidOf, type Written } from './notifier-repository';

/** What was just written, for whoever delivers notifications further (sockets, mail, push). */
export interface Notified {
  type: NotificationType;
  actorId: number;
  notifications: Written[];
}

type Listener = (notified: Notified) => unknown;
type TransactionListener = (tx: Tx, notified: Notified) => Promise<void>;

const one = (userId: number) => sql`SELECT ${userId}::bigint`;

/**
 * Turns the domain events into notifications (docs/data.md), after the publisher's commit:
 * - comment.created: every member of the discussion (owner included); for a reply, the people who
 *   follow its thread hear of it once, as comment.followed.created, not twice;
 * - comment.followed.created: the thread's followers; discussion.created: the followers of the owner
 *   of a public discussion; discussionAccess.*: the invitee, the owner asked, or the requester;
 *   user.followed: the person followed; topic.discussion.created: the followers of the topics of a new
 *   public discussion, except those who hear of it already as followers of its owner.
 * Never the actor, never someone in a block with the actor either way, never about a discussion the
 * recipient may not see (comments: whose content they may not read). A recipient whose plan does not
 * allow reading still gets them: the list is theirs whatever the plan, and what they open asks them
 * to subscribe first, so nothing is lost while a plan lapses.
 */
export class Notifier {
  private listeners = new Set<Listener>();
  private transactionListeners = new Set<TransactionListener>();

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
  ) {}

  /** Subscribes to every event that notifies someone; the returned function unsubscribes. */
  attach(events: DomainEventBus): () => void {
    const offs = [
      events.on('comment.created', (p) => this.commentCreated(p)),
      events.on('comment.followed.created', (p) => this.commentFollowed(p)),
      events.on('discussion.created', (p) => this.discussionCreated(p)),
      events.on('discussion.created', (p) => this.topicDiscussionCreated(p)),
      events.on('discussionAccess.created', (p) => this.toOne('discussionAccess.created', p, p.inviteeId)),
      events.on('discussionAccess.request.created', (p) => this.toOne('discussionAccess.request.created', p, p.ownerId)),
      events.on('discussionAccess.request.accepted', (p) => this.toOne('discussionAccess.request.accepted', p, p.requesterId)),
      events.on('discussionAccess.request.rejected', (p) => this.toOne('discussionAccess.request.rejected', p, p.requesterId)),
      events.on('user.followed', (p) => this.userFollowed(p)),
    ];
    return () => offs.forEach((off) => off());
  }

  /** Hears of every batch written (later deliveries: sockets, mail, push). */
  onNotified(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs inside the transaction that writes the notifications, for what must commit with them or not
   * at all (delivery jobs: a crash right after the commit still leaves them queued). A failure rolls
   * the notifications back, so listeners only write to the same database.
   */
  onWriting(listener: TransactionListener): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }

  async commentCreated({ discussionId, commentId, parentId, actorId }: DomainEvents['comment.created']) {
    // A reply's thread followers get comment.followed.created instead: the follows made before the reply
    // are the ones the comments service read when it published (a follow made since hears of the next one).
    const notFollowing =
      parentId === null
        ? undefined
        : sql`${recipient} NOT IN (SELECT ${commentFollows.userId} FROM ${commentFollows} WHERE ${commentFollows.commentId} = ${parentId}::text
            AND ${commentFollows.createdAt} <= (SELECT ${comments.createdAt} FROM ${comments} WHERE ${comments.id} = ${commentId}::text))`;
    return this.write({
      type: 'comment.created',
      actorId,
      candidates: sql`SELECT ${discussionMembers.userId} FROM ${discussionMembers} WHERE ${discussionMembers.discussionId} = ${discussionId}::text`,
      discussion: { id: discussionId, access: 'content' },
      data: aboutDiscussion({ comment_id: commentId }),
      collapseOn: { field: 'subject_id', value: sql`${discussionId}::text` },
      where: sql`${commentExists(commentId)}${notFollowing ? sql` AND ${notFollowing}` : sql``}`,
    });
  }

  async commentFollowed({ discussionId, commentId, actorId, followerIds }: DomainEvents['comment.followed.created']) {
    if (!followerIds.length) return [];
    return this.write({
      type: 'comment.followed.created',
      actorId,
      candidates: sql`SELECT unnest(ARRAY[${sql.join(
        followerIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[])`,
      discussion: { id: discussionId, access: 'content' },
      data: aboutDiscussion({ comment_id: commentId }),
      collapseOn: { field: 'subject_id', value: sql`${discussionId}::text` },
      where: commentExists(commentId),
    });
  }

  async discussionCreated({ discussionId, actorId, accessType }: DomainEvents['discussion.created']) {
    // Only public discussions are announced: an invite-only title is no invitation, a private one a secret.
    if (accessType !== 'public') return [];
    return this.write({
      type: 'discussion.created',
      actorId,
      candidates: sql`SELECT ${userFollows.followerId} FROM ${userFollows} WHERE ${userFollows.followedId} = ${actorId}::bigint`,
      discussion: { id: discussionId, access: 'content' },
      data: aboutDiscussion(),
      collapseOn: { field: 'subject_id', value: sql`${discussionId}::text` },
    });
  }

  /**
   * The followers of a new public discussion's topics, each told once (naming the first of its topics
   * they follow). The owner's own followers already get discussion.created about it: not twice.
   */
  async topicDiscussionCreated({ discussionId, actorId, accessType }: DomainEvents['discussion.created']) {
    if (accessType !== 'public') return [];
    const followedTopic = sql`(SELECT jsonb_build_object('topic_ui', ${meshDescriptors.ui}, 'topic_name', ${meshDescriptors.name}) FROM ${discussionTopics}
        JOIN ${topicFollows} ON ${topicFollows.descriptorUi} = ${discussionTopics.descriptorUi} AND ${topicFollows.userId} = ${recipient}
        JOIN ${meshDescriptors} ON ${meshDescriptors.ui} = ${discussionTopics.descriptorUi}
        WHERE ${discussionTopics.discussionId} = ${discussions.id} ORDER BY ${discussionTopics.position} LIMIT 1)`;
    return this.write({
      type: 'topic.discussion.created',
      actorId,
      candidates: sql`SELECT ${topicFollows.userId} FROM ${topicFollows} JOIN ${discussionTopics} ON ${discussionTopics.descriptorUi} = ${topicFollows.descriptorUi}
        WHERE ${discussionTopics.discussionId} = ${discussionId}::text`,
      discussion: { id: discussionId, access: 'content' },
      data: sql`${aboutDiscussion()} || coalesce(${followedTopic}, '{}'::jsonb)`,
      collapseOn: { field: 'subject_id', value: sql`${discussionId}::text` },
      where: sql`${recipient} NOT IN (SELECT ${userFollows.followerId} FROM ${userFollows} WHERE ${userFollows.followedId} = ${actorId}::bigint)`,
    });
  }

  /** Invitations and access requests: one person, about a discussion whose title they may see. */
  async toOne(type: NotificationType, { discussionId, actorId }: { discussionId: string; actorId: number }, userId: number) {
    return this.write({
      type,
      actorId,
      candidates: one(userId),
      discussion: { id: discussionId, access: 'title' },
      data: aboutDiscussion(),
      collapseOn: { field: 'subject_id', value: sql`${discussionId}::text` },
    });
  }

  async userFollowed({ actorId, followedId }: DomainEvents['user.followed']) {
    const followerSid = sidOf(actorId);
    return this.write({
      type: 'user.followed',
      actorId,
      // Still following when we get to it: an unfollow right after the follow leaves nothing to tell.
      candidates: sql`SELECT ${userFollows.followedId} FROM ${userFollows} WHERE ${userFollows.followerId} = ${actorId}::bigint AND ${userFollows.followedId} = ${followedId}::bigint`,
      data: sql`jsonb_build_object('follower_sid', ${followerSid})`,
      collapseOn: { field: 'follower_sid', value: followerSid },
    });
  }

  private async write(spec: Parameters<typeof fanOut>[1]): Promise<Written[]> {
    const written = await fanOut(this.db, spec, async (tx, rows) => {
      const notified: Notified = { type: spec.type, actorId: spec.actorId, notifications: rows };
      for (const listener of this.transactionListeners) await listener(tx, notified);
    });
    if (written.length) {
      const notified: Notified = { type: spec.type, actorId: spec.actorId, notifications: written };
      for (const listener of this.listeners) {
        // A failing delivery never undoes nor blocks the notifications just written.
        await Promise.resolve()
          .then(() => listener(notified))
          .catch((err: unknown) => this.log.error({ err, type: spec.type }, 'notification listener failed'));
      }
    }
    return written;
  }
}

/** A comment deleted before the notifier got to it is nothing to tell anyone about. */
const commentExists = (commentId: string) =>
  sql`EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.id} = ${commentId}::text AND ${comments.deletedAt} IS NULL)`;
