/**
 * The first view's answer: per platform what going out of process adds per step and the out-of-process / in-process
 * e2e ratio for our engine, each with its 95 % interval over invocations, one sentence, the reference study's claim beside its own CSVs, and one plot. Reads the two small files
 * `npm run headline` writes (public/data/headline.json, headline.svg): no DuckDB, no Plotly, so it shows first.
 */
import { useEffect, useState } from 'react';
import { dataUrl } from '../data/dataFiles';
import { loadHeadline, loadHeadlineSvg } from '../data/headline';
import { provenanceOf, stampSvg } from '../plots/figureExport';
import { download } from './exportCsv';
import { IdLabel } from './IdLabel';
import { Term } from './Term';
import { SPREAD_MEANING, formatNs, formatTimes, formatUs, outOfProcessName, spreadBrief, spreadCoverage, spreadRange, type Headline as HeadlineData, type HeadlineAddedCost, type HeadlineFigure, type HeadlinePlatform, type HeadlineSpread } from '../model/headline';
import { formatDuration, type Unit } from '../model/units';

const ciText = (f: HeadlineFigure, fmt: (x: number) => string) => (f.ci95 ? `[${fmt(f.ci95[0])}, ${fmt(f.ci95[1])}]` : '(1 invocation)');
const ciTitle = (f: HeadlineFigure, what: string, statistic = 'median step') => (f.ci95
  ? `${what}: mean over ${f.invocations} independent invocations of each invocation's ${statistic}; 95 % interval over invocations (two-level bootstrap: invocations, then steps within each), widened by the clock's resolution. It says what running the benchmark again on this machine should give.`
  : `${what}: one invocation, no interval`);
/** A figure within a few ticks of its clock is a bound, never a quantised median (docs/measurements.md, "Clock resolution"). */
const figureText = (f: HeadlineFigure) => (f.clockLimited && f.ci95 ? `≤ ${formatNs(f.ci95[1])}` : formatNs(f.estimate));
const ratioFmt = (x: number) => `${Number(x.toPrecision(3))}`;
/** What each pacing of the reference study's replay means, for its tooltip. */
const REPLAY_PACING: Record<string, (periodMs: number | null) => string> = {
  frame: (ms) => `one step per ${ms} ms frame, awaited within it on both paths (paced alike)`,
  free: () => 'both paths free-paced',
  fixed: (ms) => `the reply read once per ${ms} ms tick, as the study's socket scene did`,
};

const usText = (ns: number) => `${formatUs(ns)} µs`;
const usCi = (f: HeadlineFigure) => (f.ci95 ? `[${formatUs(f.ci95[0])}, ${formatUs(f.ci95[1])}]` : '(1 invocation)');
const addedTitle = (f: HeadlineAddedCost, what: string, statistic: string) => `${ciTitle(f, `${what}: out-of-process e2e − in-process e2e per step`, statistic)}${f.paired ? ' Both paths ran in the same invocations: resampled invocation by invocation.' : ''} Unlike the ratio it does not depend on the engine's cost.`;

/** An e2e's interval in the unit of its estimate, the unit written once: "[66, 82.2]" beside "74 µs". */
const e2eCi = (f: HeadlineFigure) => (f.ci95 && f.estimate >= 1e3 && f.estimate < 1e6 && f.ci95[0] >= 1e3 && f.ci95[1] < 1e6 ? usCi(f) : ciText(f, formatNs));

/** The headline's duration formats: its own (µs for the added cost, each e2e in its unit) with unit auto, else the unit picked. */
interface Durations { added: (ns: number) => string; addedCi: (f: HeadlineFigure) => string; figure: (f: HeadlineFigure) => string; e2eCi: (f: HeadlineFigure) => string }
function durationsIn(unit: Unit): Durations {
  if (unit === 'auto') return { added: usText, addedCi: usCi, figure: figureText, e2eCi };
  const d = (ns: number) => formatDuration(ns, unit);
  return { added: d, addedCi: (f) => ciText(f, d), figure: (f) => (f.clockLimited && f.ci95 ? `≤ ${d(f.ci95[1])}` : d(f.estimate)), e2eCi: (f) => ciText(f, d) };
}

/** `best`'s channel, encoding and server, as the first view names them. */
const bestName = (best: NonNullable<HeadlinePlatform['best']>) => `${best.transport}, ${best.encoding}${best.server === 'native' ? ', Kotlin/Native server' : ''}`;

/** One figure of the added cost, µs per step, with its interval. */
function AddedCost({ f, testid, what, statistic, fmt }: { f: HeadlineAddedCost; testid: string; what: string; statistic: string; fmt: Durations }) {
  return (
    <>
      <strong data-testid={testid} data-estimate={f.estimate} data-lo={f.ci95?.[0] ?? ''} data-hi={f.ci95?.[1] ?? ''} title={addedTitle(f, what, statistic)}>{fmt.added(f.estimate)}</strong>{' '}
      <span className="headline-ci">{fmt.addedCi(f)} 95 % CI</span>
    </>
  );
}

