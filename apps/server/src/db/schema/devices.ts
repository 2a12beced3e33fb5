import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const pushRegistrations = pgTable(
  'push_registrations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    platform: text('platform', { enum: ['android', 'ios', 'web'] }).notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull().default('unknown'),
    locale: text('locale').notNull(),
    appVersion: text('app_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_registrations_token_unique').on(t.token), index('push_registrations_user_id_idx').on(t.userId)],
);
