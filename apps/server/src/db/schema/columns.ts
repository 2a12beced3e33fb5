import { bigint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

// Columns many tables repeat. Each call builds a fresh column: every table needs its own.

/** A person the row belongs to: it goes when their account does. */
export const personId = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** When the row was written. */
export const createdNow = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
