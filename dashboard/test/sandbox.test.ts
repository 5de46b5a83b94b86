// The SQL view's sandbox: the refusal rules as text, and over DuckDB's Node build that a visitor's DROP or
// CREATE OR REPLACE of a view is gone for every other reader once the query returns.
import { describe, expect, it } from 'vitest';
import { runSandboxed, sandbox } from '../src/db/sandbox';
import { rowsOf } from '../src/model/arrow';
import { refusal, statementHeads } from '../src/sql/userSql';
import { loadedDb, referenceRunDir } from './support/nodeConnector';

describe('statementHeads', () => {
  it('finds each statement\'s first keyword, skipping strings, quoted names and comments', () => {
    expect(statementHeads("select ';commit'; -- commit;\n/* rollback; */ DROP VIEW \"a;b\"; (SELECT 1)")).toEqual(['SELECT', 'DROP', '(']);
    expect(statementHeads('  \n;;  ')).toEqual([]);
    expect(statementHeads("SELECT 'it''s; fine'; commit")).toEqual(['SELECT', 'COMMIT']);
  });
});

describe('refusal', () => {
  it('lets queries and transactional changes through', () => {
    for (const q of ['SELECT * FROM runs', 'WITH x AS (SELECT 1) SELECT * FROM x', 'DROP VIEW samples; SELECT 1', 'CREATE OR REPLACE VIEW samples AS SELECT 1', 'DESCRIBE samples', 'SUMMARIZE runs']) {
      expect(refusal(q), q).toBeNull();
    }
  });
  it('refuses what would leave the rolled-back transaction or change every connection, naming the statement', () => {
    expect(refusal('DROP VIEW samples; COMMIT')).toMatch(/^COMMIT is not available here \(transactions\)/);
    expect(refusal('begin; drop view samples')).toMatch(/^BEGIN/);
    expect(refusal("ATTACH 'x.db'")).toMatch(/attaching/);
    expect(refusal('SET threads = 1')).toMatch(/settings/);
    expect(refusal('PRAGMA threads=1')).toMatch(/pragmas/);
    expect(refusal('-- nothing')).toMatch(/nothing to run/);
  });
});

describe('runSandboxed over DuckDB', () => {
  it('a dropped or replaced view is back for the other connection, and the sandbox keeps working after an error', async () => {
    const { db } = await loadedDb([referenceRunDir]);
    const count = async () => Number(rowsOf(await db.query('SELECT count(*)::DOUBLE AS n FROM samples'))[0].n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const session = await db.openSession();
    const inside = await runSandboxed(session, 'DROP VIEW samples; CREATE VIEW samples AS SELECT 1 AS x; SELECT count(*)::DOUBLE AS n FROM samples');
    expect(Number(rowsOf(inside)[0].n)).toBe(1); // the visitor's query sees its own change…
    expect(await count()).toBe(before); // …nobody else does, and it is gone afterwards
    await runSandboxed(session, 'CREATE OR REPLACE VIEW samples AS SELECT * FROM samples_raw WHERE false');
    expect(await count()).toBe(before);
    await runSandboxed(session, 'DELETE FROM samples_raw');
    expect(await count()).toBe(before);
    await expect(runSandboxed(session, 'SELECT * FROM nope')).rejects.toThrow(/nope/);
    await expect(runSandboxed(session, 'DROP VIEW samples; COMMIT')).rejects.toThrow(/COMMIT is not available/);
    expect(await count()).toBe(before);
    expect(Number(rowsOf(await runSandboxed(session, 'SELECT count(*)::DOUBLE AS n FROM samples'))[0].n)).toBe(before);
    await session.close();
    await db.close();
  });
});

describe('sandbox', () => {
  it('runs overlapping queries one after the other (one transaction at a time per connection)', async () => {
    const { db } = await loadedDb([referenceRunDir]);
    const s = sandbox(await db.openSession());
    const [a, b, c] = await Promise.allSettled([s.query('SELECT 1 AS x'), s.query('SELECT * FROM nope'), s.query('SELECT 3 AS x')]);
    expect(a.status === 'fulfilled' && Number(rowsOf(a.value)[0].x)).toBe(1);
    expect(b.status).toBe('rejected');
    expect(c.status === 'fulfilled' && Number(rowsOf(c.value)[0].x)).toBe(3);
    await db.close();
  });
});
