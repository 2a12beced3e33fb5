import { COMMENTS_PAGE_SIZE, DISCUSSION_MESSAGES, type Comment, type CreateCommentBody, type ListMeta } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { forbidden, HttpError, invalid } from '../../../lib/errors';
import { shortId } from '../../../lib/crypto';
import { decodeCursor } from '../../../lib/pagination';
import { blocksRepository } from '../blocks/blocks-repository';
import { limitPosting, type PostingLimits } from '../community/posting-limits';
import type { DomainEventBus } from '../events/domain-event-bus';
import { discussionNotFound, findVisibleDiscussion, requireContent, type DiscussionView } from '../discussions/discussion-access';
import { discussionResource } from '../discussions/discussion-resource';
import { discussionsRepository } from '../discussions/discussions-repository';
import { citationsRepository } from '../citations/citations-repository';
import { toCommentResource } from './comment-resource';
import { commentsRepository, type CommentRecord } from './comments-repository';

export const commentNotFound = () => new HttpError(404, DISCUSSION_MESSAGES.commentNotFound);
const PARENT_INVALID = 'The selected parent id is invalid.';

/** PostgreSQL refuses text with a NUL character; such ids name nothing, such bodies are refused as input. */
export const hasNul = (value: string | null | undefined) => typeof value === 'string' && value.includes('\u0000');

const requireNoNul = (field: string, value: string) => {
  if (hasNul(value)) throw invalid(field, `The ${field} field must not contain null characters.`);
};

/**
 * Comments and replies: who may read, post, change and mark them (docs/data.md). Reading needs the
 * discussion's content; writing also needs a plan that writes (the route checks that). Everything
 * by someone in a block with the viewer is hidden both ways, and answers as if it did not exist.
 */
export class CommentsService {
  constructor(
    private db: Db,
    private collaborators: PostingLimits & { events: DomainEventBus },
  ) {}

  async list(user: UserRow, discussionId: string, cursor: string | undefined, parentId: string | undefined) {
    const view = await this.contentOf(user, discussionId);
    const position = decodeCursor(cursor);
    let parent: string | null = null;
    if (parentId !== undefined && parentId !== '') {
      const found = hasNul(parentId) ? undefined : await commentsRepository.find(this.db, user.id, parentId);
      if (!found || found.discussionId !== view.discussion.id || found.parentId !== null) throw commentNotFound();
      parent = found.id;
    }
    const [page, total] = await Promise.all([
      commentsRepository.list(this.db, user.id, view.discussion.id, parent, position, COMMENTS_PAGE_SIZE),
      commentsRepository.count(this.db, user.id, view.discussion.id, parent),
    ]);
    return { data: page.rows.map(toCommentResource), meta: { next_cursor: page.nextCursor, total } satisfies ListMeta };
  }

  /** The comment, its first replies (none for a reply), and the discussion it belongs to. */
  async thread(user: UserRow, discussionId: string, commentId: string) {
    const view = await this.contentOf(user, discussionId);
    const found = hasNul(commentId) ? undefined : await commentsRepository.find(this.db, user.id, commentId);
    if (!found || found.discussionId !== view.discussion.id) throw commentNotFound();
    const [page, discussion] = await Promise.all([
      found.parentId === null
        ? commentsRepository.list(this.db, user.id, view.discussion.id, found.id, null, COMMENTS_PAGE_SIZE)
        : Promise.resolve({ rows: [], nextCursor: null }),
      discussionsRepository.findVisible(this.db, user.id, view.discussion.id),
    ]);
    if (!discussion) throw discussionNotFound();
    return {
      data: { ...toCommentResource(found), replies: page.rows.map(toCommentResource) },
      meta: { next_cursor: page.nextCursor, discussion: discussionResource(discussion) },
    };
  }

  async create(user: UserRow, discussionId: string, input: CreateCommentBody): Promise<Comment> {
    requireNoNul('body', input.body);
    const view = await this.contentOf(user, discussionId);
    const parentId = input.parent_id ?? null;
    if (parentId !== null) await this.checkParent(user, view, parentId);
    await limitPosting(this.collaborators, user, 'comment');

    const { row, followerIds } = await this.db.transaction(async (tx) => {
      const row = await commentsRepository.insert(tx, {
        id: shortId(12),
        discussionId: view.discussion.id,
        parentId,
        authorId: user.id,
        body: input.body,
      });
      await citationsRepository.write(tx, { discussionId: view.discussion.id, commentId: row.id }, input.body);
      await commentsRepository.countNewComment(tx, view.discussion.id);
      if (parentId === null) {
        // Authors follow their own threads: they hear of every reply.
        await commentsRepository.follow(tx, row.id, user.id);
        return { row, followerIds: [] };
      }
      if (!(await commentsRepository.countNewReply(tx, parentId))) throw invalid('parent_id', DISCUSSION_MESSAGES.replyToDeleted);
      return { row, followerIds: await commentsRepository.threadFollowers(tx, parentId, user.id) };
    });

    const base = { discussionId: view.discussion.id, commentId: row.id, actorId: user.id };
    this.collaborators.events.publish('comment.created', { ...base, parentId });
    if (parentId !== null && followerIds.length)
      this.collaborators.events.publish('comment.followed.created', { ...base, parentId, followerIds });
    // Read back as any reader would see it (a replier may already follow the thread).
    const saved = await commentsRepository.find(this.db, user.id, row.id);
    return toCommentResource(saved ?? { ...row, author: user, upvoted: false, followed: parentId === null, citations: [] });
  }

