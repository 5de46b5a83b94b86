// "Your case": what going out of process would cost for the visitor's engine, scene and frame rate. The published
// ratios are for our engine (about 0.18 µs per device and round); a ratio of per-step times falls as the engine's own
// cost grows, so the view predicts it for an engine cost the visitor enters (or a preset), from the cost model fitted
// on the published runs (measurement/src/costModel.mjs, docs/cost-model.md). Every input lives in the URL.
// Lazily loaded route; reads cost-model.json through the data layer (data/costModel.ts), no DuckDB.
import { useMemo } from 'react';
import { Plot } from '../components/Plot';
import { useCostModel } from '../data/costModel';
import { predictCase, type CaseInputs, type CasePrediction, type CostModel } from '../../../measurement/src/costModel.mjs';
import { formatNs } from '../../../measurement/src/format.mjs';
import {
  basisRuns, breakEvenText, costInUnit, curveRange, durationText, isOurs, logGrid, presetCostNs, presetsFor, ratioText, readCase, shareText, warningsInWords, type CaseField, type Preset,
} from '../model/yourCase';
import { yourCaseFigure, type CurvePoint, type MarkedCase } from '../plots/yourCaseFigure';
import { CASE_DEFAULTS, parseState, toSearch, type CaseState, type ViewState } from '../state/viewState';
import { Term } from '../components/Term';
import './yourCase.css';

const CURVE_POINTS = 61;
/** Small enough for the figures and the plot to share a 1366 × 768 window beside the inputs. */
const PLOT_HEIGHT = 330;

/** predictCase, its error in words instead of a throw. */
function predict(model: CostModel, inputs: CaseInputs): { prediction: CasePrediction } | { error: string } {
  try { return { prediction: predictCase(model, inputs) }; } catch (e) { return { error: e instanceof Error ? e.message : String(e) }; }
}

/** The short commit a published run's id carries (date-platform-commit-…), for the exported figure's provenance. */
const commitOfRun = (run: string): string | null => /^\d{4}-\d{2}-\d{2}-[a-z]+-([0-9a-f]{7,40})-/.exec(run)?.[1] ?? null;

const compareLink = (run: string, config: string): string => toSearch({ ...parseState(''), view: 'compare', focus: `${run}/${config}` }) || '?';

const PLATFORM_WORDS = {
  desktop: 'Desktop: a C# front-end; in process the engine is a native library it calls (FFI); out of process a server on the same machine.',
  web: 'Web: a page; in process the engine runs as WebAssembly in the page; out of process a Node.js server reached over a WebSocket.',
} as const;

