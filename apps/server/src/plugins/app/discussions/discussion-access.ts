import { DISCUSSION_MESSAGES, type MembershipRole } from '@wink/contracts';
import { and, eq, getTableColumns, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { discussionAccessRequests, discussionMembers, discussions, type DiscussionRow } from '../../../db/schema/index';
import { forbidden, HttpError } from '../../../lib/errors';
import { preparedPerDatabase } from '../../../lib/prepared';
import { notBlockedEitherWay, type Viewer } from '../blocks/blocks-repository';

/**
 * Who may see what of a discussion (docs/data.md), in one place:
 * - public: everyone allowed to read sees all of it;
 * - invite_only: everyone allowed to read sees the title and the owner's public summary; members see
 *   the content: the body and everything derived from it (excerpt, search matches), comments, members;
 * - private: does not exist (404) for anyone but its members;
 * - a discussion whose owner is in a block with the viewer (either way) does not exist for them.
 */

/** The viewer's discussions as a set computed once per statement (a hashed subplan, not a lookup per row). */
const isMember = (viewerId: Viewer): SQL =>
  sql`${discussions.id} IN (SELECT ${discussionMembers.discussionId} FROM ${discussionMembers} WHERE ${discussionMembers.userId} = ${viewerId})`;

/** Whether the viewer may read the content: the SQL twin of `canSeeContent`, for conditions on the body. */
export const contentVisibleTo = (viewerId: Viewer): SQL => or(sql`${discussions.accessType} = 'public'`, isMember(viewerId))!;

/**
 * The discussion exists for the viewer and they may read its content: the one rule under which its
 * comments and the citations made in it are shown.
 */
export const discussionContentVisibleTo = (viewerId: Viewer): SQL => and(discussionVisibleTo(viewerId), contentVisibleTo(viewerId))!;

/**
 * A full-text match the viewer is entitled to: title, summary and body where they may read the
 * content, title and summary only elsewhere, so a search cannot reveal the words of a body they may
 * not read. Both vectors have a GIN index; the OR becomes a BitmapOr of the two.
 */
export const discussionMatches = (viewerId: Viewer, q: string): SQL => {
  const query = sql`websearch_to_tsquery('english', ${q})`;
  return or(
    and(sql`${discussions.searchVector} @@ ${query}`, contentVisibleTo(viewerId)),
    sql`${discussions.publicSearchVector} @@ ${query}`,
  )!;
};

/** The WHERE condition every list, count and lookup of discussions uses. */
export const discussionVisibleTo = (viewerId: Viewer): SQL =>
  and(
    or(sql`${discussions.accessType} <> 'private'`, isMember(viewerId)),
    notBlockedEitherWay(viewerId, discussions.ownerId),
    // Hidden by a moderator: gone for everyone, owner included.
    isNull(discussions.hiddenAt),
  )!;

/** The not-found answer: the same sentence whether the discussion is missing, private or hidden by a block. */
export const discussionNotFound = () => new HttpError(404, DISCUSSION_MESSAGES.notFound);

export interface DiscussionView {
  discussion: DiscussionRow;
  role: MembershipRole | null;
  /** Whether the viewer may read the body, the comments and the members. */
  contentVisible: boolean;
  accessRequest: 'pending' | 'accepted' | 'rejected' | null;
}

/** Members see everything; everyone else sees the content of public discussions only. */
export const canSeeContent = (discussion: Pick<DiscussionRow, 'accessType'>, role: MembershipRole | null) =>
  role !== null || discussion.accessType === 'public';

const { searchVector: _searchVector, publicSearchVector: _publicSearchVector, ...discussionColumns } = getTableColumns(discussions);

function selectVisible(db: DbOrTx, viewerId: Viewer, id: string | Placeholder) {
  return db
    .select({ discussion: discussionColumns, role: discussionMembers.role, accessRequest: discussionAccessRequests.status })
    .from(discussions)
    .leftJoin(discussionMembers, and(eq(discussionMembers.discussionId, discussions.id), eq(discussionMembers.userId, viewerId)))
    .leftJoin(
      discussionAccessRequests,
      and(eq(discussionAccessRequests.discussionId, discussions.id), eq(discussionAccessRequests.userId, viewerId)),
    )
    .where(and(eq(discussions.id, id), discussionVisibleTo(viewerId)))
    .limit(1);
}

const preparedVisible = preparedPerDatabase((db) =>
  selectVisible(db, sql.placeholder('viewer'), sql.placeholder('id')).prepare('discussion_visible_to'),
);

/** One statement: the discussion if the viewer may know it exists, with their role and request. */
export async function findVisibleDiscussion(db: DbOrTx, viewerId: number, id: string, lock = false): Promise<DiscussionView> {
  const [row] = lock
    ? await selectVisible(db, viewerId, id).for('update', { of: discussions })
    : await preparedVisible(db).execute({ viewer: viewerId, id });
  if (!row) throw discussionNotFound();
  const role = row.role ?? null;
  return {
    discussion: row.discussion,
    role,
    contentVisible: canSeeContent(row.discussion, role),
    accessRequest: row.accessRequest ?? null,
  };
}

/** Comments, members and replies are content: invite-only non-members get a 403 that says how to join. */
export function requireContent(view: DiscussionView): void {
  if (!view.contentVisible) throw forbidden(DISCUSSION_MESSAGES.membersOnly);
}

export function requireOwner(view: DiscussionView): void {
  if (view.role !== 'owner') throw forbidden(DISCUSSION_MESSAGES.ownerOnly);
}
