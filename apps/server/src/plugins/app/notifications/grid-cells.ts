import { gridCell, KIND_OF_TYPE, type NotificationChannel, type NotificationKind, type NotificationType } from '@wink/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** The column switch of each channel (the seed's three settings); in-app has none. */
const COLUMN: Record<Exclude<NotificationChannel, 'in_app'>, string> = {
  email: 'email_notifications',
  web: 'web_notifications',
  android: 'push_notifications',
};

/**
 * Whether a person's cell of the grid is on, as SQL over a users row named `person`: the column's
 * switch and the cell itself. The one rule every delivery asks, in statements and in code alike
 * (`cellOn` below).
 */
export function cellOnSql(person: string, kind: NotificationKind, channel: NotificationChannel): SQL {
  const notMuted = sql`NOT (${gridCell(kind, channel)}::text = ANY(${sql.identifier(person)}.muted_notifications))`;
  if (channel === 'in_app') return notMuted;
  return sql`(${sql.identifier(person)}.${sql.identifier(COLUMN[channel])} AND ${notMuted})`;
}

/** Whether any channel would carry a notification of this type to the person: otherwise nothing is written. */
export function anyCellOnSql(person: string, type: NotificationType): SQL {
  const kind = KIND_OF_TYPE[type];
  return sql`(${sql.join(
    (['in_app', 'email', 'web', 'android'] as const).map((channel) => cellOnSql(person, kind, channel)),
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
