/**
 * The newest published soak (data/soak/index.json lists them, scripts/soak.mjs --publish; docs/testing.md "Soak"):
 * its plot, verdicts and command; nothing when none is published.
 */
import { useEffect, useMemo, useState } from 'react';
import { loadNewestSoak } from '../data/soak';
import { soakFigure, type SoakFile } from '../plots/soakFigure';
import { Plot } from './Plot';

export function SoakPanel() {
  const [file, setFile] = useState<SoakFile | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadNewestSoak().then((f) => { if (live) setFile(f); },
      (e: unknown) => { if (live) { setError(e instanceof Error ? e.message : String(e)); setFile(null); } });
    return () => { live = false; };
  }, []);
  const figure = useMemo(() => (file ? soakFigure(file) : null), [file]);
  if (error) return <p className="error" role="alert">{error}</p>;
  if (!file || !figure) return null;
  const minutes = Math.round(file.runs.reduce((a, r) => a + r.seconds, 0) / 60);
  return (
    <section data-testid="soak">
      <h3>Reliability: each server held at its capacity ({minutes} minutes in all)</h3>
      <Plot name="soak" figure={figure} height={760} />
      <ul className="small" data-testid="soak-verdicts">
        {file.runs.map((r) => (
          <li key={r.name} data-server={r.name} data-ok={r.verdict && r.verdict.problems.length === 0 ? '1' : '0'}>
            {r.name} server, M = {r.m} front-ends for {Math.round(r.seconds / 60)} min: {r.received.toLocaleString('en')} replies to {r.sent.toLocaleString('en')} requests
            {r.csvRows !== undefined ? `, ${r.csvRows.toLocaleString('en')} rows in its timing CSV` : ''};{' '}
            {!r.verdict ? 'no verdict' : r.verdict.problems.length ? <strong className="error">{r.verdict.problems.join('; ')}</strong> : 'no growth of RSS, fds or threads, no creep of p99'}.
          </li>
        ))}
      </ul>
      <p className="muted small">Growth and creep are judged between the first and the last quarter of the samples (scripts/soak.mjs).
        {file.date ? ` Measured ${file.date}` : ''}{file.machine ? ` on ${file.machine}` : ''}. Command: <code>{file.command}</code>.</p>
    </section>
  );
}