/**
 * A ratio's spread across the published runs, beside its interval within one run, on its line: "across 16 runs, 5 days,
 * 3 machines: 20.5–44.7×" (`short`: "16 runs: 20.5–44.7×"); the commits and each run's ratio in its tooltip.
 */
function Spread({ s, testid, short = false }: { s: HeadlineSpread | null | undefined; testid: string; short?: boolean }) {
  if (!s) return null;
  const runs = s.points.map((x) => `${x.day ?? '?'} ${x.run}/${x.config}: ${formatTimes(x.ratio)}`).join('\n');
  const title = `The same configuration's ratio in each published run that measured it (${spreadCoverage(s)}; machines told apart by CPU, cores, memory and kernel):\n${runs}\n${SPREAD_MEANING}`;
  return (
    <span className="headline-spread" data-testid={testid} data-runs={s.runs} data-lo={s.ratio[0]} data-hi={s.ratio[1]} title={title}>
      {short ? (s.runs > 1 ? `${s.runs} runs: ${spreadRange(s)}` : 'this run only') : spreadBrief(s)}
    </span>
  );
}

/** Where a visitor scales the ratio to another engine's cost (the "Your case" view): its link, or none. */
export type CaseLink = (platform: HeadlinePlatform['platform']) => { href: string; open: () => void } | null;

/**
 * A platform's answer: first what going out of process adds per step (it does not depend on the engine), reference
 * design and best; then the ratio, which is our engine's (it shrinks as an engine computes more per step).
 */
