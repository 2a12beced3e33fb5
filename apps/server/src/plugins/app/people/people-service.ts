import { DISCUSSION_MESSAGES, type Profile } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { invalid, notFound } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE, type Position } from '../../../lib/pagination';
import { blocksRepository } from '../blocks/blocks-repository';
import type { DomainEventBus } from '../events/domain-event-bus';
import { toProfileCommentResource } from '../comments/comment-resource';
import { commentsRepository } from '../comments/comments-repository';
import { toUserSummary } from '../users/user-resource';
import { usersRepository } from '../users/users-repository';
import { decodeNameCursor, peopleRepository } from './people-repository';

const emptyList = { data: [], meta: { next_cursor: null, total: 0 } };

/**
 * Profiles, following people, and finding people by name. A person in a block with me (either way)
 * keeps a profile page, so I can still unblock them, but every list of theirs is empty for me and
 * neither of us can follow the other.
 */
export class PeopleService {
  constructor(
    private db: Db,
    private events: DomainEventBus,
  ) {}

  async profile(user: UserRow, sid: string): Promise<{ data: Profile }> {
    const person = await this.person(sid);
    const facts = await peopleRepository.profileFacts(this.db, user.id, person.id);
    return {
      data: {
        ...toUserSummary(person),
        joined_at: person.createdAt.toISOString(),
        discussions_count: facts.discussionsCount,
        followers_count: facts.followersCount,
        followings_count: facts.followingsCount,
        followed: facts.followed,
        blocked: facts.blocked,
        is_me: person.id === user.id,
      },
    };
  }

  /** Their comments and replies where I may read the discussion's content, newest first. */
  replies(user: UserRow, sid: string, cursor: string | undefined) {
    return this.theirList(user, sid, cursor, {
      page: (personId, position) => commentsRepository.listByAuthor(this.db, user.id, personId, position, PAGE_SIZE),
      total: (personId) => commentsRepository.countByAuthor(this.db, user.id, personId),
      resource: toProfileCommentResource,
    });
  }

  followings(user: UserRow, sid: string, cursor: string | undefined) {
    return this.theirList(user, sid, cursor, {
      page: (personId, position) => peopleRepository.listFollowings(this.db, user.id, personId, position, PAGE_SIZE),
      total: (personId) => peopleRepository.countFollowings(this.db, user.id, personId),
      resource: (row) => ({ ...toUserSummary(row), followed_at: row.followedAt.toISOString(), followed: row.followedByViewer }),
    });
  }

  async follow(user: UserRow, sid: string) {
    const person = await this.person(sid);
    if (person.id === user.id) throw invalid('sid', DISCUSSION_MESSAGES.cannotFollowYourself);
    if (await this.inBlock(user, person)) throw invalid('sid', DISCUSSION_MESSAGES.cannotFollow);
    const created = await peopleRepository.follow(this.db, user.id, person.id);
    if (created) this.events.publish('user.followed', { actorId: user.id, followedId: person.id });
    return { data: { followed: true, followers_count: await peopleRepository.followersCount(this.db, person.id) } };
  }

  /** Unfollowing someone I do not follow (or myself) leaves things as wanted: no error. */
  async unfollow(user: UserRow, sid: string) {
    const person = await this.person(sid);
    await peopleRepository.unfollow(this.db, user.id, person.id);
    return { data: { followed: false, followers_count: await peopleRepository.followersCount(this.db, person.id) } };
  }

  /** People to invite or look up; a blank query finds nobody rather than everybody. */
  async search(user: UserRow, q: string | undefined, cursor: string | undefined) {
    const position = decodeNameCursor(cursor);
    // NUL cannot be stored in a name, so it cannot match one; PostgreSQL would refuse it as a parameter.
    const term = (q ?? '').replaceAll('\u0000', '').trim();
    if (term.length < 1) return emptyList;
    const [page, total] = await Promise.all([
      peopleRepository.search(this.db, user.id, term, position, PAGE_SIZE),
      peopleRepository.countSearch(this.db, user.id, term),
    ]);
    return { data: page.rows.map(toUserSummary), meta: { next_cursor: page.nextCursor, total } };
  }

  private async person(sid: string): Promise<UserRow> {
    const person = sid.includes('\u0000') ? undefined : await usersRepository.findBySid(this.db, sid);
    if (!person) throw notFound('The user');
    return person;
  }

  /**
   * A page of one of their lists with its total, or an empty list across a block. Their sid is looked
   * up (404) and the cursor read (422) before the block is asked about.
   */
  private async theirList<T, R>(
    user: UserRow,
    sid: string,
    cursor: string | undefined,
    list: {
      page: (personId: number, position: Position | null) => Promise<{ rows: T[]; nextCursor: string | null }>;
      total: (personId: number) => Promise<number>;
      resource: (row: T) => R;
    },
  ): Promise<{ data: R[]; meta: { next_cursor: string | null; total: number } }> {
    const person = await this.person(sid);
    const position = decodeCursor(cursor);
    if (await this.inBlock(user, person)) return emptyList;
    const [page, total] = await Promise.all([list.page(person.id, position), list.total(person.id)]);
    return { data: page.rows.map(list.resource), meta: { next_cursor: page.nextCursor, total } };
  }

  private inBlock(user: UserRow, person: UserRow): Promise<boolean> {
    return person.id === user.id ? Promise.resolve(false) : blocksRepository.eitherWay(this.db, user.id, person.id);
  }
}
