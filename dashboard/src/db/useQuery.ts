/** Runs a SQL query when the database, the SQL or the data generation changes; keeps the last result. */
import { useEffect, useState } from 'react';
import { columnsOf, rowsOf, type Row } from '../model/arrow';
import type { Connector } from './connector';

export interface QueryState { rows: Row[] | null; columns: string[]; fresh?: boolean; sameSql?: boolean; error: string | null; loading: boolean; ms: number | null; sql: string | null; generation?: number }

export function useQuery(db: Pick<Connector, 'query'> | null, sql: string | null, generation = 0): QueryState {
  const [state, setState] = useState<QueryState>({ rows: null, columns: [], error: null, loading: sql !== null, ms: null, sql: null });
  useEffect(() => {
    if (!db || sql === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const t0 = performance.now();
    db.query(sql).then(
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
