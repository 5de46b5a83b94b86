// Pure analysis of a network run (docs/network.md): per-cell figures with invocation-level intervals
// (measurement/src/intervals.mjs), break-even RTTs against the 60 Hz and 30 Hz frame budgets, and the capacity
// verdict. No I/O: bench:network feeds it, the tests call it on made-up numbers.
import { PATH_SALT, REFERENCE_PROGRAM } from './catalogue.mjs';
import { pathInterval, verdict } from './intervals.mjs';

/** Frame budgets (ns): 60 Hz and 30 Hz. */
export const BUDGETS_NS = Object.freeze({ '60Hz': 1e9 / 60, '30Hz': 1e9 / 30 });

/** Drops the first `warmup` samples per id; returns Map id → durations (ns) in time order. */
export function seriesOf(rows, warmup) {
  const by = new Map();
  for (const r of [...rows].sort((a, b) => a.t - b.t)) {
    if (!by.has(r.id)) by.set(r.id, []);
    by.get(r.id).push(r);
  }
  const out = new Map();
  for (const [id, rs] of by) out.set(id, rs.slice(warmup));
  return out;
}

/** Intervals between the ends of consecutive samples (ns): the rate at which the loop applies states. */
const periodsOf = (rows) => rows.slice(1).map((r, i) => (r.t + r.d) - (rows[i].t + rows[i].d));

/** One cell's figures: median and p95 with 95 % CIs over invocations, for every id given. */
export function cellFigures(invocations, ids, salt) {
  const f = {};
  for (const [key, id] of Object.entries(ids)) {
    const per = invocations.map((inv) => (id === 'period' ? periodsOf(inv.get(ids.e2e) ?? []) : (inv.get(id) ?? []).map((r) => r.d)));
    if (per.every((v) => v.length === 0)) continue;
    const m = pathInterval(per, { statistic: 'median', salt });
    const p = pathInterval(per, { statistic: 'p95', salt });
    if (key === 'period') {
      // Pipelined replies arrive in bursts (k back to back, then a gap of about one RTT): the median interval says
      // little about the rate. The mean period, (last end − first end) / (count − 1) per invocation, is the rate's
      // inverse; its interval comes from resampling the invocations (inner level off: one value each).
      const means = per.filter((v) => v.length).map((v) => [v.reduce((a, b) => a + b, 0) / v.length]);
      const mean = pathInterval(means, { statistic: 'median', salt, inner: false });
      f.periodMean = { mean: round(mean.estimate), meanCi: mean.ci95?.map(round) ?? null, perInvocation: mean.perInvocation.map(round) };
    }
    f[key] = { median: round(m.estimate), medianCi: m.ci95?.map(round) ?? null, p95: round(p.estimate), p95Ci: p.ci95?.map(round) ?? null, perInvocation: m.perInvocation.map(round), samples: per.map((v) => v.length) };
  }
  return f;
}

const round = (x) => (Number.isFinite(x) ? Math.round(x) : null);

/**
 * The RTT (ms) at which `y(rtt)` crosses `budget`, by linear interpolation between measured profiles (points
 * sorted by rtt). 0 when even the first point is over the budget; { beyond: maxRtt } when no point is (the crossing
 * lies past the largest RTT measured; then the last two points' slope extrapolates, at least 1 ns per ns of RTT).
 */
export function crossing(points, budget) {
  const p = points.filter((x) => Number.isFinite(x.y)).sort((a, b) => a.rtt - b.rtt);
  if (p.length === 0) return null;
  if (p[0].y > budget) return 0;
  for (let i = 1; i < p.length; i++) {
    if (p[i].y > budget) {
      const a = p[i - 1];
      const b = p[i];
      return a.rtt + ((budget - a.y) * (b.rtt - a.rtt)) / (b.y - a.y);
    }
  }
  const last = p[p.length - 1];
  const prev = p[p.length - 2];
  const slope = prev ? Math.max(1e6, (last.y - prev.y) / Math.max(1e-9, last.rtt - prev.rtt)) : 1e6; // ns per ms
  return last.rtt + (budget - last.y) / slope;
}

/**
 * Break-even RTT per budget from cells of one path/N/encoding/pacing over profiles: the estimate from the figure's
 * estimate, the interval from its CI bounds (upper bound of e2e → earliest crossing, lower bound → latest).
 */
