/** Runs a SQL query when the database, the SQL or the data generation changes; keeps the last result. */
import { useEffect, useState } from 'react';
import { columnsOf, rowsOf, type Row } from '../model/arrow';
import type { Connector, TrackedConnector } from './connector';

/** What useQuery needs of a connector: `query`, and the prefetch of a tracked one where there is one. */
export type QueryConnector = Pick<Connector, 'query'> & Partial<Pick<TrackedConnector, 'watch' | 'prefetched'>>;

export interface QueryState { rows: Row[] | null; columns: string[]; fresh?: boolean; sameSql?: boolean; error: string | null; loading: boolean; ms: number | null; sql: string | null; generation?: number }

/**
 * `prefetch`: the query is one the view runs again over every new generation of the data (a summary, not a query
 * built from another query's answer): on a connector that prefetches (`TrackedConnector.watch`), it starts as the
 * generation is published rather than once the page has rendered it.
 */
export function useQuery(db: QueryConnector | null, sql: string | null, generation = 0, { prefetch = false } = {}): QueryState {
  const [state, setState] = useState<QueryState>({ rows: null, columns: [], error: null, loading: sql !== null, ms: null, sql: null });
  useEffect(() => {
    if (!prefetch || !db?.watch || sql === null) return;
    return db.watch(sql);
  }, [prefetch, db, sql]);
  useEffect(() => {
    if (!db || sql === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const t0 = performance.now();
    (db.prefetched?.(sql, generation) ?? db.query(sql)).then(
      (t) => { performance.measure(`query ${sql.trim().slice(0, 40).replace(/\s+/g, ' ')}`, { start: t0 }); if (live) setState({ rows: rowsOf(t), columns: columnsOf(t).map((c) => c.name), error: null, loading: false, ms: performance.now() - t0, sql, generation }); },
      (e: unknown) => { if (live) setState({ rows: null, columns: [], error: e instanceof Error ? e.message : String(e), loading: false, ms: null, sql, generation }); },
    );
    return () => { live = false; };
  }, [db, sql, generation]);
  // fresh: the rows answer the current SQL over the current data (not a previous answer still on screen: in the
  // render where the SQL or the generation changes, the effect above has not yet marked the state as loading)
  const current = state.sql === sql && state.generation === generation;
  // sameSql: the rows answer the current SQL, over the current data or an earlier generation of it.
  return { ...state, loading: state.loading || (db !== null && sql !== null && !current), fresh: !state.loading && current, sameSql: state.sql === sql };
}
