// Live view: the engine running in this page (Kotlin/Wasm) or in Node behind a WebSocket, drawn with WebGL, with
// live timing distributions. Lazily loaded by the app's router; three.js and the engines load with it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveRunner, type LiveConfig } from '../live/run/LiveRunner';
import { installHooks } from '../live/run/benchHook';
import { defaultWsUrl } from '../live/engines/wsEngine';
import type { EngineKind } from '../live/model';
import type { LiveState, ViewState } from '../state/viewState';
import { IDS_BY_ENGINE, WEB_IDS } from '../live/timing/ids';
import { TimingRecorder, measureTimerResolutionNs } from '../live/timing/recorder';
import { Histogram } from '../live/components/Histogram';
import { LiveControls } from '../live/components/LiveControls';
import { ValuesTable } from '../live/components/ValuesTable';

const HISTOGRAM_WINDOW = 2000;

/** Samples recorded so far (all ids). */
const sampleCount = (r: TimingRecorder): number => r.ids().reduce((n, id) => n + r.count(id), 0);

/** The Live view's settings as the URL keeps them (the server address only when it is not the default). */
function toLiveState(c: LiveConfig, defaultWs: string | null): LiveState {
  return { engine: c.engine, pacing: c.pacing, nodeCount: c.nodeCount, maxDistance: c.maxDistance, scenario: c.scenario,
    wsUrl: c.wsUrl === defaultWs ? undefined : c.wsUrl, encoding: c.encoding };
}

