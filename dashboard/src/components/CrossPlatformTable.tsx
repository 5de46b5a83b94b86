/**
 * In-process across platforms: per web Wasm / desktop native pair (free pacing, same N and program), the front-end e2e
 * medians per step and as K-step block means, and the web/desktop ratios. Props only.
 */
import type { CrossPlatformRow } from '../model/crossPlatform';
import { formatRatio, type Unit } from '../model/units';
import { StatCell } from './StatCell';
import { LazyTbody } from './NearViewport';
import { IdLabel } from './IdLabel';

export interface CrossPlatformProps {
  rows: CrossPlatformRow[];
  unit: Unit;
  /** the desktop block means are being computed */
  pending: boolean;
  /** a pair drawn only once scrolled near (NearViewport.tsx) */
  lazy?: (r: CrossPlatformRow) => boolean;
}

function notesOf(r: CrossPlatformRow, pending: boolean): { text: string; warn: boolean; kind: string }[] {
  const notes: { text: string; warn: boolean; kind: string }[] = [];
  if (r.machineNote) notes.push({ text: r.machineNote, warn: true, kind: 'machine' });
  if (r.scenarioNote) notes.push({ text: r.scenarioNote, warn: true, kind: 'scenario' });
  if (!r.webBlock) notes.push({ text: 'no step.web.e2e.block samples with a declared K (e2eBlockSteps) after warm-up: per-step medians compared, quantized by the 5 µs page clock', warn: false, kind: 'fallback' });
  // A heavy engine's desktop run can hold fewer steps per invocation than one block (e.g. 40 rounds of 0.1 s).
  else if (!pending && !r.desktopBlock) notes.push({ text: `no block of ${r.blockSteps} back-to-back steps after warm-up in any invocation of the desktop configuration: no block ratio; per-step medians compared`, warn: false, kind: 'no-desktop-block' });
  return notes;
}

const RunConfig = ({ run, config }: { run: string; config: string }) => <td className="key"><IdLabel kind="run" id={run} /><br /><span className="muted small"><IdLabel kind="configuration" id={config} /></span></td>;

export function CrossPlatformTable({ rows, unit, pending, lazy }: CrossPlatformProps) {
  if (rows.length === 0) {
    return (
      <p className="muted" data-testid="cross-platform-empty">
        No pair in the selected runs: select a web run and a desktop run that both hold free-paced configurations of
        the same N and program (web with a Wasm front-end e2e, desktop with a native <code>step.unity.e2e</code>).
      </p>
    );
  }
  return (
    <div className="table-wrap">
      <table className="data cross-platform-table" data-testid="cross-platform-table">
        <thead>
          <tr>
            <th rowSpan={2}>N, program</th><th colSpan={4}>web: Wasm in the page</th><th colSpan={3}>desktop: native via FFI</th>
            <th colSpan={2}>web / desktop</th>
          </tr>
          <tr>
            <th>run / config</th><th>e2e median</th><th>block-mean median</th><th>K</th>
            <th>run / config</th><th>e2e median</th><th>K-step block-mean median</th>
            <th>block</th><th>per step</th>
          </tr>
        </thead>
        {rows.map((r) => {
          const key = `${r.webRun}/${r.webConfig}|${r.desktopRun}/${r.desktopConfig}`;
          const desktopBlock = r.desktopBlock;
          const notes = notesOf(r, pending ?? false);
          return (
            <LazyTbody key={key} data-testid="cross-platform-pair" lazy={lazy?.(r) ?? false} heightPx={notes.length ? 70 : 31} colSpan={10}
              placeholder={`N = ${r.n}, ${r.program}: ${r.webRun}/${r.webConfig} vs ${r.desktopRun}/${r.desktopConfig}`}>
              {() => (
                <>
                  <tr data-testid="cross-platform-row" data-n={r.n} data-program={r.program} data-web={`${r.webRun}/${r.webConfig}`}
                    data-desktop={`${r.desktopRun}/${r.desktopConfig}`} data-basis={r.webBlock ? 'block' : 'step'}>
                    <td className="num">{r.n}<br /><span className="muted small">{r.program}</span></td>
                    <RunConfig run={r.webRun} config={r.webConfig} />
                    <StatCell ns={r.webE2e?.median ?? null} unit={unit} stat="web-e2e" />
                    <StatCell ns={r.webBlock?.median ?? null} unit={unit} stat="web-block" />
                    <td className="num" data-stat="k">{r.blockSteps ?? '—'}</td>
                    <RunConfig run={r.desktopRun} config={r.desktopConfig} />
                    <StatCell ns={r.desktopE2e.median} unit={unit} stat="desktop-e2e" />
                    {r.blockSteps !== null && pending
                      ? <td className="num" data-stat="desktop-block">…</td>
                      : (
                        <StatCell ns={desktopBlock?.median ?? null} unit={unit} stat="desktop-block"
                          title={desktopBlock ? `${desktopBlock.median} ns, median of ${desktopBlock.blocks} blocks of ${desktopBlock.blockSteps} steps` : undefined} />
                      )}
                    <td className="num" data-stat="ratio-block" data-ratio={r.blockRatio ?? ''}>{formatRatio(r.blockRatio)}</td>
                    <td className="num" data-stat="ratio-step" data-ratio={r.stepRatio ?? ''}>{formatRatio(r.stepRatio)}</td>
                  </tr>
                  {notes.length > 0 && (
                    <tr className="notes">
                      <td />
                      <td colSpan={9} style={{ whiteSpace: 'normal' }}>
                        {notes.map((n) => <div key={n.kind} className={n.warn ? 'note' : 'muted small'} data-note={n.kind}>{n.warn ? '⚠ ' : ''}{n.text}</div>)}
                      </td>
                    </tr>
                  )}
                </>
              )}
            </LazyTbody>
          );
        })}
      </table>
    </div>
  );
}
