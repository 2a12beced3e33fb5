import type { Database } from '../db/client';
import { syncLayVocabulary } from './vocabulary/lay-vocabulary';

/**
 * What every process does to a database before using it: the schema's migrations, then the lay
 * vocabulary, which ships with the code (a file, not a migration) and so is brought up to date on
 * each start.
 */
export async function prepareDatabase(database: Database): Promise<void> {
  await database.migrate();
  await syncLayVocabulary(database.db);
}
