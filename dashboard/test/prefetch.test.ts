/**
 * The tracked connector's prefetch (`dashboard/src/db/connector.ts`): a view's summary query starts when a
 * generation of the data is published, and the view's own query of that generation takes its result. Over DuckDB's
 * Node build, the same engine as the page's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { trackActivity, type TrackedConnector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import { createNodeConnector } from './support/nodeConnector';

let db: TrackedConnector;
beforeAll(async () => {
  db = trackActivity(await createNodeConnector());
  await db.query('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)');
});

describe('prefetch', () => {
  it('starts every watched query for a generation; that generation takes each result once, another none', async () => {
    const sql = 'SELECT sum(x) AS s FROM t';
    const withdraw = db.watch(sql);
    db.prefetch(1);
    expect(db.prefetched(sql, 2)).toBeNull();
    const ahead = db.prefetched(sql, 1);
    expect(ahead).not.toBeNull();
    expect(rowsOf(await ahead!)).toEqual(rowsOf(await db.query(sql)));
    expect(db.prefetched(sql, 1)).toBeNull(); // taken
    expect(db.prefetched('SELECT 1', 1)).toBeNull(); // never watched
    withdraw();
  });

  it('answers over the data as it was when the generation was published', async () => {
    const sql = 'SELECT count(*) AS n FROM t';
    const withdraw = db.watch(sql);
    await db.query('INSERT INTO t VALUES (4)');
    db.prefetch(3);
    const n = Number(rowsOf(await db.prefetched(sql, 3)!)[0].n);
    expect(n).toBe(Number(rowsOf(await db.query(sql))[0].n));
    // A later generation drops what the earlier one did not take.
    db.prefetch(4);
    expect(db.prefetched(sql, 3)).toBeNull();
    expect(db.prefetched(sql, 4)).not.toBeNull();
    withdraw();
  });

  it('counts its watchers: a query two views watch stays watched until both withdraw; a withdrawn one is not started', async () => {
    const sql = 'SELECT max(x) AS m FROM t';
    const a = db.watch(sql);
    const b = db.watch(sql);
    a();
    a(); // a second call of the same withdrawal changes nothing
    db.prefetch(5);
    expect(db.prefetched(sql, 5)).not.toBeNull();
    b();
    db.prefetch(6);
    expect(db.prefetched(sql, 6)).toBeNull();
  });

  it('hands a failure to the view that takes it', async () => {
    const sql = 'SELECT * FROM no_such_table';
    const withdraw = db.watch(sql);
    db.prefetch(7);
    const failing = db.prefetched(sql, 7)!;
    await expect(failing).rejects.toThrow(/no_such_table/);
    withdraw();
  });
});
