/** SQL panel over the loaded tables; the query text is part of the URL. */
import { SqlPanel } from '../components/SqlPanel';
import { useData } from '../data/DataProvider';
import { useQuery } from '../db/useQuery';
import type { ViewState } from '../state/viewState';

export const DEFAULT_SQL = `SELECT run, file, id, count(*) AS n, median(duration_ns) AS median_ns
FROM samples GROUP BY ALL ORDER BY run, file, id`;

export default function SqlPage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const data = useData();
  const sql = state.sql ?? DEFAULT_SQL;
  const q = useQuery(data.db, data.status === 'ready' ? sql : null, data.generation);
  return <div data-testid="sql"><SqlPanel key={sql} sql={sql} onRun={(s) => set({ sql: s })} columns={q.columns} rows={q.rows} error={q.error} ms={q.ms} loading={q.loading} /></div>;
}
