import { isUuid } from '@wink/contracts';
import type { ArticleCitation, ListMeta, CreateDiscussionBody, Discussion, DiscussionDetail, UpdateDiscussionBody } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { shortId } from '../../../lib/crypto';
import { invalid, notFound } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE } from '../../../lib/pagination';
import { blocksRepository } from '../blocks/blocks-repository';
import { limitPosting, type PostingLimits } from '../community/posting-limits';
import type { DomainEventBus } from '../events/domain-event-bus';
import { toUserSummary } from '../users/user-resource';
import { usersRepository } from '../users/users-repository';
import { citationsRepository } from '../citations/citations-repository';
import { discussionNotFound, findVisibleDiscussion, requireContent, requireOwner } from './discussion-access';
import { discussionDetailResource, discussionResource } from './discussion-resource';
import { discussionsRepository, type DiscussionFilter } from './discussions-repository';

export interface DiscussionList {
  data: Discussion[];
  meta: { next_cursor: string | null; total: number | null };
}

const ID = /^[0-9A-Za-z]{1,64}$/;

/**
 * What a discussion asks of the topics (topics-service.ts): its topics when it is opened or changed.
 * Named here rather than imported, since the topics list discussions in turn.
 */
export interface DiscussionTopics {
  forNewDiscussion(input: { title: string; body: string; articleId: string | null; chosen: string[] | undefined }): Promise<string[]>;
  known(uis: string[]): Promise<string[]>;
}

export interface ArticleCitationsList {
  data: ArticleCitation[];
  meta: ListMeta;
}

/**
 * Discussions: the list with its scopes and search, one discussion, its upvotes and the owner's
 * changes. Who may see what is decided in discussion-access.ts; this adds who may change what.
 */
export class DiscussionsService {
  constructor(
    private db: Db,
    private collaborators: PostingLimits & { events: DomainEventBus; topics: DiscussionTopics },
  ) {}

  /**
   * @param counted whether `meta.total` is counted; a topic page's list is not (`total: null`): a popular
   *   topic's thousands of discussions would be counted on every visit for a figure no page shows.
   */
  async list(user: UserRow, filter: DiscussionFilter, cursor: string | undefined, counted = true): Promise<DiscussionList> {
    const position = decodeCursor(cursor, (key) => ID.test(key));
    const [page, total] = await Promise.all([
      discussionsRepository.list(this.db, user.id, filter, position, PAGE_SIZE),
      counted ? discussionsRepository.count(this.db, user.id, filter) : Promise.resolve(null),
    ]);
    return { data: page.rows.map(discussionResource), meta: { next_cursor: page.nextCursor, total } };
  }

  /** A profile's discussions tab: what that person opened, as far as I may see it. */
  async listOwnedBy(user: UserRow, sid: string, cursor: string | undefined): Promise<DiscussionList> {
    const owner = await this.visiblePerson(user, sid);
    return this.list(user, { ownerId: owner.id }, cursor);
  }

  /** A profile's upvotes tab: what that person upvoted, most recent first, as far as I may see it. */
  async listUpvotedBy(user: UserRow, sid: string, cursor: string | undefined): Promise<DiscussionList> {
    const upvoter = await this.visiblePerson(user, sid);
    const position = decodeCursor(cursor, (key) => ID.test(key));
    const [page, total] = await Promise.all([
      discussionsRepository.listUpvotedBy(this.db, user.id, upvoter.id, position, PAGE_SIZE),
      discussionsRepository.countUpvotedBy(this.db, user.id, upvoter.id),
    ]);
    return { data: page.rows.map(discussionResource), meta: { next_cursor: page.nextCursor, total } };
  }

