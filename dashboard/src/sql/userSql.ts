/**
 * The visitor's SQL (the SQL view) runs on a connection of its own inside a transaction that is rolled back
 * (`db/sandbox.ts`), so it can read, and even drop or replace views for a query, without changing what the other
 * views read. Statements that would step outside that transaction or change the database for every connection
 * (ending the transaction, attaching files, global settings, extensions) are refused here, before any runs.
 * Pure text: tested without a database.
 */

/** The first keyword of each statement, with string literals, quoted identifiers and comments skipped. */
export function statementHeads(sql: string): string[] {
  const heads: string[] = [];
  let current = '';
  let fresh = true;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-') { const e = sql.indexOf('\n', i); i = e < 0 ? sql.length : e + 1; continue; }
    if (c === '/' && next === '*') { const e = sql.indexOf('*/', i + 2); i = e < 0 ? sql.length : e + 2; continue; }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      i = j + 1;
      fresh = false;
      continue;
    }
    if (c === ';') { if (current) heads.push(current); current = ''; fresh = true; i++; continue; }
    if (fresh && /[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < sql.length && /[A-Za-z_]/.test(sql[j])) j++;
      current = sql.slice(i, j).toUpperCase();
      fresh = false;
      i = j;
      continue;
    }
    if (fresh && c === '(') { current = '('; fresh = false; }
    else if (!/\s/.test(c)) fresh = false;
    i++;
  }
  if (current) heads.push(current);
  return heads;
}

/** Statements the sandbox refuses, with why. */
const REFUSED: Record<string, string> = {
  BEGIN: 'transactions', START: 'transactions', COMMIT: 'transactions', END: 'transactions', ROLLBACK: 'transactions', ABORT: 'transactions',
  CHECKPOINT: 'checkpoints', ATTACH: 'attaching databases', DETACH: 'detaching databases', USE: 'switching databases',
  SET: 'settings', RESET: 'settings', PRAGMA: 'pragmas', INSTALL: 'extensions', LOAD: 'extensions',
  IMPORT: 'importing a database', EXPORT: 'exporting a database', VACUUM: 'vacuum',
};

/** Why the visitor's SQL cannot run in the sandbox, or null when it can. */
export function refusal(sql: string): string | null {
  const heads = statementHeads(sql);
  if (heads.length === 0) return 'nothing to run: type a query such as SELECT * FROM runs';
  for (const h of heads) {
    const what = REFUSED[h];
    if (what) return `${h} is not available here (${what}): queries in this view run in a transaction that is rolled back, so they never change what the other views read`;
  }
  return null;
}
