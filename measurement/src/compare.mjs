// A run's figures against a baseline's (docs/measurements.md, "Comparing against a baseline"): for each figure both
// summaries hold, the change in per cent, whether the two 95 % intervals over invocations overlap, and a flag when
// the run's interval lies wholly outside the baseline's (above: a regression, below: an improvement; every figure
// here is a duration or an out/in ratio, so higher is worse). Where both runs have a twin (bench:reproduce's -a/-b),
// the same comparison on the twins says whether the change reproduces. Pure: the dashboard's History view and
// `npm run bench:compare` (scripts/bench-compare.mjs, which reads the files) share it.
import { covers, overlaps } from './intervals.mjs';

/**
 * @typedef {object} Figure
 * @property {number} estimate
 * @property {[number, number] | null} ci95
 * @property {number} invocations
 */

/**
 * @typedef {'regression' | 'improvement' | null} Flag
 */

/**
 * @typedef {object} Change
 * @property {number | null} changePct
 * @property {boolean | null} overlap
 * @property {boolean | null} runInBase
 * @property {Flag} flag
 */

/**
 * @typedef {Change & { figure: string; baseline: Figure; run: Figure }} ChangeRow
 */

/**
 * @typedef {ChangeRow & { twin: ChangeRow | null; reproduce: 'reproduced' | 'not reproduced' | null }} ReproducedRow
 */

/**
 * @typedef {object} SummaryLike
 * @property {{ id: string; [k: string]: unknown }[]} [configurations]
 */

const STATS = ['median', 'p95', 'p99'];

/**
 * The figures of one configuration of a summary.json, by key: `ratio.<metric>_<stat>` (out/in) and
 * `<path>.<metric>_<stat>` (ns), each { estimate, ci95 (null without invocations), invocations }. Summaries
 * written before invocations existed (one invocation, statistics per path and metric) give estimates without an
 * interval.
 * @param {SummaryLike | null | undefined} summary
 * @param {string} configuration
 * @returns {Map<string, Figure>}
 */
export function figuresOf(summary, configuration) {
  const c = summary?.configurations?.find((x) => x.id === configuration);
  const out = new Map();
  if (!c) return out;
  const put = (key, f) => {
    if (f && Number.isFinite(f.estimate)) out.set(key, { estimate: f.estimate, ci95: Array.isArray(f.ci95) ? f.ci95 : null, invocations: f.invocations ?? 1 });
  };
  if (c.paths) {
    for (const [k, f] of Object.entries(c.ratios ?? {})) put(`ratio.${k}`, f);
    for (const [path, figs] of Object.entries(c.paths)) for (const [k, f] of Object.entries(figs)) put(`${path}.${k}`, f);
    return out;
  }
  // One invocation per configuration: { ratios: { e2e: { median, … } }, native: { e2e: { median, … } }, … }
  for (const [metric, stats] of Object.entries(c.ratios ?? {})) {
    if (metric !== 'e2e' && metric !== 'overhead') continue;
    for (const s of STATS) put(`ratio.${metric}_${s}`, { estimate: stats?.[s], ci95: null, invocations: 1 });
  }
  for (const [path, metrics] of Object.entries(c)) {
    if (path === 'id' || path === 'ratios' || typeof metrics !== 'object' || metrics === null) continue;
    for (const [metric, stats] of Object.entries(metrics)) {
      if (stats && typeof stats === 'object' && 'median' in stats) for (const s of STATS) put(`${path}.${metric}_${s}`, { estimate: stats[s], ci95: null, invocations: 1 });
    }
  }
  return out;
}

/**
 * The configuration ids of a summary.json (network summaries included: their `figures` are not read here).
 * @param {SummaryLike | null | undefined} summary
 * @returns {string[]}
 */
export const configurationsOf = (summary) => (summary?.configurations ?? []).filter((c) => c.paths || c.ratios).map((c) => c.id);

/**
 * Floors measure the machine (the OS, the runtime), not the code: reported, never a regression of the code.
 * @param {string} key
 * @returns {boolean}
 */
