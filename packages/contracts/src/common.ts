import { z } from 'zod';

/** `{ data: ... }`: the envelope of every resource on the wire. */
export const resource = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** `{ data: [...], meta: { next_cursor, total } }`: the envelope of every list (cursor pagination). */
export const list = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ next_cursor: z.string().nullable(), total: z.number().int().nullable() }),
  });

/** The query of every list: the opaque `meta.next_cursor` of the page before, absent for the first page. */
export const cursorQuery = z.object({ cursor: z.string().max(500).optional() });

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const maintenanceResponse = z.object({
  message: z.string(),
  maintenance: z.object({ retry_after: z.number().int() }),
});

/** Which run-time dependency answers: Redis is `off` when not configured (one process, no fan-out). */
export const healthDependencies = z.object({
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
});
export type HealthDependencies = z.infer<typeof healthDependencies>;

/** `GET /api/`: ok while the database answers (Redis down degrades real-time delivery, not the service). */
export const healthResponse = z.object({ status: z.literal('ok'), dependencies: healthDependencies });

/**
 * 503: the maintenance answer's shape (the web app's dialog). While the database is away it says which
 * dependency is down; maintenance itself has none to name.
 */
export const unavailableResponse = maintenanceResponse.extend({ dependencies: healthDependencies.optional() });

export const isoDate = z.string().describe('ISO 8601 date-time');

export type ListMeta = { next_cursor: string | null; total: number | null };
