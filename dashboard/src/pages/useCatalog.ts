/** What is loaded: ids, transports and N available for selection. */
import { useMemo } from 'react';
import { useData } from '../data/DataProvider';
import { useQuery } from '../db/useQuery';
import { OVERHEAD_ID, catalogSql } from '../sql/analysis';

export const DEFAULT_IDS = [OVERHEAD_ID, 'step.unity.e2e', 'step.web.e2e'];

export function useCatalog(runs: string[] | undefined) {
  const data = useData();
  const q = useQuery(data.db, data.status === 'ready' ? catalogSql() : null, data.generation);
  return useMemo(() => {
    const rows = (q.rows ?? []).filter((r) => !runs || runs.includes(String(r.run)));
    const ids = [...new Set(rows.map((r) => String(r.id)))].sort();
    if (rows.some((r) => r.id === 'step.service')) ids.unshift(OVERHEAD_ID);
    const transports = [...new Set(rows.map((r) => r.transport).filter((t) => t !== null).map(String))].sort();
    const ns = [...new Set(rows.map((r) => r.n).filter((n) => n !== null).map(Number))].sort((a, b) => a - b);
    // answered: the catalog has come back at least once. Until then the ids it offers are unknown, and a view's
    // queries that filter by them wait rather than run with none and again once it answers (the database runs one
    // query at a time: a wasted round delays the first figure).
    return { ids, transports, ns, rows, answered: q.rows !== null };
  }, [q.rows, runs]);
}
