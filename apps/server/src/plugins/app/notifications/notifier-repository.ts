import { KIND_OF_TYPE, type NotificationType } from '@wink/contracts';
import { and, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { discussionMembers, discussions, notifications, users } from '../../../db/schema/index';
import { notBlockedEitherWay } from '../blocks/blocks-repository';
import { discussionVisibleTo } from '../discussions/discussion-access';
import { anyCellOnSql, cellOnSql } from './grid-cells';

/** The candidate recipient of a fan-out, as the statements below name it. */
export const recipient = sql`candidate.user_id`;

/** What a recipient may know of the discussion a notification is about (docs/data.md). */
export type DiscussionAccess = 'title' | 'content';

export interface FanOut {
  type: NotificationType;
  actorId: number;
  /** A query answering one `bigint` column: the people who might hear of it, before the rules below. */
  candidates: SQL;
  /** When it is about a discussion: recipients must be allowed to see it (its title, or its content too). */
  discussion?: { id: string; access: DiscussionAccess };
  /** The data of a new notification, as a jsonb expression (it may read the discussion's row). */
  data: SQL;
  /** Duplicates are collapsed on (recipient, type, data->>field = value) while unread. */
  collapseOn: { field: 'subject_id' | 'follower_sid'; value: SQL };
  /** Extra conditions on the candidate (`recipient`). */
  where?: SQL;
}

export interface Written {
  id: string;
  userId: number;
  /** True when an unread notification of the same kind was brought up to date instead of adding a row. */
  collapsed: boolean;
}

/**
 * Content: public, or a member. The viewer is the candidate of the statement, so these are correlated
 * subqueries per candidate, which is what a fan-out needs (the lists use the same rules per viewer).
 */
export function mayRead(access: DiscussionAccess): SQL {
  const visible = discussionVisibleTo(recipient);
  if (access === 'title') return visible;
  return and(
    visible,
    or(
      sql`${discussions.accessType} = 'public'`,
      sql`EXISTS (SELECT 1 FROM ${discussionMembers} WHERE ${discussionMembers.discussionId} = ${discussions.id} AND ${discussionMembers.userId} = ${recipient})`,
    ),
  )!;
}

/**
 * Writes one event's notifications in one statement: the recipients are computed once, those with an
 * unread notification of the same kind get it brought up to date (the new actor, comment and title,
 * `created_at` now so it rises to the top, `count` + 1), everyone else gets a new row. The rules that
 * never bend are part of the recipients' query: nobody whose notification grid turns every channel of
 * the kind off (docs/data.md; in-app off alone writes a row kept for delivery), never the actor,
 * never someone in a block with the actor either way, never about a discussion the recipient may not see.
 *
 * No unique index backs the collapse (the schema is not ours to change), so two events of the same
 * kind and subject are serialised by a transaction-scoped advisory lock: the second sees the first's row.
 */
export async function fanOut(db: Db, spec: FanOut, alsoInTransaction?: (tx: Tx, written: Written[]) => Promise<void>): Promise<Written[]> {
  const { type, actorId, discussion, collapseOn } = spec;
  // The recipient's settings: their notification grid decides whether, and where, they hear of it.
  const people = sql`FROM (${spec.candidates}) AS candidate(user_id) JOIN ${users} AS grid_person ON grid_person.id = ${recipient}`;
  const from = discussion ? sql`${people}, ${discussions}` : people;
  const conditions = [
    sql`${recipient} <> ${actorId}::bigint`,
    anyCellOnSql('grid_person', type),
    notBlockedEitherWay(actorId, recipient),
    ...(discussion ? [sql`${discussions.id} = ${discussion.id}::text`, mayRead(discussion.access)] : []),
    ...(spec.where ? [spec.where] : []),
  ];
  const same = sql`n.read_at IS NULL AND n.in_app = recipients.in_app AND n.type = ${type}::text AND n.data->>${collapseOn.field}::text = ${collapseOn.value}`;

  const statement = sql`
    WITH recipients AS (
      SELECT DISTINCT ${recipient} AS user_id, ${spec.data} AS data, ${cellOnSql('grid_person', KIND_OF_TYPE[type], 'in_app')} AS in_app
      ${from}
      WHERE ${sql.join(conditions, sql` AND `)}
    ),
    bumped AS (
      UPDATE ${notifications} AS n
      SET actor_id = ${actorId}::bigint,
          created_at = now(),
          data = n.data || recipients.data || jsonb_build_object('count', coalesce((n.data->>'count')::int, 1) + 1)
      FROM recipients
      WHERE n.user_id = recipients.user_id AND ${same}
      RETURNING n.id, n.user_id
    ),
    inserted AS (
      INSERT INTO ${notifications} (user_id, type, data, actor_id, in_app)
      SELECT user_id, ${type}::text, data || '{"count": 1}'::jsonb, ${actorId}::bigint, in_app
      FROM recipients
      WHERE user_id NOT IN (SELECT user_id FROM bumped)
      RETURNING id, user_id
    )
    SELECT id, user_id, true AS collapsed FROM bumped
    UNION ALL
    SELECT id, user_id, false AS collapsed FROM inserted`;

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${type}::text || ':' || (${collapseOn.value})::text))`);
    const result = (await tx.execute(statement)) as unknown as { rows: { id: string; user_id: string | number; collapsed: boolean }[] };
    const written = result.rows.map((row) => ({ id: row.id, userId: Number(row.user_id), collapsed: row.collapsed }));
    // What must never be lost with the notifications (their delivery jobs) commits with them or not at all.
    if (written.length && alsoInTransaction) await alsoInTransaction(tx, written);
    return written;
  });
}

/** The data every notification about a discussion carries: its id and its title as the recipient saw it then. */
export const aboutDiscussion = (extra: Record<string, string> = {}): SQL => {
  const pairs = Object.entries(extra).map(([key, value]) => sql`${key}::text, ${value}::text`);
  return sql`jsonb_build_object('subject_id', ${discussions.id}, 'subject_title', ${discussions.title}${pairs.length ? sql`, ${sql.join(pairs, sql`, `)}` : sql``})`;
};

/** A person's public id, read in the statement itself. */
export const sidOf = (userId: number): SQL => sql`(SELECT ${users.sid} FROM ${users} WHERE ${users.id} = ${userId}::bigint)`;
