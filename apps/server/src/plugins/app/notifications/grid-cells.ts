import {
  COLUMN_SWITCH,
  gridCell,
  KIND_OF_TYPE,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationType,
} from '@wink/contracts';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a person's cell of the grid is on, as SQL over a users row named `person`: the column's
 * switch and the cell itself. The one rule every delivery asks, in statements and in code alike
 * (`cellOn` below).
 */
export function cellOnSql(person: string, kind: NotificationKind, channel: NotificationChannel): SQL {
  const notMuted = sql`NOT (${gridCell(kind, channel)}::text = ANY(${sql.identifier(person)}.muted_notifications))`;
  const column = COLUMN_SWITCH[channel];
  if (column === null) return notMuted;
  return sql`(${sql.identifier(person)}.${sql.identifier(column)} AND ${notMuted})`;
}

/** Whether any channel would carry a notification of this type to the person: otherwise nothing is written. */
export function anyCellOnSql(person: string, type: NotificationType): SQL {
  const kind = KIND_OF_TYPE[type];
  return sql`(${sql.join(
    NOTIFICATION_CHANNELS.map((channel) => cellOnSql(person, kind, channel)),
    sql` OR `,
  )})`;
}

export interface GridSettings {
  emailNotifications: boolean;
  webNotifications: boolean;
  pushNotifications: boolean;
  mutedNotifications: string[];
}

/** `cellOnSql` for a row already read. */
export function cellOn(person: GridSettings, kind: NotificationKind, channel: NotificationChannel): boolean {
  if (person.mutedNotifications.includes(gridCell(kind, channel))) return false;
  if (channel === 'email') return person.emailNotifications;
  if (channel === 'web') return person.webNotifications;
  if (channel === 'android') return person.pushNotifications;
  return true;
}
