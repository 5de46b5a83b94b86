// Reproducibility of a benchmark's ratios (docs/measurements.md, "Reproducibility"): two runs of the same
// configuration agree on a ratio when each run's estimate lies inside the other's 95 % interval over invocations.
import { covers, overlaps } from './intervals.mjs';

/**
 * Compares the `ratios` of two summary.json objects (same bench, same arguments), configuration by configuration;
 * a summary whose configurations carry `figures` instead (bench:network: e2e and break-even RTTs, each an estimate
 * with its interval) is compared the same way.
 * Returns rows { configuration, ratio, a: { estimate, ci95 }, b: {...}, aInB, bInA, overlap, agree }.
 */
export function compareSummaries(a, b) {
  const rows = [];
  for (const ca of a.configurations) {
    const cb = b.configurations.find((c) => c.id === ca.id);
    if (!cb) continue;
    for (const [key, ra] of Object.entries(ca.ratios ?? ca.figures ?? {})) {
      const rb = (cb.ratios ?? cb.figures)?.[key];
      if (!rb) continue;
      const aInB = covers(rb.ci95, ra.estimate);
      const bInA = covers(ra.ci95, rb.estimate);
      rows.push({
        configuration: ca.id, ratio: key,
        a: { estimate: ra.estimate, ci95: ra.ci95, invocations: ra.invocations },
        b: { estimate: rb.estimate, ci95: rb.ci95, invocations: rb.invocations },
        aInB, bInA, overlap: overlaps(ra.ci95, rb.ci95), agree: aInB && bInA,
      });
    }
  }
  return rows;
}

/** A vega-lite spec of the comparison: per ratio, both runs' estimates with their intervals, log scale. */
export function comparisonSpec(rows, { titleA = 'run A', titleB = 'run B', title = 'Ratio out-of-process / in-process, two runs: estimate and 95 % CI over invocations', axis = 'ratio (×, log scale)' } = {}) {
  const values = rows.flatMap((r) => [['A', titleA, r.a], ['B', titleB, r.b]]
    .filter(([, , x]) => Number.isFinite(x.estimate) && x.estimate > 0)
    .map(([run, title, x]) => ({
      row: `${r.configuration} · ${r.ratio}${r.agree ? '' : ' ✗'}`, run: `${run}: ${title}`, estimate: x.estimate,
      lo: x.ci95?.[0] > 0 ? x.ci95[0] : x.estimate, hi: x.ci95?.[1] ?? x.estimate,
    })));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle: '✗: one run\'s estimate lies outside the other\'s interval' },
    data: { values },
    width: 520,
    encoding: {
      y: { field: 'row', type: 'nominal', title: null, sort: null, axis: { labelLimit: 360 } },
      yOffset: { field: 'run' },
      color: { field: 'run', type: 'nominal', title: null, legend: { orient: 'bottom', labelLimit: 480, direction: 'vertical' } },
    },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'lo', type: 'quantitative', scale: { type: 'log' }, title: axis }, x2: { field: 'hi' } } },
      { mark: { type: 'point', filled: true, size: 50 }, encoding: { x: { field: 'estimate', type: 'quantitative' } } },
    ],
  };
}

/** Renders a vega-lite spec to SVG text in Node (no browser, no canvas). */
export async function renderSvg(spec) {
  const [{ compile }, vega] = await Promise.all([import('vega-lite'), import('vega')]);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  return view.toSVG();
}
