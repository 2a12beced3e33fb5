import { statementCounter } from '../../src/db/client';

/** What `work` returns and how many statements the database was sent meanwhile (node-postgres counts BEGIN and COMMIT too). */
export async function countingStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = statementCounter.count;
  const result = await work();
  return { result, statements: statementCounter.count - before };
}
