import type { DbOrTx } from '../db/client';

/**
 * A prepared statement per database handle, built on first use. The hottest reads (a discussion and
 * its first comments) are prepared so PostgreSQL plans them once per connection instead of on every
 * request, which was most of their cost; the query text is not assembled again either.
 */
export function preparedPerDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<DbOrTx, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