export const isFloor = (key) => /\.floor_/.test(key);

/**
 * One figure's change from `base` to `run` (each { estimate, ci95 }): `changePct`, `overlap` (null when either has
 * no interval), `flag` 'regression' | 'improvement' | null (the run's interval wholly above / below the baseline's).
 * @param {Pick<Figure, 'estimate' | 'ci95'>} base
 * @param {Pick<Figure, 'estimate' | 'ci95'>} run
 * @returns {Change}
 */
export function changeOf(base, run) {
  const changePct = base.estimate !== 0 ? (run.estimate / base.estimate - 1) * 100 : null;
  if (!base.ci95 || !run.ci95) return { changePct, overlap: null, runInBase: null, flag: null };
  const overlap = overlaps(base.ci95, run.ci95);
  const flag = overlap ? null : run.ci95[0] > base.ci95[1] ? 'regression' : 'improvement';
  return { changePct, overlap, runInBase: covers(base.ci95, run.estimate), flag };
}

/**
 * Every figure both maps hold, baseline first: rows { figure, baseline, run, changePct, overlap, runInBase, flag }.
 * @param {Map<string, Figure>} baseFigures
 * @param {Map<string, Figure>} runFigures
 * @returns {ChangeRow[]}
 */
export function compareFigures(baseFigures, runFigures) {
  const rows = [];
  for (const [figure, base] of baseFigures) {
    const run = runFigures.get(figure);
    if (run) rows.push({ figure, baseline: base, run, ...changeOf(base, run) });
  }
  return rows;
}

/**
 * bench:reproduce's twin of a run id (`…-a` ↔ `…-b`), or null.
 * @param {string} runId
 * @returns {string | null}
 */
export function twinOf(runId) {
  const m = /^(.*)-([ab])$/.exec(runId);
  return m ? `${m[1]}-${m[2] === 'a' ? 'b' : 'a'}` : null;
}

/**
 * Whether each row's change reproduces in the twins' comparison: 'reproduced' when the twin row carries the same
 * flag (both regressions, both improvements, or neither flagged), 'not reproduced' otherwise; null without a twin row
 * or without intervals. Returns the rows with `reproduce` and `twin` (the twin row) added.
 * @param {ChangeRow[]} rows
 * @param {ChangeRow[] | null | undefined} twinRows
 * @returns {ReproducedRow[]}
 */
export function withReproduce(rows, twinRows) {
  const byFigure = new Map((twinRows ?? []).map((r) => [r.figure, r]));
  return rows.map((r) => {
    const twin = byFigure.get(r.figure) ?? null;
    const reproduce = !twin || r.overlap === null || twin.overlap === null ? null : twin.flag === r.flag ? 'reproduced' : 'not reproduced';
    return { ...r, twin, reproduce };
  });
}

/**
 * What differs between two run.json environments that bears on timings (CPU, cores, OS, kernel, runtimes).
 * @param {any} a a run.json `environment` (or null)
 * @param {any} b the other's
 * @returns {string[]}
 */
export function machineDifferences(a, b) {
  /** @type {[string, (e: any) => unknown][]} */
  const fields = [['CPU', (e) => e?.cpuModel], ['cores', (e) => e?.cores], ['OS', (e) => e?.os], ['kernel', (e) => e?.kernel]];
  const out = [];
  for (const [name, get] of fields) {
    const x = get(a); const y = get(b);
    if (x != null && y != null && String(x) !== String(y)) out.push(`${name}: ${x} → ${y}`);
  }
  const ra = a?.runtimes ?? {}; const rb = b?.runtimes ?? {};
  for (const k of Object.keys(ra)) if (k in rb && String(ra[k]) !== String(rb[k])) out.push(`${k}: ${ra[k]} → ${rb[k]}`);
  return out;
}

/**
 * The rows that fail a CI check: flagged regressions of figures that measure the code (not floors).
 * @template {ChangeRow} R
 * @param {R[]} rows
 * @returns {R[]}
 */
export const regressions = (rows) => rows.filter((r) => r.flag === 'regression' && !isFloor(r.figure));
