// Live view: the engine running in this page (Kotlin/Wasm) or in Node behind a WebSocket, drawn with WebGL, with
// live timing distributions. Lazily loaded by the app's router; three.js and the engines load with it.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LiveRunner, type LiveConfig } from '../live/run/LiveRunner';
import { installHooks, runBench } from '../live/run/benchHook';
import { defaultWsUrl } from '../live/engines/wsEngine';
import { ProgramError, programEntry, programOutput, programSuffix, REFERENCE_PROGRAM } from '../live/engines/programs';
import { legend } from '../live/scene/colors';
import { checkWsServer, localAccess, type ServerCheck } from '../live/engines/wsServerCheck';
import type { EngineKind } from '../live/model';
import { scenarioFor } from '../../../measurement/src/scenario.mjs';
import { timingCsvDataLines } from '../../../measurement/src/timingCsv.mjs';
import { canonicalPicks } from '../../../measurement/src/canonical.mjs';
import { configEnvironment, describeEnvironment, mediansOfCsv, normalise, runFiles, visitorEnvironment, WARMUP } from '../live/run/yourRun';
import { ScenarioNote } from '../live/components/ScenarioNote';
import { ServerStatus } from '../live/components/ServerStatus';
import { YourRunPanel, type NormalisedRun, type YourRun } from '../live/components/YourRunPanel';
import { IsolationNotice } from '../components/IsolationNotice';
import { useData, useShown } from '../data/DataProvider';
import { rowsOf } from '../model/arrow';
import type { RunJson } from '../model/runs';
import type { LiveState, ViewState } from '../state/viewState';
import { IDS_BY_ENGINE, WEB_IDS } from '../live/timing/ids';
import { TimingRecorder, measureTimerResolutionNs } from '../live/timing/recorder';
import { Histogram } from '../live/components/Histogram';
import { LiveControls } from '../live/components/LiveControls';
import { ValuesTable } from '../live/components/ValuesTable';

const HISTOGRAM_WINDOW = 2000;
// The Unity WebGL player as a front-end of this view (unity-webgl/README.md): loaded only when its section is opened.
const UnityFrontEnd = lazy(() => import('../live/unity/UnityFrontEnd'));

/** The visitor's run: the canonical web configuration (bench:web's N = 10 rule: the reference layout), free pacing. */
const YOUR_RUN = { nodeCount: 10, pacing: 'free' as const };

/**
 * The published run "your run" is set beside: the headline's web configuration (measurement/src/canonical.mjs: the
 * newest web run with invocations, its default driver and encoding) when it has floors, else the newest web run with
 * an N = 10 free-paced configuration and floors.
 */
function canonicalWebRun(runs: readonly RunJson[]): { run: RunJson; config: string } | null {
  const pick = canonicalPicks(runs.filter((r) => r.kind === 'web')).find((p) => p.platform === 'web');
  if (pick && pick.config.files.some((f) => f.side === 'floor')) return { run: pick.run, config: pick.config.id };
  const found = runs.filter((r) => r.kind === 'web').flatMap((r) => r.configurations
    .filter((c) => c.nodeCount === YOUR_RUN.nodeCount && c.pacing === YOUR_RUN.pacing && c.files.some((f) => f.side === 'floor'))
    .map((c) => ({ run: r, config: c.id })));
  found.sort((a, b) => String(b.run.createdAt ?? '').localeCompare(String(a.run.createdAt ?? '')) || a.run.id.localeCompare(b.run.id));
  return found[0] ?? null;
}

const publishedEnvironment = (r: RunJson): string => {
  const e = r.environment as { cpuModel?: string; cores?: number; os?: string; runtimes?: { browser?: string }; timerResolutionNs: number | null };
  return [e.runtimes?.browser, e.os, e.cpuModel, e.cores ? `${e.cores} cores` : null,
    e.timerResolutionNs ? `${e.timerResolutionNs / 1000} µs clock` : null].filter(Boolean).join(', ');
};