export default function YourCasePage({ state, set }: { state: ViewState; set: (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void }) {
  const loaded = useCostModel();
  const c = state.yourCase ?? CASE_DEFAULTS;
  // Typing replaces the history entry (a keystroke is not a step back); picks push one.
  const change = (patch: Partial<CaseState>, replace = false) => set({ yourCase: { ...c, ...patch } }, { replace });
  const model = loaded.status === 'ready' ? loaded.loaded.model : null;
  const allPresets = loaded.status === 'ready' ? loaded.loaded.presets : null;
  const presets = useMemo(() => presetsFor(allPresets ?? [], c.platform), [allPresets, c.platform]);
  const read = useMemo(() => (model && allPresets ? readCase(c, model, allPresets) : null), [model, allPresets, c]);
  const outcome = useMemo(() => (model && read?.inputs ? predict(model, read.inputs) : null), [model, read]);
  const prediction = outcome && 'prediction' in outcome ? outcome.prediction : null;

  const figure = useMemo(() => {
    if (!model || !read?.inputs || !prediction || !read.platform || !read.family) return null;
    const inputs = read.inputs;
    const marked: MarkedCase[] = [];
    for (const p of presets) {
      // Each preset as the view would read it if picked (its own out-of-process runtime where it gives one).
      const asPicked = readCase({ ...c, preset: p.id, cost: undefined }, model, allPresets ?? []).inputs;
      if (!asPicked) continue;
      const roundNs = asPicked.engineRoundNs;
      const r = predict(model, asPicked);
      if ('prediction' in r) marked.push({ label: p.label, roundNs, ratio: r.prediction.ratio, group: isOurs(p) ? 'ours' : 'others' });
    }
    const [lo, hi] = curveRange([inputs.engineRoundNs, ...marked.map((m) => m.roundNs)]);
    const curve: CurvePoint[] = [];
    // The curve: an engine of each cost on both sides (the visitor's own engine in either process). A preset measured
    // on another runtime out of process is marked at its own prediction, off the curve.
    const { outOfProcessEngineRoundNs: _ownRuntime, ...sameOnBothSides } = inputs;
    for (const roundNs of logGrid(lo, hi, CURVE_POINTS)) {
      const r = predict(model, { ...sameOnBothSides, engineRoundNs: roundNs });
      if ('prediction' in r) curve.push({ roundNs, ratio: r.prediction.ratio, inRange: r.prediction.inRange });
    }
    return yourCaseFigure({
      platform: inputs.platform, familyLabel: read.family.label, n: inputs.n, curve, presets: marked,
      you: {
        label: `${read.preset ? read.preset.label : 'the cost you entered'}${inputs.outOfProcessEngineRoundNs !== undefined ? ' (its own runtime out of process)' : ''}`,
        roundNs: inputs.engineRoundNs, ratio: prediction.ratio,
      },
    });
  }, [model, read, prediction, presets, allPresets, c]);

  if (loaded.status === 'error') {
    return (
      <div data-testid="yourcase" data-state="error">
        <p className="error" role="alert">Your case: the cost model could not be loaded ({loaded.error}). The other views still work.</p>
      </div>
    );
  }
  if (!model || !read) return <p className="muted" data-testid="yourcase" data-state="loading">loading the cost model…</p>;

  const errors = Object.entries(read.errors) as [CaseField, string][];
  if (outcome && 'error' in outcome) errors.push(['cost', `the model refused this case: ${outcome.error}`]);
  const invalid = (f: CaseField) => (read.errors[f] ? { 'aria-invalid': true as const, 'aria-describedby': 'case-error' } : {});
  const shownCost = c.cost ?? costInUnit(read.perDeviceNs, read.roundNs, c.per) ?? '';
  const families = read.platform?.families ?? [];
  const marker = (f: { label: string; reference: boolean; best: boolean }) => [
    f.reference && !/reference/i.test(f.label) ? 'the reference design' : '', f.best && !/\bbest\b/i.test(f.label) ? 'best measured' : '',
  ].filter(Boolean).join(', ');
  const inPath = read.platform?.inProcess.path ?? '';
  const n = read.inputs?.n;
  const ourPresets = presets.filter(isOurs);
  const otherPresets = presets.filter((p) => !isOurs(p));
  const presetOption = (p: Preset) => <option key={p.id} value={p.id}>{p.label}: {formatNs(presetCostNs(p, inPath, n))} per device and round</option>;

  const runs = prediction ? basisRuns(prediction.basis, loaded.status === 'ready' ? loaded.loaded.runTitles : new Map()) : [];
  const coverage = model.coverage.filter((x) => x.of > 0);
  const hz = read.inputs?.frameHz;
  const warnings = prediction ? warningsInWords(prediction.warnings, families) : [];
  const estAttrs = (e: { estimate: number; ci95: [number, number] } | null | undefined) => (e ? { 'data-estimate': e.estimate, 'data-lo': e.ci95[0], 'data-hi': e.ci95[1] } : {});

  return (
    <div data-testid="yourcase" data-state="ready" data-case={prediction ? 'predicted' : 'invalid'}>
      <p className="small" style={{ margin: '4px 0 8px' }}>
        <strong>What would going out of process cost for your engine?</strong> The other views&apos; ratios are for our engine, about 0.18 µs per
        device and round. Going out of process adds time to each step that does not grow with the engine&apos;s work (the model&apos;s assumption,
        below), so the ratio falls as your engine&apos;s cost grows: enter yours, your device count and your frame rate.
      </p>
      <div className="case-grid">
        <form className="case-inputs" data-testid="case-inputs" onSubmit={(e) => e.preventDefault()} aria-label="your case">
          <fieldset>
            <legend>Platform</legend>
            <div className="row">
              {(['desktop', 'web'] as const).map((p) => (
                <label key={p}><input type="radio" name="case-platform" value={p} data-testid={`case-platform-${p}`} checked={c.platform === p}
                  onChange={() => change({ platform: p, family: undefined })} /> {p}</label>
              ))}
            </div>
            <span className="hint">{PLATFORM_WORDS[c.platform]}</span>
          </fieldset>
          <fieldset>
            <legend>Your engine</legend>
            <label className="row">preset
              <select data-testid="case-preset" value={c.cost !== undefined ? '' : read.preset?.id ?? ''} {...invalid('preset')}
                onChange={(e) => { if (e.target.value) change({ preset: e.target.value, cost: undefined }); }}>
                <option value="">your own cost (typed below)</option>
                {ourPresets.length > 0 && <optgroup label="our engine, each program as measured">{ourPresets.map(presetOption)}</optgroup>}
                {otherPresets.length > 0 && <optgroup label="other engines, as published">{otherPresets.map(presetOption)}</optgroup>}
              </select>
            </label>
            {read.preset && (
              <span className="hint" data-testid="case-preset-source">Source: {read.preset.source}
                {read.perDeviceNs !== null && read.outOfProcessPerDeviceNs !== null && read.outOfProcessPerDeviceNs !== read.perDeviceNs
                  && ` ${read.preset.byN?.[String(n)] ? `At N = ${n} it` : 'It'} measured ${formatNs(read.perDeviceNs)} per device and round in process and ${formatNs(read.outOfProcessPerDeviceNs)} out of process (another runtime): each side is predicted with its own.`}</span>
            )}
            <div className="row">
              <label>cost <input type="text" inputMode="decimal" data-testid="case-cost" value={shownCost} {...invalid('cost')}
                onChange={(e) => change({ cost: e.target.value, preset: undefined }, true)} /></label>
              <span role="radiogroup" aria-label="unit of the engine cost">
                <label><input type="radio" name="case-per" data-testid="case-per-device" checked={c.per === 'device'}
                  onChange={() => change({ per: 'device', cost: c.cost === undefined ? undefined : costInUnit(read.perDeviceNs, read.roundNs, 'device') ?? c.cost })} /> µs per device and round</label>{' '}
                <label><input type="radio" name="case-per" data-testid="case-per-round" checked={c.per === 'round'}
                  onChange={() => change({ per: 'round', cost: c.cost === undefined ? undefined : costInUnit(read.perDeviceNs, read.roundNs, 'round') ?? c.cost })} /> µs per round</label>
              </span>
            </div>
            <span className="hint">A round: every device runs the program once (one step of the front-end). Per round = per device and round × N.</span>
          </fieldset>
          <fieldset>
            <legend>Your scene</legend>
            <div className="row">
              <label>devices (N) <input type="text" inputMode="numeric" data-testid="case-devices" value={c.devices} {...invalid('devices')}
                onChange={(e) => change({ devices: e.target.value }, true)} /></label>
              <label>frame rate <input type="text" inputMode="decimal" data-testid="case-hz" value={c.hz} {...invalid('hz')} style={{ width: '4em' }}
                onChange={(e) => change({ hz: e.target.value }, true)} /> Hz</label>
            </div>
            <label className="row">network round trip <span><input type="text" inputMode="decimal" data-testid="case-rtt" value={c.rtt} {...invalid('rtt')} style={{ width: '4em' }}
              onChange={(e) => change({ rtt: e.target.value }, true)} /> ms</span></label>
            <span className="hint">0: the server on the same machine, over loopback (as measured). More: the server elsewhere; the round trip replaces the loopback&apos;s.</span>
          </fieldset>
          <fieldset>
            <legend>Out of process: encoding, transport, server</legend>
            <select data-testid="case-family" value={read.family?.id ?? ''} {...invalid('family')} onChange={(e) => change({ family: e.target.value })}>
              {!read.family && <option value="">pick a configuration</option>}
              {families.map((f) => <option key={f.id} value={f.id}>{f.label}{marker(f) ? ` (${marker(f)})` : ''}</option>)}
            </select>
          </fieldset>
        </form>

        <section className="case-outputs" aria-live="polite" style={{ margin: 0 }}>
          {errors.length > 0 && (
            <div className="case-error" role="alert" id="case-error" data-testid="case-error">
              <strong>Check your input:</strong>
              <ul>{errors.map(([f, m]) => <li key={`${f}-${m}`}>{m}</li>)}</ul>
            </div>
          )}
          {prediction && read.inputs && read.platform && read.family && (
            <>
              {!prediction.inRange && (
                <div className="case-range" role="status" data-testid="case-range">
                  <strong>Outside the measured range:</strong> these figures extrapolate the model beyond what was measured; read them as rough.
                  {warnings.length > 0 && <ul>{warnings.map((w) => <li key={w}>{w}</li>)}</ul>}
                </div>
              )}
              {prediction.inRange && warnings.length > 0 && (
                <div className="note small" data-testid="case-notes"><ul style={{ margin: 0, paddingLeft: 18 }}>{warnings.map((w) => <li key={w}>{w}</li>)}</ul></div>
              )}
              <dl className="case-figures" data-testid="case-figures">
                <dt>Ratio out / in</dt>
                <dd data-testid="case-ratio" {...estAttrs(prediction.ratio)}><span className="ratio">{ratioText(prediction.ratio)}</span>
                  <span className="sub">how many times longer a step takes out of process (95 % interval in brackets)</span></dd>
                <dt>Per-step time in process</dt>
                <dd data-testid="case-in" {...estAttrs(prediction.inProcess)}>{durationText(prediction.inProcess)}
                  <span className="sub">{read.platform.inProcess.label}</span></dd>
                <dt>Per-step time out of process</dt>
                <dd data-testid="case-out" {...estAttrs(prediction.outOfProcess)}>{durationText(prediction.outOfProcess)}
                  <span className="sub">{read.family.label}</span></dd>
                <dt>Added by going out of process</dt>
                <dd data-testid="case-added" {...estAttrs(prediction.addedNs)}>{durationText(prediction.addedNs)} per step
                  <span className="sub" data-testid="case-share" {...estAttrs(prediction.frameShare)}>{prediction.frameShare && hz
                    ? `${shareText(prediction.frameShare)} of a frame at ${hz} Hz (${formatNs(1e9 / hz)})`
                    : 'no frame rate given: no share of a frame'}</span></dd>
                <dt>Break-even engine cost<span className="sub">the same in both processes</span></dt>
                <dd data-testid="case-break-even">
                  <span data-testid="case-break-even-2" {...estAttrs(prediction.breakEven.ratio2)}>below 2× from {breakEvenText(prediction.breakEven.ratio2, read.inputs.n)}</span>
                  <span className="sub" data-testid="case-break-even-1-1" {...estAttrs(prediction.breakEven.ratio1_1)}>below 1.1× from {breakEvenText(prediction.breakEven.ratio1_1, read.inputs.n)}</span>
                </dd>
              </dl>
              {figure
                ? <Plot figure={figure} name="your-case" height={PLOT_HEIGHT} provenance={{ runs: runs.map((r) => r.run), commits: [...new Set(runs.map((r) => commitOfRun(r.run)).filter((x): x is string => x !== null))] }} />
                : <p className="muted small">No plot for this case.</p>}
              <p className="small muted" style={{ margin: '4px 0' }}>
                Per-step time: from the front-end asking the engine for a step to having the new values (front-end to front-end; &ldquo;<Term name="e2e" />&rdquo;
                in the other views), the engine&apos;s round included. <span title={model.covers}>Brackets: the 95 % interval</span> a published run of this
                machine kind would fall in.
              </p>
              <p className="small" data-testid="case-assumption" style={{ margin: '4px 0' }}>
                The model assumes the crossing does not depend on the engine&apos;s cost: going out of process adds a fixed time and a time per device, measured with our engine.
                {coverage.length > 0 && <> Tested on measurements it was not fitted on, its 95 % intervals held:</>}
              </p>
              {coverage.length > 0 && (
                <ul className="small case-coverage" data-testid="case-coverage">
                  {coverage.map((x) => <li key={x.heldOut}><strong>{x.inside} of {x.of}</strong> held out: {x.heldOut.replace(/\be2e\b/g, 'per-step time')}</li>)}
                </ul>
              )}
              <details className="case-basis" data-testid="case-basis">
                <summary className="small">Measured in {runs.length} published run{runs.length === 1 ? '' : 's'} ({prediction.basis.length} configuration{prediction.basis.length === 1 ? '' : 's'}) — show them</summary>
                <ul>
                  {runs.map((r) => (
                    <li key={r.run} data-run={r.run}>
                      {r.label}{r.devices.length ? `, N = ${r.devices.join(', ')}` : ''}: <code>{r.run}</code>{' '}
                      {r.configs.map((cfg) => <a key={cfg} href={compareLink(r.run, cfg)} title="open this configuration in the Comparison view">{cfg}</a>).reduce<React.ReactNode[]>((acc, el, i) => (i ? [...acc, ', ', el] : [el]), [])}
                    </li>
                  ))}
                </ul>
              </details>
            </>
          )}
          {!prediction && <p className="muted small" data-testid="case-no-plot">The figures and the plot appear once the inputs are readable.</p>}
        </section>
      </div>
    </div>
  );
}
