/**
 * What happened in the community, as the server's one domain-event bus carries it (docs/data.md).
 * The names are the notification types a recipient later sees; the payloads hold internal row ids
 * for the subscribers on the server and public ids for anything that ends up on the wire.
 */
export interface DomainEvents {
  /** A comment or reply was posted; members and the thread's followers hear of it. */
  'comment.created': { discussionId: string; commentId: string; parentId: string | null; actorId: number };
  /** A reply landed in a thread the recipient follows. */
  'comment.followed.created': { discussionId: string; commentId: string; parentId: string; actorId: number; followerIds: number[] };
  /** A discussion was opened; followers of a public discussion's owner hear of it. */
  'discussion.created': { discussionId: string; actorId: number; accessType: 'public' | 'invite_only' | 'private' };
  /** The owner invited someone: the invitee is now a member. */
  'discussionAccess.created': { discussionId: string; actorId: number; inviteeId: number };
  'discussionAccess.request.created': { discussionId: string; requestId: string; actorId: number; ownerId: number };
  'discussionAccess.request.accepted': { discussionId: string; requestId: string; actorId: number; requesterId: number };
  'discussionAccess.request.rejected': { discussionId: string; requestId: string; actorId: number; requesterId: number };
  'user.followed': { actorId: number; followedId: number };
}

export type DomainEventName = keyof DomainEvents;