  async update(user: UserRow, commentId: string, body: string): Promise<Comment> {
    requireNoNul('body', body);
    const { comment } = await this.readable(user, commentId);
    if (comment.authorId !== user.id) throw forbidden(DISCUSSION_MESSAGES.notYourComment);
    if (comment.deletedAt) throw invalid('body', DISCUSSION_MESSAGES.commentDeleted);
    await this.db.transaction(async (tx) => {
      await commentsRepository.update(tx, comment.id, body);
      await citationsRepository.write(tx, { discussionId: comment.discussionId, commentId: comment.id }, body);
    });
    return toCommentResource((await commentsRepository.find(this.db, user.id, comment.id))!);
  }

  /** The author, or the discussion's owner (moderating their own discussion). Deleting twice is fine. */
  async remove(user: UserRow, commentId: string): Promise<void> {
    const { comment, view } = await this.readable(user, commentId);
    if (comment.authorId !== user.id && view.role !== 'owner') throw forbidden(DISCUSSION_MESSAGES.notYourComment);
    await commentsRepository.softDelete(this.db, comment.id);
  }

  /** Idempotent both ways; taking an upvote back from a deleted comment is allowed, giving one is not. */
  async setUpvote(user: UserRow, commentId: string, upvoted: boolean) {
    const { comment } = await this.readable(user, commentId);
    if (upvoted && comment.deletedAt) throw invalid('comment', DISCUSSION_MESSAGES.commentDeleted);
    const count = await this.db.transaction((tx) => commentsRepository.setUpvote(tx, comment.id, user.id, upvoted));
    return { data: { upvoted, upvotes_count: count } };
  }

  /** Following is per thread: following a reply follows the comment it answers. */
  async setFollow(user: UserRow, commentId: string, followed: boolean) {
    const { comment } = await this.readable(user, commentId);
    if (followed && comment.deletedAt) throw invalid('comment', DISCUSSION_MESSAGES.commentDeleted);
    const thread = comment.parentId ?? comment.id;
    if (followed) await commentsRepository.follow(this.db, thread, user.id);
    else await commentsRepository.unfollow(this.db, thread, user.id);
    return { data: { followed } };
  }

  /** A comment addressed by its own id, when the viewer may read its discussion's content. */
  async readable(user: UserRow, commentId: string): Promise<{ comment: CommentRecord; view: DiscussionView }> {
    const comment = hasNul(commentId) ? undefined : await commentsRepository.find(this.db, user.id, commentId);
    if (!comment) throw commentNotFound();
    let view: DiscussionView;
    try {
      view = await findVisibleDiscussion(this.db, user.id, comment.discussionId);
    } catch (err) {
      // A comment of a discussion the viewer may not know about is itself unknown.
      if (err instanceof HttpError && err.statusCode === 404) throw commentNotFound();
      throw err;
    }
    requireContent(view);
    return { comment, view };
  }

  /** The discussion, when the viewer may read its content: 404 when hidden, 403 for invite-only non-members. */
  private async contentOf(user: UserRow, discussionId: string): Promise<DiscussionView> {
    if (hasNul(discussionId)) throw discussionNotFound();
    const view = await findVisibleDiscussion(this.db, user.id, discussionId);
    requireContent(view);
    return view;
  }

  /** Replies are one level deep, to a live comment of this discussion by someone not in a block with me. */
  private async checkParent(user: UserRow, view: DiscussionView, parentId: string): Promise<void> {
    const parent = hasNul(parentId) ? undefined : await commentsRepository.findRow(this.db, parentId);
    if (!parent || parent.discussionId !== view.discussion.id) throw invalid('parent_id', PARENT_INVALID);
    // Checked before the others so nothing else about a blocked person's comment shows through.
    if (parent.authorId !== null && (await blocksRepository.eitherWay(this.db, user.id, parent.authorId))) {
      throw invalid('parent_id', DISCUSSION_MESSAGES.cannotReply);
    }
    if (parent.parentId !== null) throw invalid('parent_id', DISCUSSION_MESSAGES.replyDepth);
    if (parent.deletedAt) throw invalid('parent_id', DISCUSSION_MESSAGES.replyToDeleted);
  }
}
