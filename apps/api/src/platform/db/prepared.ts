import type { Db } from './database';

/**
 * ADR 053: a hot drizzle query built once per database handle (its SQL text kept, sent as a named
 * statement that PostgreSQL parses and plans once per connection) instead of on every call — drizzle
 * spends about 0.1–0.2 ms of CPU building and mapping each query it builds afresh. `build` must prepare
 * with `sql.placeholder` for every value and a name unique in the app.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