  /** The article drawer's "cited in": the discussions and comments citing an article, as far as I may read them. */
  async citing(user: UserRow, articleId: string, cursor: string | undefined): Promise<ArticleCitationsList> {
    if (!isUuid(articleId)) return { data: [], meta: { next_cursor: null, total: 0 } };
    const position = decodeCursor(cursor);
    const page = await citationsRepository.places(this.db, user.id, articleId, position, PAGE_SIZE);
    return {
      data: page.rows.map((row) => ({
        discussion: { id: row.discussionId, title: row.title },
        comment_id: row.commentId,
        author: row.author ? toUserSummary(row.author) : null,
        created_at: row.createdAt.toISOString(),
      })),
      meta: { next_cursor: page.nextCursor, total: null },
    };
  }

  async show(user: UserRow, id: string): Promise<DiscussionDetail> {
    // One statement: the discussion, its stored rendering and the articles its body cites.
    const row = await discussionsRepository.findVisible(this.db, user.id, id);
    if (!row) throw discussionNotFound();
    return discussionDetailResource(row);
  }

  /** Stores the rendering of every body written before it was stored (migration 0029): run once at start. */
  renderMissingBodies(): Promise<number> {
    return discussionsRepository.renderMissingBodies(this.db);
  }

  async create(user: UserRow, body: CreateDiscussionBody): Promise<DiscussionDetail> {
    const articleId = body.article_id ?? null;
    if (articleId !== null && !(await discussionsRepository.articleExists(this.db, articleId))) {
      throw invalid('article_id', 'The selected article id is invalid.');
    }
    const topics = await this.collaborators.topics.forNewDiscussion({
      title: body.title,
      body: body.body,
      articleId,
      chosen: body.mesh_terms,
    });
    await limitPosting(this.collaborators, user, 'discussion');
    const id = shortId(12);
    await this.db.transaction(async (tx) => {
      await discussionsRepository.insert(tx, {
        id,
        ownerId: user.id,
        title: body.title,
        body: body.body,
        summary: body.summary ?? null,
        accessType: body.access_type,
        articleId,
      });
      await discussionsRepository.setTopics(tx, id, topics);
      await citationsRepository.write(tx, { discussionId: id, commentId: null }, body.body);
    });
    this.collaborators.events.publish('discussion.created', { discussionId: id, actorId: user.id, accessType: body.access_type });
    return this.show(user, id);
  }

  async update(user: UserRow, id: string, body: UpdateDiscussionBody): Promise<DiscussionDetail> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    requireOwner(view);
    const changes = {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.body !== undefined && { body: body.body }),
      ...(body.summary !== undefined && { summary: body.summary }),
      ...(body.access_type !== undefined && { accessType: body.access_type }),
    };
    const topics = body.mesh_terms === undefined ? undefined : await this.collaborators.topics.known(body.mesh_terms);
    await this.db.transaction(async (tx) => {
      await discussionsRepository.update(tx, id, changes);
      if (topics) await discussionsRepository.setTopics(tx, id, topics);
      if (body.body !== undefined) await citationsRepository.write(tx, { discussionId: id, commentId: null }, body.body);
    });
    return this.show(user, id);
  }

  async delete(user: UserRow, id: string): Promise<void> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    requireOwner(view);
    await discussionsRepository.delete(this.db, id);
  }

  /** Upvoting twice, or taking back an upvote never given, leaves things as wanted: same answer. */
  async setUpvote(user: UserRow, id: string, upvoted: boolean): Promise<{ upvoted: boolean; upvotes_count: number }> {
    requireContent(await findVisibleDiscussion(this.db, user.id, id));
    const upvotesCount = await this.db.transaction((tx) =>
      upvoted ? discussionsRepository.upvote(tx, id, user.id) : discussionsRepository.removeUpvote(tx, id, user.id),
    );
    return { upvoted, upvotes_count: upvotesCount };
  }

  /** Someone whose profile lists I may ask for: a block either way makes them as absent as a missing sid. */
  private async visiblePerson(user: UserRow, sid: string): Promise<UserRow> {
    const person = await usersRepository.findBySid(this.db, sid);
    if (!person || (person.id !== user.id && (await blocksRepository.eitherWay(this.db, user.id, person.id)))) throw notFound('The user');
    return person;
  }
}
