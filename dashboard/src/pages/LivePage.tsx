// Live view: the engine running in this page (Kotlin/Wasm) or in Node behind a WebSocket, drawn with WebGL, with
// live timing distributions. Lazily loaded by the app's router; three.js and the engines load with it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveRunner, type LiveConfig } from '../live/run/LiveRunner';
import { installHooks } from '../live/run/benchHook';
import { defaultWsUrl } from '../live/engines/wsEngine';
import { IDS_BY_ENGINE, WEB_IDS } from '../live/timing/ids';
import { TimingRecorder, measureTimerResolutionNs } from '../live/timing/recorder';
import { Histogram } from '../live/components/Histogram';
import { LiveControls } from '../live/components/LiveControls';
import { ValuesTable } from '../live/components/ValuesTable';

const HISTOGRAM_WINDOW = 2000;

export default function LivePage() {
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
    runner.configure({ wsUrl: defaultWsUrl() })
      .then(() => runner.runSteps(1)) // one step so the scene shows values and links before Run
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

  const change = useCallback(async (next: Partial<LiveConfig>) => {
    const runner = runnerRef.current;
    if (!runner) return;
    setBusy(true);
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
      setBusy(false);
    }
  }, []);

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
    const merge = (a: string, b: string) => a + b.split('\n').slice(1).join('\n');
    const text = merge(runner.rec.toCsv(), floorsRef.current.toCsv());
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
          onStart={() => { runnerRef.current?.start(); setTick((t) => t + 1); }}
          onPause={() => { runnerRef.current?.pause(); setTick((t) => t + 1); }}
          onClearTimings={() => { if (runnerRef.current) runnerRef.current.rec = new TimingRecorder(); floorsRef.current = new TimingRecorder(); }}
          onDownload={download}
          onFloors={async () => {
            const r = runnerRef.current;
            if (!r) return;
            setBusy(true);
            try { await r.measureFloors(floorsRef.current, 500, ['wasm', 'websocket']); } catch (e) { r.error = String(e); }
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
        {runner?.error && <span style={{ color: '#e5534b' }} data-testid="live-error"> · {runner.error}</span>}
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