export function breakEven(cells, { statistic = 'median' } = {}) {
  const pts = (pick) => cells.map((c) => ({ rtt: c.rttMs, y: pick(c.figures.e2e) })).filter((x) => x.y !== null && x.y !== undefined);
  const out = {};
  for (const [name, budget] of Object.entries(BUDGETS_NS)) {
    const est = crossing(pts((f) => f?.[statistic]), budget);
    const lo = crossing(pts((f) => f?.[`${statistic}Ci`]?.[1]), budget);
    const hi = crossing(pts((f) => f?.[`${statistic}Ci`]?.[0]), budget);
    const r2 = (x) => (x === null ? null : Math.round(x * 100) / 100);
    // The bounds' crossings come from interpolating other curves: ordered, and widened to hold the estimate.
    const ci = lo === null || hi === null || est === null ? null : [Math.min(lo, hi, est), Math.max(lo, hi, est)];
    out[name] = { rttMs: r2(est), ci95: ci ? ci.map(r2) : null };
  }
  return out;
}

/**
 * The program a grid cell or break-even row ran (its spec, docs/programs.md). Runs from before `--programs` record
 * none: they ran the gradient, the reference program.
 */
export const programOf = (x) => x.program ?? REFERENCE_PROGRAM;

/**
 * The break-even rows of a grid's cells (docs/network.md, "Break-even RTT"), one per program, out-of-process path, N
 * and encoding, from the cells whose RTT is the only change: free pacing (frame-paced e2e is quantised to frames),
 * one step in flight, no bandwidth limit. Each row says its program and carries the in-process e2e of the same
 * platform, N, pacing and program (null when the run has no baseline there).
 */
export function breakEvens(cells) {
  const groups = new Map();
  for (const c of cells.filter((x) => (x.transport === 'socket' || x.transport === 'websocket') && x.pacing === 'free' && x.inFlight === 1 && x.rateKBps === null)) {
    const k = JSON.stringify([c.platform, c.transport, programOf(c), c.n, c.encoding, c.pacing]);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(c);
  }
  return [...groups].map(([k, cs]) => {
    const [platform, transport, program, n, encoding, pacing] = JSON.parse(k);
    const base = cells.find((b) => b.platform === platform && b.profile === 'in-process' && b.n === n && b.pacing === pacing && programOf(b) === program);
    return { platform, transport, program, n, encoding, pacing, median: breakEven(cs), p95: breakEven(cs, { statistic: 'p95' }), inProcessE2e: base?.figures.e2e ?? null };
  });
}

/**
 * Capacity: per M, the p99 of latency from the intended send time with its CI over invocations; the largest M
 * whose p99 interval lies wholly under the 60 Hz frame ("met"), and the largest that is not wholly over it (the
 * upper end of the capacity's interval), and the largest M whose point estimate is under it.
 * With `generatorLateNs` (per level, per invocation: the p99 of how late the generator sent), a level whose
 * generator ran more than a quarter frame late is *generator-bound*: its lateness is inside its latencies, so it
 * says nothing about the server either way. Such a level ends the search without a server verdict: the largest M
 * is then a lower bound (`limitedBy: 'generator'`), never a server limit.
 */
export function capacityVerdict(levels, budget = BUDGETS_NS['60Hz'], generatorLateNs = null) {
  const rows = levels.map(({ m, invocations }, i) => {
    const iv = pathInterval(invocations, { statistic: 'p99', salt: PATH_SALT.socket });
    const row = { m, p99: round(iv.estimate), p99Ci: iv.ci95?.map(round) ?? null, perInvocation: iv.perInvocation.map(round), verdict: verdict(iv, budget), samples: invocations.map((v) => v.length) };
    if (generatorLateNs) {
      // The median over invocations of each invocation's p99 send lateness (docs/network.md, "Capacity").
      const late = [...generatorLateNs[i]].sort((a, b) => a - b)[Math.floor(generatorLateNs[i].length / 2)];
      Object.assign(row, { generatorLateP99: round(late), generatorBound: late > budget / 4 });
      if (row.generatorBound) row.verdict = 'no verdict (generator-bound)';
    }
    return row;
  });
  // The levels are tried in increasing M: a level counts only when every smaller one passed as well, and a
  // generator-bound level stops the count (it can neither pass nor fail the server).
  const sorted = [...rows].sort((a, b) => a.m - b.m);
  const maxBy = (pred) => { let best = 0; for (const r of sorted) { if (r.generatorBound || !pred(r)) break; best = r.m; } return best; };
  const largestM = maxBy((r) => r.p99 !== null && r.p99 <= budget);
  const stop = sorted.find((r) => r.generatorBound || r.p99 === null || r.p99 > budget);
  return {
    levels: rows,
    largestM,
    largestMCi: [maxBy((r) => r.verdict === 'met'), maxBy((r) => r.verdict !== 'not met' && r.verdict !== 'no data')],
    // What ended the count: the server missing the frame, the generator lagging (largestM is then a lower bound),
    // or the last level tried passing (largestM is at least the largest level tried).
    limitedBy: !stop ? 'levels' : stop.generatorBound ? 'generator' : 'server',
  };
}