function PlatformAnswer({ p, caseLink, fmt }: { p: HeadlinePlatform; caseLink?: CaseLink; fmt: Durations }) {
  const name = p.platform === 'desktop' ? 'Desktop' : 'Web';
  const link = caseLink?.(p.platform) ?? null;
  const yourCase = link
    ? <a href={link.href} data-testid="headline-your-case" onClick={(e) => { e.preventDefault(); link.open(); }}>Your case</a>
    : <span data-testid="headline-your-case">the Your case view</span>;
  return (
    <div className="headline-platform" data-platform={p.platform}>
      {p.addedCost && (
        <div className="headline-figure headline-added">
          <span className="headline-name">{name}</span>
          <span>out of process adds</span>
          <AddedCost f={p.addedCost} testid="headline-added" what={`added cost, ${outOfProcessName(p.platform)}`} statistic={p.statistic} fmt={fmt} />
          <span className="headline-paths">a step ({p.outOfProcess.label.split(',')[0]})
            {p.best?.addedCost && <>; best{' '}
              <AddedCost f={p.best.addedCost} testid="headline-added-best" what={`added cost, ${outOfProcessName(p.platform, p.best)}`} statistic={p.statistic} fmt={fmt} />
              {' '}({bestName(p.best)})</>}
          </span>
        </div>
      )}
      <div className="headline-figure headline-ratio-row">
        <span className="headline-name">{p.addedCost ? <span className="small muted">ratio, our engine</span> : name}</span>
        <strong data-testid="headline-ratio" data-estimate={p.ratio.estimate} data-lo={p.ratio.ci95?.[0] ?? ''} data-hi={p.ratio.ci95?.[1] ?? ''}
          title={ciTitle(p.ratio, `ratio of the e2e (${p.statistic}), ${p.outOfProcess.label} / ${p.inProcess.label}`, p.statistic)}>{formatTimes(p.ratio.estimate)}</strong>
        <span className="headline-ci" title={ciTitle(p.ratio, 'the ratio')}>{ciText(p.ratio, ratioFmt)} 95 % CI</span>
        <Spread s={p.spread} testid="headline-spread" />
        <span className="headline-paths">
          <span title={`${p.outOfProcess.detail}. ${ciTitle(p.outOfProcess.e2e, 'e2e', p.statistic)}`}>{p.outOfProcess.label.split(',')[0]} {fmt.figure(p.outOfProcess.e2e)} <span className="muted">{fmt.e2eCi(p.outOfProcess.e2e)}</span></span>
          {' vs '}
          <span title={`${p.inProcess.detail}. ${ciTitle(p.inProcess.e2e, 'e2e', p.statistic)}`}>{p.inProcess.label.split(',')[0]} {fmt.figure(p.inProcess.e2e)} <span className="muted">{fmt.e2eCi(p.inProcess.e2e)}</span></span>
          {p.best && <>; best{' '}
            <span data-testid="headline-best" data-estimate={p.best.ratio.estimate} title={`${ciTitle(p.best.ratio, `ratio of the e2e, ${p.best.config} / in-process`)} ${formatNs(p.best.outOfProcess.estimate)} a step${p.best.osFloor ? `; the OS's own round trip there ${formatNs(p.best.osFloor.floor.estimate)}` : ''}.`}>{formatTimes(p.best.ratio.estimate)}</span>{' '}
            <span className="muted">{ciText(p.best.ratio, ratioFmt)}</span>{p.best.spread && <> (<Spread s={p.best.spread} testid="headline-spread-best" short />)</>}</>}
        </span>
        {p.referenceEngine && (
          <span className="headline-paths" data-testid="headline-reference-engine"
            title={`The same configuration with the reference study's Collektive as the engine (${p.referenceEngine.config}, run ${p.referenceEngine.run}): ${p.outOfProcess.label.split(',')[0]} ${formatNs(p.referenceEngine.outOfProcess.estimate)} vs ${p.inProcess.label.split(',')[0]} ${formatNs(p.referenceEngine.inProcess.estimate)} a step. ${ciTitle(p.referenceEngine.ratio, 'its ratio', p.referenceEngine.statistic)}`}>
            · with Collektive's engine{' '}
            <strong data-testid="headline-ratio-collektive" data-estimate={p.referenceEngine.ratio.estimate}>{formatTimes(p.referenceEngine.ratio.estimate)}</strong>{' '}
            <span className="muted">{ciText(p.referenceEngine.ratio, ratioFmt)}</span>
            {p.best?.referenceEngine && <>; best <span data-testid="headline-best-collektive">{formatTimes(p.best.referenceEngine.ratio.estimate)}</span></>}
          </span>
        )}
      </div>
      <p className="small headline-engine" data-testid="headline-engine">
        The ratio depends on the engine's cost (ours about 0.2 µs per device and round{p.referenceEngine ? `, Collektive's ${p.platform === 'desktop' ? '16.5 in its .so, 19.6 on the JVM' : '16.5'}` : ''}): see {yourCase}.
      </p>
      {p.machine?.caveats.length > 0 && (
        <p className="note headline-caveat" role="status" data-testid="headline-caveat">⚠ {p.machine.caveats.join('; ')}.</p>
      )}
      {/* The figures above say it; the sentence (and the OS's own round trip) one click away keeps the answer in the first screen. */}
      <details className="headline-sentence" data-testid="headline-words"><summary className="small muted">in words, with the OS's own round trip</summary>
        {p.best ? p.lead ?? p.sentence : p.sentence}
        {p.repeat && <span className="muted" title={`the same benchmark run again (${p.repeat.run}); ${ciTitle(p.repeat.ratio, 'its ratio')}`}> Run again: {formatTimes(p.repeat.ratio.estimate)} {ciText(p.repeat.ratio, ratioFmt)}.</span>}
      </details>
    </div>
  );
}

/** The headline's plot as a file, stamped with the runs (and their commits) it shows; its numbers as JSON. */
async function downloadHeadline(h: HeadlineData, runs: readonly { id: string; commit?: string | null }[]): Promise<void> {
  const svg = await loadHeadlineSvg();
  download('headline.svg', stampSvg(svg, provenanceOf(runs, h.platforms.map((p) => p.run)), 'headline'), 'image/svg+xml');
}

/**
 * `runs`: the loaded runs' records (for the commits written into the downloaded SVG); `caseLink`: the "Your case" view's
 * link; `unit`: the unit control's (auto: the headline's own formats); `selectedRuns`: the runs ticked below (undefined:
 * all), which the headline does not follow (it is the published canonical runs' answer) and says so when one is unticked.
 */
export function Headline({ runs = [], caseLink, unit = 'auto', selectedRuns }: { runs?: readonly { id: string; commit?: string | null }[]; caseLink?: CaseLink; unit?: Unit; selectedRuns?: readonly string[] }) {
  const [h, setH] = useState<HeadlineData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [plot, setPlot] = useState<'loading' | 'shown' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    loadHeadline()
      .then((x) => { if (live) setH(x); })
      .catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, []);
  const state = error ? 'error' : h && plot !== 'loading' ? 'ready' : 'loading';
  const ref = h?.reference;
  const desktop = h?.platforms.find((p) => p.platform === 'desktop');
  const fmt = durationsIn(unit);
  const unticked = selectedRuns ? (h?.platforms ?? []).filter((p) => !selectedRuns.includes(p.run)).map((p) => p.run) : [];
  return (
    <section className="headline" data-testid="headline" data-state={state} aria-busy={state === 'loading'}>
      <h2>What does running the engine in-process save?</h2>
      {error && <p className="error" role="alert">The headline could not be loaded ({error}); the tables below still load.</p>}
      <div className="headline-grid">
        <div className="headline-text">
          {!h && !error && <p className="muted">loading the headline…</p>}
          {unticked.length > 0 && (
            <p className="note small" role="status" data-testid="headline-fixed">The answer here stays on the published canonical run{unticked.length > 1 ? 's' : ''}{' '}
              {unticked.map((r, i) => <span key={r}>{i ? ', ' : ''}<IdLabel kind="run" id={r} /></span>)}: unticking {unticked.length > 1 ? 'them' : 'it'} under &quot;runs&quot; changes the sections below, not this headline.</p>
          )}
          {h?.platforms.map((p) => <PlatformAnswer key={p.platform} p={p} caseLink={caseLink} fmt={fmt} />)}
          {ref && (
            <div className="headline-reference" data-testid="headline-reference">
              <div className="headline-figure">
                <span className="headline-name">Reference study</span>
                <span title="as the study states it (docs/reference-study.md)">claims <strong data-testid="headline-claim">{ref.claim.ratio}×</strong></span>
                <span title={`its published CSVs (${ref.recomputed.samples.join(' and ')} steps after warm-up) under its own method: ratio of the medians`}>
                  its own CSVs give <strong data-testid="headline-recomputed">{Math.round(ref.recomputed.ratio)}×</strong></span>
                {ref.replay
                  ? ref.replay.pacings.map((x) => (
                    <span key={x.pacing} data-testid={`headline-replay-${x.pacing}`} title={ciTitle(x.ratio, `with its own engine cost, ${REPLAY_PACING[x.pacing]?.(x.periodMs) ?? x.pacing} (run ${ref.replay?.run}, ${x.config})`)}>
                      with its engine, {x.pacing === 'frame' ? <Term name="paced alike" /> : x.pacing === 'free' ? 'free-paced' : 'its polling'}: <strong>{formatTimes(x.ratio.estimate)}</strong> <span className="muted">{ciText(x.ratio, ratioFmt)}</span></span>))
                  : desktop && <span title="both paths free-paced, this repository's desktop run, our engine">ours, free-paced: <strong>{formatTimes(desktop.ratio.estimate)}</strong></span>}
              </div>
              {ref.replay
                ? <p className="headline-sentence" data-testid="headline-replay" title={ref.sentences.join(' ')}>{ref.replay.sentence}</p>
                : ref.sentences.map((s) => <p key={s} className="headline-sentence">{s}</p>)}
            </div>
          )}
        </div>
        <figure className="headline-plot">
          <img src={dataUrl('headline.svg')} width={680} height={190} onLoad={() => setPlot('shown')} onError={() => setPlot('failed')}
            alt="Front-end end-to-end step per path on a log axis with 95 % intervals: desktop FFI and TCP, web Wasm and WebSocket, and the reference study's two figures" />
          <figcaption className="muted small">
            Median <Term name="e2e">end-to-end step (e2e)</Term> per <Term name="invocation" />, mean over invocations, with its 95 % interval widened by the clock (the bars are narrower than the dots for most paths).
            Web: mean steps, Wasm over back-to-back blocks (the page clock ticks every {h?.platforms.find((p) => p.platform === 'web')?.timerResolutionNs
              ? formatNs(h.platforms.find((p) => p.platform === 'web')!.timerResolutionNs!) : '5 µs'}, about one Wasm step).
            {plot === 'failed' ? ' (The plot could not be loaded.)' : ''}
            {h && <>{' '}<span className="headline-downloads">Download: <button type="button" className="linkish" data-testid="headline-svg" onClick={() => void downloadHeadline(h, runs)}>SVG</button>
              {' · '}<a href={dataUrl('headline.json')} download="headline.json">data (JSON)</a></span></>}
            {h?.platforms.some((p) => p.spread) && (
              // SPREAD_MEANING's words, with the glossary's term marked (the e2e test checks the text is the same).
              <p className="headline-spread-meaning" data-testid="headline-spread-meaning" data-text={SPREAD_MEANING}>
                The bracket is a 95 % interval over the process invocations of one run on one machine; the{' '}
                <Term name="spread across runs">spread</Term> is the same configuration&apos;s ratio in every published run (other days, machines, commits), which the bracket does not cover.
              </p>
            )}
          </figcaption>
        </figure>
      </div>
      {h && (
        <p className="muted small headline-scope">
          {h.platforms.map((p, i) => <span key={p.platform}>{i ? '; ' : ''}{p.platform}: <IdLabel kind="run" id={p.run} />, {p.invocations} invocations</span>)}; N = {desktop?.nodeCount ?? 10}, free pacing,
          {' '}{desktop?.cores ? `${desktop.cores}-core machine` : 'one machine'}. Every table, interval and test behind these figures is in the sections below.
        </p>
      )}
    </section>
  );
}
