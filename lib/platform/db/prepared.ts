// Owns the hot statements built once: a statement the Drizzle builder writes is assembled on every call (about a
// millisecond of CPU for an authentication's CTEs) and sent unnamed (PostgreSQL parses and plans it each time). One
// built once per connection pool with placeholders and `.prepare(name)` costs neither: postgres.js prepares it on each
// connection the first time (unless the pool is behind a transaction pooler, where nothing is prepared).
import { type Db, db } from '@/db/client';

/**
 * The statement `build` makes for the process's pool, built on first use and again for a new pool (tests close and
 * reopen theirs). `build` uses `sql.placeholder(name)` for every per-call value and ends with `.prepare(name)`.
 */
export function preparedStatement<Statement>(build: (db: Db) => Statement): () => Statement {
  const byPool = new WeakMap<Db, Statement>();
  return () => {
    const pool = db();
    let statement = byPool.get(pool);
    if (!statement) {
      statement = build(pool);
      byPool.set(pool, statement);
    }
    return statement;
  };
}
