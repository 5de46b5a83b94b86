// The web bench's summary table: the reference analysis (docs/reference-study.md, measurement/src/analysis.mjs, shared with
// bench:desktop) applied to the web CSVs: medians per id, overheads paired by order, truncated to the shorter.

import { fmtNs, pairedDiff, parseTimingCsv, series as seriesOfRows, stats } from './analysis.mjs';

/** Parses `t_ns,id,duration_ns` → Map id → durations (ns, in t_ns order, warm-up dropped). */
export const series = (csv, warmup = 30) => seriesOfRows(parseTimingCsv(csv), warmup);

/** Parsed rows (or none) of an optional CSV text. */
const rowsOf = (csv) => (csv ? parseTimingCsv(csv) : []);

/** Median (NaN for a missing or empty series). */
export const median = (xs) => stats(xs ?? []).median;

/** a[i] − b[i] paired by order (truncated to the shorter series; empty when either is missing). */
const paired = (a, b) => (a && b ? pairedDiff(a, b) : []);

/** Median of a[i] − b[i] paired by order. */
export const pairedMedian = (a, b) => median(paired(a, b));

export const mean = (xs) => stats(xs ?? []).mean;

/**
 * Median interval between consecutive step starts (ns) of `id`: the step period of a free-paced run, everything
 * included (the step, rendering and other page work between steps).
 */
export function stepPeriod(rows, warmup = 30, id = 'step.web.e2e') {
  const starts = rows.filter((r) => r.id === id).map((r) => r.t).sort((a, b) => a - b).slice(warmup);
  return median(starts.slice(1).map((t, i) => t - starts[i]));
}

/** Summary of one configuration's CSV texts (ns). */
export function summarize({ wasm, websocket, webWasm, webWebsocket, floors }, warmup = 30) {
  const rows = { webWasm: rowsOf(webWasm), webWebsocket: rowsOf(webWebsocket) };
  const be = { wasm: seriesOfRows(rowsOf(wasm), warmup), ws: seriesOfRows(rowsOf(websocket), warmup) };
  const fw = seriesOfRows(rows.webWasm, warmup);
  const fs = seriesOfRows(rows.webWebsocket, warmup);
  const fl = seriesOfRows(rowsOf(floors), 0);
  const m = (map, id) => median(map.get(id));
  return {
    wasm: {
      compute: m(be.wasm, 'step.compute'),
      service: m(be.wasm, 'step.service'),
      backendOverhead: pairedMedian(be.wasm.get('step.service'), be.wasm.get('step.compute')),
      call: m(fw, 'step.web.wasm.call'),
      parse: m(fw, 'step.web.wasm.parse'),
      apply: m(fw, 'step.web.apply'),
      frameWait: m(fw, 'step.frame.wait'),
      e2e: m(fw, 'step.web.e2e'),
      // Mean of one step over a block of back-to-back steps: resolves below the 5 µs page clock.
      e2eBlock: m(fw, 'step.web.e2e.block'),
      inPageOverhead: pairedMedian(fw.get('step.web.wasm.call'), be.wasm.get('step.compute')),
      // The page clock ticks every 5 µs; Chromium's jittered clamping makes the mean resolve below that.
      inPageOverheadMean: mean(paired(fw.get('step.web.wasm.call'), be.wasm.get('step.compute'))),
      noopFloor: m(fl, 'floor.web.wasm.noop'),
      period: stepPeriod(rows.webWasm, warmup),
    },
    websocket: {
      compute: m(be.ws, 'step.compute'),
      service: m(be.ws, 'step.service'),
      backendOverhead: pairedMedian(be.ws.get('step.service'), be.ws.get('step.compute')),
      send: m(fs, 'step.web.ws.send'),
      wait: m(fs, 'step.web.ws.wait'),
      parse: m(fs, 'step.web.ws.parse'),
      apply: m(fs, 'step.web.apply'),
      frameWait: m(fs, 'step.frame.wait'),
      e2e: m(fs, 'step.web.e2e'),
      transport: pairedMedian(fs.get('step.web.ws.wait'), be.ws.get('step.service')),
      echoFloor: m(fl, 'floor.web.ws.echo'),
      period: stepPeriod(rows.webWebsocket, warmup),
    },
  };
}

export const fmt = fmtNs;
export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}×` : '–');
