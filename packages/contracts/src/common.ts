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

export const healthResponse = z.object({ status: z.literal('ok') });

export const isoDate = z.string().describe('ISO 8601 date-time');

export type ListMeta = { next_cursor: string | null; total: number | null };
