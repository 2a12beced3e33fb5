import type { DbOrTx } from '../../../db/client';
import { reports } from '../../../db/schema/index';

export type NewReport = typeof reports.$inferInsert;

export const reportsRepository = {
  /** Undefined when this person already reported this target: the partial unique indexes decide, not a racy read. */
  async insertOnce(db: DbOrTx, values: NewReport) {
    const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
    return row;
  },
};
