/**
 * The visitor's SQL, run so that it cannot change what the other views read: on a connection of its own, inside a
 * transaction that is always rolled back (DuckDB's catalog is transactional, so a dropped or replaced view comes
 * back), after `refusal` has turned away the statements that would leave that transaction (sql/userSql.ts).
 */
import { refusal } from '../sql/userSql';
import type { ArrowLike, Session } from './connector';

export async function runSandboxed(session: Session, sql: string): Promise<ArrowLike> {
  const why = refusal(sql);
  if (why) throw new Error(why);
  await session.query('BEGIN TRANSACTION');
  try {
    return await session.query(sql);
  } finally {
    await session.query('ROLLBACK').catch(() => undefined);
  }
}

/** A query function over `session` that runs one sandboxed query at a time (one transaction per connection). */
export function sandbox(session: Session): { query: (sql: string) => Promise<ArrowLike> } {
  let last: Promise<unknown> = Promise.resolve();
  return {
    query: (sql) => {
      const next = last.catch(() => undefined).then(() => runSandboxed(session, sql));
      last = next;
      return next;
    },
  };
}