/**
 * Steps run after a configuration so the scene shows a settled gradient before Run (one round moves the gradient
 * one hop). Not a measurement: their timings are dropped, unless something reconfigured or started the runner
 * meanwhile (e.g. the bench hook).
 */
async function previewSteps(runner: LiveRunner): Promise<void> {
  const rec = runner.rec;
  const generation = runner.config;
  const rounds = Math.min(runner.config.nodeCount, 30);
  await runner.runSteps(rounds);
  if (runner.rec === rec && runner.config === generation && runner.steps === rounds && !runner.running) runner.rec = new TimingRecorder();
}

/** Samples recorded so far (all ids). */
const sampleCount = (r: TimingRecorder): number => r.ids().reduce((n, id) => n + r.count(id), 0);

/** The Live view's settings as the URL keeps them (the server address only when it is not the default). */
function toLiveState(c: LiveConfig, defaultWs: string | null): LiveState {
  return { engine: c.engine, pacing: c.pacing, nodeCount: c.nodeCount, maxDistance: c.maxDistance, scenario: c.scenario,
    wsUrl: c.wsUrl === defaultWs ? undefined : c.wsUrl, encoding: c.encoding, program: c.program };
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
  const [server, setServer] = useState<ServerCheck | null>(null);
  const data = useData();
  const [rounds, setRounds] = useState(1000);
  const [yourRuns, setYourRuns] = useState<YourRun[]>([]);
  const [yourProgress, setYourProgress] = useState<{ phase: string; done: number; total: number } | null>(null);
  const [yourError, setYourError] = useState<string | null>(null);
  const [published, setPublished] = useState<NormalisedRun | null>(null);
  const [unityOpen, setUnityOpen] = useState(false);
  // The page contacts a server on the visitor's machine only once the visitor asks: by picking the WebSocket engine
  // (here or, on the visitor's own machine, in the URL), by typing a server address or by asking to check. From
  // another origin the browser asks for permission first, so the page explains that and waits for a confirmation.
  const access = localAccess(location.origin);
  const askedRef = useRef(initial.current.engine === 'websocket' && access === 'local');
  const [asked, setAskedState] = useState(askedRef.current);
  const setAsked = useCallback(() => { askedRef.current = true; setAskedState(true); }, []);
  const [confirming, setConfirming] = useState<Partial<LiveConfig> | null>(
    initial.current.engine === 'websocket' && access === 'ask' ? { engine: 'websocket' } : null);

  /** Checks the server at `url`; the answer decides what the status line says and which engines "your run" runs. */
  const recheck = useCallback(async (url: string) => {
    setServer(null);
    const c = await checkWsServer(url);
    if (runnerRef.current?.config.wsUrl === url) setServer(c);
    return c;
  }, []);

  /**
   * Configures the runner; when the WebSocket engine cannot connect, says why and how to start a server (the status
   * line) and goes on with the in-page engine rather than leaving the view without one. A program spec the engine
   * refuses is said in the status line too, and the view goes on with the program it ran before (the reference one
   * when that was the refused spec).
   */
  const configureOrFallBack = useCallback(async function configureOrFallBack(runner: LiveRunner, next: Partial<LiveConfig>): Promise<boolean> {
    const before = runner.config.program;
    try {
      return await runner.configure(next);
    } catch (e) {
      if (e instanceof ProgramError) {
        const applied = await configureOrFallBack(runner, { program: before !== e.spec ? before : REFERENCE_PROGRAM });
        runner.error = e.message;
        return applied;
      }
      if (runner.config.engine !== 'websocket') throw e;
      // Said where the visitor looks (the status line), not a silent flip of the engine selector.
      setServer({ ok: false, url: runner.config.wsUrl, message: `"WebSocket to Node" could not start, so the view went back to the in-page engine: ${e instanceof Error ? e.message : String(e)}` });
      return runner.configure({ engine: 'wasm' });
    }
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const runner = new LiveRunner(canvas);
    runnerRef.current = runner;
    const hooks = installHooks(runner);
    setResolutionNs(measureTimerResolutionNs());
    const onResize = () => runner.scene.resize();
    const observer = new ResizeObserver(onResize);
    observer.observe(canvas);
    const { wsUrl, ...rest } = initial.current;
    defaultWsUrl()
      .then((d) => {
        defaultWsRef.current = d;
        const url = wsUrl ?? d;
        // Configuring the WebSocket engine is the check; without the visitor's ask the view opens in-page.
        const engine = rest.engine === 'websocket' && !askedRef.current ? 'wasm' : rest.engine;
        return configureOrFallBack(runner, { ...rest, engine, wsUrl: url });
      })
      .then((applied) => {
        // Not when something reconfigured the runner meanwhile (e.g. the bench hook): its steps are its own.
        if (!applied) return false;
        if (runner.config.engine === 'websocket') setServer({ ok: true, url: runner.config.wsUrl });
        // fell back to the in-page engine, or to a program the engine accepts: the URL says what the view shows
        if (runner.config.engine !== rest.engine || runner.config.program !== rest.program) set({ live: toLiveState(runner.config, defaultWsRef.current) }, { replace: true });
        return true;
      })
      .then(async (applied) => {
        if (!applied) return;
        await previewSteps(runner);
      })
      .catch(() => { /* shown through runner.error */ })
      .finally(() => { setConfig({ ...runner.config }); setBusy(false); hooks.markReady(); });
    const timer = setInterval(() => setTick((t) => t + 1), 250);
    return () => {
      clearInterval(timer);
      observer.disconnect();
      hooks.uninstall();
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
        await configureOrFallBack(runner, next);
        if (!runner.running) await previewSteps(runner);
        if (next.wsUrl !== undefined && runner.config.engine !== 'websocket' && askedRef.current) void recheck(runner.config.wsUrl);
        else if (runner.config.engine === 'websocket') setServer({ ok: true, url: runner.config.wsUrl });
      }
    } catch { /* shown through runner.error */ } finally {
      setConfig({ ...runner.config });
      set({ live: toLiveState(runner.config, defaultWsRef.current) }, { replace: true });
      setBusy(false);
    }
  }, [set, configureOrFallBack, recheck]);

  // Every change of configuration starts new timings (two configurations' samples are never mixed): when some
  // are collected, ask first (download them, or change and clear them).
  const change = useCallback((next: Partial<LiveConfig>) => {
    const runner = runnerRef.current;
    if (!runner) return;
    const changed = (Object.keys(next) as (keyof LiveConfig)[]).some((k) => next[k] !== runner.config[k]);
    if (!changed) return;
    const contacts = next.engine === 'websocket' || (next.wsUrl !== undefined && runner.config.engine === 'websocket');
    if ((contacts || next.wsUrl !== undefined) && !askedRef.current) {
      if (access === 'blocked') { setNote('this copy is served over plain HTTP: it cannot reach a server on your machine'); return; }
      if (access === 'ask') { setConfirming(next); return; }
      setAsked();
    }
    if (sampleCount(runner.rec) > 0) setPending(next);
    else void apply(next);
  }, [apply, access, setAsked]);

  // The published canonical web run, as medians per path and floor from the loaded samples (same warm-up as yours).
  // Picked among every listed run (no flicker as runs arrive); read once its samples are in.
  const canonicalPick = useMemo(() => canonicalWebRun(data.listed), [data.listed]);
  const canonicalIn = useShown(canonicalPick ? [`${canonicalPick.run.id}/${canonicalPick.config}`] : []);
  const canonical = canonicalIn ? canonicalPick : null;
  const canonicalKey = canonical ? `${canonical.run.id}/${canonical.config}` : null;
  useEffect(() => {
    if (!data.db || !canonical) return;
    let live = true;
    const q = (x: string) => `'${x.replace(/'/g, "''")}'`;
    data.db.query(`SELECT transport, side, id, median(duration_ns)::DOUBLE AS m FROM samples
      WHERE run = ${q(canonical.run.id)} AND config = ${q(canonical.config)} AND side IN ('frontend', 'floor') AND (side = 'floor' OR k > ${WARMUP})
      GROUP BY ALL`).then((t) => {
      if (!live) return;
      const m = { wasm: new Map<string, number>(), websocket: new Map<string, number>(), floors: new Map<string, number>() };
      for (const r of rowsOf(t)) {
        const target = r.side === 'floor' ? m.floors : r.transport === 'wasm' ? m.wasm : r.transport === 'websocket' ? m.websocket : null;
        target?.set(String(r.id), Number(r.m));
      }
      setPublished({ run: canonical.run.id, config: canonical.config, environment: publishedEnvironment(canonical.run), ...normalise(m) });
    }).catch((e: unknown) => { if (live) setYourError(`published run ${canonicalKey}: ${e instanceof Error ? e.message : String(e)}`); });
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.db, canonicalKey, data.generation > 0]);

  // One button: the web benchmark in this browser (both engines when a server answers), loaded into the dashboard
  // through the upload path as a configuration of its own, and set beside the published run.
  const runYours = async () => {
    const runner = runnerRef.current;
    if (!runner || yourProgress) return;
    setYourError(null);
    const before = { ...runner.config };
    // Both engines when the visitor has let the page reach a server and one answers; the in-page one otherwise.
    const check = askedRef.current ? await recheck(runner.config.wsUrl) : null;
    const engines: EngineKind[] = check?.ok ? ['wasm', 'websocket'] : ['wasm'];
    const total = engines.length * rounds;
    setBusy(true);
    setYourProgress({ phase: 'starting', done: 0, total });
    try {
      const result = await runBench(runner, {
        ...YOUR_RUN, rounds: rounds + WARMUP, engines, wsUrl: runner.config.wsUrl, scenario: scenarioFor(YOUR_RUN.nodeCount),
        floorSamples: Math.min(rounds, 1000), e2eBlocks: WARMUP + Math.max(50, Math.round(rounds / 4)), framePeriodFrames: 10,
      }, ({ engine, steps }) => {
        const i = engines.indexOf(engine);
        const done = Math.min(total, i * rounds + steps);
        setYourProgress({ phase: steps >= rounds ? `${engine}: timing e2e blocks and floors` : `${engine}: step ${steps} of ${rounds + WARMUP}`, done, total });
      });
      setYourProgress({ phase: 'loading the run into the dashboard', done: total, total });
      const env = visitorEnvironment(result, navigator.hardwareConcurrency || null);
      const results = await data.upload(runFiles(result, env, YOUR_RUN.nodeCount, YOUR_RUN.pacing), { n: YOUR_RUN.nodeCount, pacing: YOUR_RUN.pacing, environment: configEnvironment(env) });
      const failed = results.filter((r) => !r.ok);
      if (failed.length || results.length === 0) throw new Error(failed.map((r) => (r.ok ? '' : r.error)).join('; ') || 'the dashboard is not ready');
      const first = results[0] as Extract<typeof results[number], { ok: true }>;
      const floors = mediansOfCsv(result.floors);
      setYourRuns((list) => [...list, {
        run: first.run, config: first.config, env, engines, environment: describeEnvironment(env),
        ...normalise({ wasm: mediansOfCsv(result.frontend.wasm), websocket: result.frontend.websocket ? mediansOfCsv(result.frontend.websocket) : null, floors }),
      }]);
    } catch (e) {
      setYourError(`your run: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setYourProgress(null);
      try { await configureOrFallBack(runner, before); } catch { /* shown through runner.error */ }
      setConfig({ ...runner.config });
      setBusy(false);
    }
  };

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
    // b's rows cut as the parser cuts them (measurement/src/timingCsv.mjs): a lone CR ends a row too.
    const merge = (a: string, b: string | null) => (b ? a + timingCsvDataLines(b).map((l) => `${l}\n`).join('') : a);
    // Front-end timings, the back-end's when the engine records them in this page (the Wasm facade's
    // step.service/step.compute; the Node server writes its own with --csv), and any floors: the dashboard's
    // upload splits them by side again (docs/measurements.md ids).
    const text = merge(merge(runner.rec.toCsv(), runner.engine?.backendCsv() ?? null), floorsRef.current.toCsv());
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `web_${runner.config.engine}_n${runner.config.nodeCount}_${runner.config.pacing}${programSuffix(runner.config.program)}.csv`;
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
      <IsolationNotice uploads={data.uploads.length} />
      {config && runner && (
        <LiveControls
          config={runner.config} running={!!runner?.running} busy={busy} websocketBlocked={access === 'blocked'}
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
            if (other === 'websocket' && !askedRef.current) {
              setNote('websocket floor not measured: the page contacts no server on your machine until you pick "WebSocket to Node" or check for one');
            } else {
              try { await r.measureFloors(floorsRef.current, 500, [other]); } catch (e) {
                setNote(`${other} floor not measured: ${e instanceof Error ? e.message : String(e)}`);
              }
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
      {config && runner && (
        <ScenarioNote scenario={runner.config.scenario} nodeCount={runner.config.nodeCount} maxDistance={runner.config.maxDistance}
          busy={busy} onScenario={(scenario) => change({ scenario })} />
      )}
      {config && runner && (
        <ServerStatus check={server} asked={asked} access={access} origin={location.origin} url={runner.config.wsUrl} busy={busy}
          confirming={confirming !== null}
          onCheck={() => {
            const r = runnerRef.current;
            if (!r) return;
            setAsked();
            if (r.config.engine === 'websocket') void apply({ wsUrl: r.config.wsUrl });
            else void recheck(r.config.wsUrl);
          }}
          onConfirm={() => { const next = confirming; setConfirming(null); setAsked(); if (next) change(next); }}
          onCancel={() => setConfirming(null)} />
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
        Click a device to toggle it as a source, drag it to move it. Program{' '}
        <b data-testid="program-running">{runner?.config.program ?? REFERENCE_PROGRAM}</b>
        {runner && programEntry(runner.config.program) ? ` (${programEntry(runner.config.program)!.label})` : ''}; colour:{' '}
        <span data-testid="colour-legend">{legend(programOutput(runner?.config.program))}</span>. Timings: docs/measurements.md ids; durations rounded to the
        page clock ({resolutionNs === null ? '…' : `${resolutionNs / 1000} µs`}).
      </p>
      <ValuesTable state={runner?.state ?? null} sources={runner?.sources ?? new Set()} />
      <YourRunPanel rounds={rounds} onRounds={setRounds} engines={server?.ok ? ['wasm', 'websocket'] : ['wasm']}
        running={yourProgress} onRun={() => void runYours()} disabled={busy || !runner || !data.db || !!runner?.running}
        error={yourError} runs={yourRuns} published={published}
        onOpen={(r) => set({ view: 'compare', runs: r === published ? [r.run] : [...(published ? [published.run] : []), r.run], focus: `${r.run}/${r.config}` })} />
      <details data-testid="unity-section" onToggle={(e) => setUnityOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Unity WebGL front-end (the unity-webgl/ player, when a build is in public/unity/)</summary>
        {unityOpen && (
          <Suspense fallback={<p className="muted">loading the Unity front-end…</p>}>
            <UnityFrontEnd wsUrl={runner?.config.wsUrl} />
          </Suspense>
        )}
      </details>
    </div>
  );
}

export { LivePage };
