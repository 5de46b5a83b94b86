/** Runs a SQL query when the database, the SQL or the data generation changes; keeps the last result. */
import { useEffect, useState } from 'react';
import { columnsOf, rowsOf, type Row } from '../model/arrow';
import type { Connector } from './connector';

export interface QueryState { rows: Row[] | null; columns: string[]; fresh?: boolean; error: string | null; loading: boolean; ms: number | null; sql: string | null }

export function useQuery(db: Connector | null, sql: string | null, generation = 0): QueryState {
  const [state, setState] = useState<QueryState>({ rows: null, columns: [], error: null, loading: sql !== null, ms: null, sql: null });
  useEffect(() => {
    if (!db || sql === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const t0 = performance.now();
    db.query(sql).then(
      (t) => { if (live) setState({ rows: rowsOf(t), columns: columnsOf(t).map((c) => c.name), error: null, loading: false, ms: performance.now() - t0, sql }); },
      (e: unknown) => { if (live) setState({ rows: null, columns: [], error: e instanceof Error ? e.message : String(e), loading: false, ms: null, sql }); },
    );
    return () => { live = false; };
  }, [db, sql, generation]);
  // fresh: the rows answer the current SQL (not a previous one still on screen)
  return { ...state, fresh: !state.loading && state.sql === sql };
}
