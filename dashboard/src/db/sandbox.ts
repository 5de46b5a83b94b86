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
