import { DISCUSSION_MESSAGES, type UserSummary } from '@wink/contracts';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/index';
import { shortId } from '../../../lib/crypto';
import { forbidden, HttpError, invalid, notFound } from '../../../lib/errors';
import { decodeCursor, PAGE_SIZE } from '../../../lib/pagination';
import { blocksRepository } from '../blocks/blocks-repository';
import { limitPosting, type PostingLimits } from '../community/posting-limits';
import type { DomainEventBus } from '../events/domain-event-bus';
import { toUserSummary } from '../users/user-resource';
import { usersRepository } from '../users/users-repository';
import { findVisibleDiscussion, requireContent, requireOwner } from './discussion-access';
import { membersRepository, type AccessRequestRow } from './members-repository';

export interface Member {
  user: UserSummary;
  role: 'owner' | 'member';
  joined_at: string;
}

export interface AccessRequest {
  id: string;
  user: UserSummary;
  status: 'pending' | 'accepted' | 'rejected';
  created_at: string;
  decided_at: string | null;
}

type Page<T> = { data: T[]; meta: { next_cursor: string | null; total: number } };

const SID = /^[0-9A-Za-z]{1,64}$/;
const ID = /^[0-9A-Za-z]{1,64}$/;

const requestNotFound = () => new HttpError(404, 'The access request was not found.');

const toAccessRequest = (row: AccessRequestRow, user: UserSummary): AccessRequest => ({
  id: row.id,
  user,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

/**
 * Who belongs to a discussion and how people get in (docs/data.md): the owner invites, a non-member
 * of an invite-only discussion asks and the owner decides, members leave or are removed.
 */
export class MembersService {
  constructor(
    private db: Db,
    private collaborators: PostingLimits & { events: DomainEventBus },
  ) {}

  async list(user: UserRow, id: string, cursor: string | undefined): Promise<Page<Member>> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    requireContent(view);
    const page = await membersRepository.list(
      this.db,
      id,
      decodeCursor(cursor, (key) => SID.test(key)),
      PAGE_SIZE,
    );
    return {
      data: page.rows.map((row) => ({ user: toUserSummary(row.user), role: row.role, joined_at: row.joinedAt.toISOString() })),
      meta: { next_cursor: page.nextCursor, total: view.discussion.membersCount },
    };
  }

  /** The owner removes a member, or a member leaves; the owner cannot leave their own discussion. */
  async remove(user: UserRow, id: string, sid: string): Promise<void> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    const leaving = sid === user.sid;
    if (view.role === 'owner' && leaving) throw invalid('sid', DISCUSSION_MESSAGES.ownerCannotLeave);
    if (view.role !== 'owner' && !leaving) throw forbidden(DISCUSSION_MESSAGES.ownerOnly);
    const target = leaving ? user : await usersRepository.findBySid(this.db, sid);
    if (!target) throw notFound('The member');
    const removed = await this.db.transaction(async (tx) => {
      if (!(await membersRepository.remove(tx, id, target.id))) return false;
      await membersRepository.forgetRequestOf(tx, id, target.id, leaving ? 'delete' : 'reject');
      return true;
    });
    if (!removed) throw notFound('The member');
  }

  async invite(user: UserRow, id: string, sid: string): Promise<Member> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    requireOwner(view);
    const invitee = await usersRepository.findBySid(this.db, sid);
    if (!invitee) throw notFound('The user');
    if (invitee.id === user.id) throw invalid('sid', DISCUSSION_MESSAGES.cannotInviteYourself);
    if (await blocksRepository.eitherWay(this.db, user.id, invitee.id)) throw invalid('sid', DISCUSSION_MESSAGES.cannotInvite);
    await limitPosting(this.collaborators, user, 'invite');
    const added = await this.db.transaction(async (tx) => {
      const row = await membersRepository.add(tx, id, invitee.id);
      if (row) await membersRepository.acceptPendingOf(tx, id, invitee.id);
      return row;
    });
    if (!added) throw invalid('sid', DISCUSSION_MESSAGES.alreadyMember);
    this.collaborators.events.publish('discussionAccess.created', { discussionId: id, actorId: user.id, inviteeId: invitee.id });
    return { user: toUserSummary(invitee), role: 'member', joined_at: added.joinedAt.toISOString() };
  }

  /** Only a non-member of an invite-only discussion has something to ask for, and asks once. */
  async requestAccess(user: UserRow, id: string): Promise<AccessRequest> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    const refuse = (sentence: string) => invalid('access_request', sentence);
    if (view.role !== null) throw refuse(DISCUSSION_MESSAGES.requestNotNeeded);
    if (view.discussion.accessType === 'public') throw refuse(DISCUSSION_MESSAGES.requestPublic);
    if (view.discussion.accessType === 'private') throw refuse(DISCUSSION_MESSAGES.requestPrivate);
    if (view.accessRequest === 'pending') throw refuse(DISCUSSION_MESSAGES.requestPending);
    if (view.accessRequest !== null) throw refuse(DISCUSSION_MESSAGES.requestDecided);
    const row = await membersRepository.createRequest(this.db, { id: shortId(12), discussionId: id, userId: user.id });
    // Two clicks racing: the unique index lets one through; the other reads as the pending request it is.
    if (!row) throw refuse(DISCUSSION_MESSAGES.requestPending);
    this.collaborators.events.publish('discussionAccess.request.created', {
      discussionId: id,
      requestId: row.id,
      actorId: user.id,
      ownerId: view.discussion.ownerId,
    });
    return toAccessRequest(row, toUserSummary(user));
  }

  async listRequests(user: UserRow, id: string, cursor: string | undefined): Promise<Page<AccessRequest>> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    requireOwner(view);
    const position = decodeCursor(cursor, (key) => ID.test(key));
    const [page, total] = await Promise.all([
      membersRepository.listPending(this.db, id, user.id, position, PAGE_SIZE),
      membersRepository.countPending(this.db, id, user.id),
    ]);
    return {
      data: page.rows.map((row) => toAccessRequest(row.request, toUserSummary(row.user))),
      meta: { next_cursor: page.nextCursor, total },
    };
  }

  /** Accepting adds the requester as a member; the row lock makes a double accept add them once. */
  async decide(user: UserRow, id: string, requestId: string, status: 'accepted' | 'rejected'): Promise<AccessRequest> {
    const view = await findVisibleDiscussion(this.db, user.id, id);
    requireOwner(view);
    const decided = await this.db.transaction(async (tx) => {
      const request = await membersRepository.findRequestForUpdate(tx, id, requestId, user.id);
      if (!request) throw requestNotFound();
      if (request.status !== 'pending') throw invalid('access_request', DISCUSSION_MESSAGES.requestDecided);
      if (status === 'accepted') await membersRepository.add(tx, id, request.userId);
      return membersRepository.decide(tx, request.id, status);
    });
    const requester = await usersRepository.findById(this.db, decided.userId);
    if (!requester) throw requestNotFound();
    const event = status === 'accepted' ? 'discussionAccess.request.accepted' : 'discussionAccess.request.rejected';
    this.collaborators.events.publish(event, { discussionId: id, requestId: decided.id, actorId: user.id, requesterId: decided.userId });
    return toAccessRequest(decided, toUserSummary(requester));
  }
}