export default function LivePage({ state, set }: { state: ViewState; set: (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void }) {
  const initial = useRef(state.live);
  const defaultWsRef = useRef<string | null>(null);
  /** A change that would clear the timings collected, waiting for the user's answer. */
  const [pending, setPending] = useState<Partial<LiveConfig> | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const runnerRef = useRef<LiveRunner | null>(null);
  const floorsRef = useRef(new TimingRecorder());
  const [config, setConfig] = useState<LiveConfig | null>(null);
  const [busy, setBusy] = useState(true);
  const [tick, setTick] = useState(0);
  const [resolutionNs, setResolutionNs] = useState<number | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const runner = new LiveRunner(canvas);
    runnerRef.current = runner;
    const uninstall = installHooks(runner);
    setResolutionNs(measureTimerResolutionNs());
    const onResize = () => runner.scene.resize();
    const observer = new ResizeObserver(onResize);
    observer.observe(canvas);
    const { wsUrl, ...rest } = initial.current;
    defaultWsUrl()
      .then((d) => { defaultWsRef.current = d; return runner.configure({ ...rest, wsUrl: wsUrl ?? d }); })
      .then(async (applied) => {
        // One step so the scene shows values and links before Run; not a measurement: timings start with Run.
        // Not when something reconfigured the runner meanwhile (e.g. the bench hook): its steps are its own.
        if (!applied) return;
        const rec = runner.rec;
        await runner.runSteps(1);
        if (runner.rec === rec && runner.steps === 1 && !runner.running) runner.rec = new TimingRecorder();
      })
      .catch(() => { /* shown through runner.error */ })
      .finally(() => { setConfig({ ...runner.config }); setBusy(false); });
    const timer = setInterval(() => setTick((t) => t + 1), 250);
    return () => {
      clearInterval(timer);
      observer.disconnect();
      uninstall();
      runner.dispose();
      runnerRef.current = null;
    };
  }, []);

  const apply = useCallback(async (next: Partial<LiveConfig>) => {
    const runner = runnerRef.current;
    if (!runner) return;
    setBusy(true);
    setPending(null);
    const onlyPacing = Object.keys(next).every((k) => k === 'pacing');
    try {
      if (onlyPacing) {
        const wasRunning = runner.running;
        runner.pause();
        runner.config = { ...runner.config, ...next };
        runner.rec = new TimingRecorder();
        if (wasRunning) runner.start();
      } else {
        await runner.configure(next);
      }
    } catch { /* shown through runner.error */ } finally {
      setConfig({ ...runner.config });
      set({ live: toLiveState(runner.config, defaultWsRef.current) }, { replace: true });
      setBusy(false);
    }
  }, [set]);

  // Every change of configuration starts new timings (two configurations' samples are never mixed): when some
  // are collected, ask first (download them, or change and clear them).
  const change = useCallback((next: Partial<LiveConfig>) => {
    const runner = runnerRef.current;
    if (!runner) return;
    const changed = (Object.keys(next) as (keyof LiveConfig)[]).some((k) => next[k] !== runner.config[k]);
    if (!changed) return;
    if (sampleCount(runner.rec) > 0) setPending(next);
    else void apply(next);
  }, [apply]);

  // Click a device: toggle it as a source; drag it: move it (the engine gets the new position next step).
  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);
  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const runner = runnerRef.current;
    if (!runner) return;
    const id = runner.scene.pick(e.clientX, e.clientY);
    if (id < 0) return;
    drag.current = { id, x: e.clientX, y: e.clientY, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    const runner = runnerRef.current;
    if (!d || !runner) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
    d.moved = true;
    const [x, y] = runner.scene.toWorld(e.clientX, e.clientY);
    runner.moveDevice(d.id, x, y);
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) runnerRef.current?.toggleSource(d.id);
  };

  const download = () => {
    const runner = runnerRef.current;
    if (!runner) return;
    const merge = (a: string, b: string | null) => (b ? a + b.replace(/\r/g, '').split('\n').slice(1).filter(Boolean).map((l) => `${l}\n`).join('') : a);
    // Front-end timings, the back-end's when the engine records them in this page (the Wasm facade's
    // step.service/step.compute; the Node server writes its own with --csv), and any floors: the dashboard's
    // upload splits them by side again (docs/measurements.md ids).
    const text = merge(merge(runner.rec.toCsv(), runner.engine?.backendCsv() ?? null), floorsRef.current.toCsv());
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `web_${runner.config.engine}_n${runner.config.nodeCount}_${runner.config.pacing}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const runner = runnerRef.current;
  const ids: readonly string[] = runner
    ? [...IDS_BY_ENGINE[runner.config.engine], ...(runner.rec.count(WEB_IDS.e2eBlock) ? [WEB_IDS.e2eBlock] : [])]
    : [];
  const floorIds = [WEB_IDS.wasmNoop, WEB_IDS.wsEcho].filter((id) => floorsRef.current.count(id) > 0);
  void tick;

  return (
    <div className="live-page" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
      <h2 style={{ margin: 0 }}>Live: one engine, in this page (Wasm) or in Node (WebSocket)</h2>
      {config && runner && (
        <LiveControls
          config={runner.config} running={!!runner?.running} busy={busy}
          onChange={change}
          pending={pending ? { next: pending, samples: sampleCount(runner.rec) } : null}
          onConfirm={() => { if (pending) void apply(pending); }}
          onCancel={() => setPending(null)}
          onStart={() => { runnerRef.current?.start(); setTick((t) => t + 1); }}
          onPause={() => { runnerRef.current?.pause(); setTick((t) => t + 1); }}
          onClearTimings={() => { if (runnerRef.current) runnerRef.current.rec = new TimingRecorder(); floorsRef.current = new TimingRecorder(); setTick((t) => t + 1); }}
          onDownload={download}
          onFloors={async () => {
            const r = runnerRef.current;
            if (!r) return;
            setBusy(true);
            setNote(null);
            // The current engine's floor; the other one's too when it can be reached (the ws server may not run:
            // that is a note, not an error of the engine in use).
            const mine = r.config.engine;
            const other: EngineKind = mine === 'wasm' ? 'websocket' : 'wasm';
            try { await r.measureFloors(floorsRef.current, 500, [mine]); } catch (e) { r.error = e instanceof Error ? e.message : String(e); }
            try { await r.measureFloors(floorsRef.current, 500, [other]); } catch (e) {
              setNote(`${other} floor not measured: ${e instanceof Error ? e.message : String(e)}`);
            }
            setBusy(false);
          }}
          onE2eBlocks={async () => {
            const r = runnerRef.current;
            if (!r) return;
            setBusy(true);
            try { await r.measureE2eBlocks(r.rec, 100); } catch (e) { r.error = String(e); }
            setBusy(false);
          }}
        />
      )}
      <div style={{ fontSize: 12 }} data-testid="live-status">
        crossOriginIsolated: <b data-testid="coi">{String(window.crossOriginIsolated)}</b>
        {' · '}timer resolution: <b data-testid="timer-resolution">{resolutionNs === null ? '…' : `${(resolutionNs / 1000).toFixed(1)} µs`}</b>
        {' · '}steps: <b data-testid="steps">{runner?.steps ?? 0}</b>
        {' · '}links: {runner?.scene.linkCount ?? 0}
        {' · '}max value: {runner ? runner.scene.maxValue.toFixed(2) : '–'}
        {runner?.error && <span style={{ color: '#e5534b' }} role="alert" data-testid="live-error"> · {runner.error}</span>}
        {note && <span className="muted" data-testid="live-note"> · {note}</span>}
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <canvas
          ref={canvasRef} data-testid="live-canvas"
          style={{ width: 'min(900px, 100%)', height: 480, borderRadius: 6, touchAction: 'none', cursor: 'pointer' }}
          onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp}
        />
        <div style={{ minWidth: 240 }}>
          {ids.map((id) => <Histogram key={id} id={id} durations={runner!.rec.durations(id, HISTOGRAM_WINDOW)} />)}
          {floorIds.map((id) => <Histogram key={id} id={id} durations={floorsRef.current.durations(id, HISTOGRAM_WINDOW)} />)}
        </div>
      </div>
      <p style={{ fontSize: 12, margin: 0, opacity: 0.8 }}>
        Click a device to toggle it as a source, drag it to move it. Colour: gradient value (dark = near a source,
        yellow = far, grey = unreachable). Timings: docs/measurements.md ids; durations rounded to the
        page clock ({resolutionNs === null ? '…' : `${resolutionNs / 1000} µs`}).
      </p>
      <ValuesTable state={runner?.state ?? null} sources={runner?.sources ?? new Set()} />
    </div>
  );
}

export { LivePage };
