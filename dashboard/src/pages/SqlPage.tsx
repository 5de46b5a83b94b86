/**
 * SQL panel over the loaded tables; the query text is part of the URL. The query runs in a sandbox (its own
 * connection, rolled back: db/sandbox.ts), so it never changes what the other views read.
 */
import { useEffect, useMemo, useState } from 'react';
import { SqlPanel } from '../components/SqlPanel';
import { useData } from '../data/DataProvider';
import type { Session } from '../db/connector';
import { sandbox } from '../db/sandbox';
import { useQuery } from '../db/useQuery';
import type { ViewState } from '../state/viewState';

export const DEFAULT_SQL = `SELECT run, file, id, count(*) AS n, median(duration_ns) AS median_ns
FROM samples GROUP BY ALL ORDER BY run, file, id`;

export default function SqlPage({ state, set }: { state: ViewState; set: (p: Partial<ViewState>) => void }) {
  const data = useData();
  const sql = state.sql ?? DEFAULT_SQL;
  // A query may read any run: every run loads.
  useEffect(() => data.need(), [data.need]); // eslint-disable-line react-hooks/exhaustive-deps
  const [session, setSession] = useState<Session | null>(null);
  const [sessionError, setSessionError] = useState<string | null>(null);
  useEffect(() => {
    if (!data.db) return;
    let live = true;
    let opened: Session | null = null;
    data.db.openSession().then((s) => { opened = s; if (live) setSession(s); else void s.close(); },
      (e: unknown) => { if (live) setSessionError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; setSession(null); if (opened) void opened.close(); };
  }, [data.db]);
  const sandboxed = useMemo(() => (session ? sandbox(session) : null), [session]);
  // A query that came with the page's address is shown, not run, until the reader presses Run: a link must not
  // execute SQL in the reader's page (docs/testing.md, "Hostile input").
  const [confirmed, setConfirmed] = useState(state.sql === undefined);
  const q = useQuery(sandboxed, data.status === 'ready' && confirmed ? sql : null, data.generation);
  const note = confirmed ? null : 'This query came with the link: read it, then press Run to execute it.';
  // data-answers: the SQL the rows on screen answer, once they do (a previous result stays visible while a new query runs).
  return <div data-testid="sql" data-answers={q.fresh ? q.sql ?? '' : ''}><SqlPanel key={sql} sql={sql} note={note} onRun={(s) => { setConfirmed(true); set({ sql: s }); }} columns={q.columns} rows={q.rows} error={q.error ?? sessionError} ms={q.ms} loading={q.loading} /></div>;
}
