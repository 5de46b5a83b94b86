// The web bench's summary table: the reference analysis (docs/reference-study.md, measurement/src/analysis.mjs, shared with
// bench:desktop) applied to the web CSVs: medians per id, overheads paired by order, truncated to the shorter.

import { pairedDiff, parseTimingCsvText, series as seriesOfRows, stats } from './analysis.mjs';
import { BACKEND_IDS, PATHS } from './catalogue.mjs';
import { formatNsFixed } from './format.mjs';

/** Parses `t_ns,id,duration_ns` → Map id → durations (ns, in t_ns order, warm-up dropped). */
export const series = (csv, warmup = 30) => seriesOfRows(parseTimingCsvText(csv), warmup);

/** Parsed rows (or none) of an optional CSV text. */
const rowsOf = (csv) => (csv ? parseTimingCsvText(csv) : []);

/** Median (NaN for a missing or empty series). */
export const median = (xs) => stats(xs ?? []).median;

/** a[i] − b[i] paired by order (truncated to the shorter series; empty when either is missing). */
const paired = (a, b) => (a && b ? pairedDiff(a, b) : []);

/** Median of a[i] − b[i] paired by order. */
const pairedMedian = (a, b) => median(paired(a, b));

export const mean = (xs) => stats(xs ?? []).mean;

/**
 * Median interval between consecutive step starts (ns) of `id`: the step period of a free-paced run, everything
 * included (the step, rendering and other page work between steps).
 */
export function stepPeriod(rows, warmup = 30, id = PATHS.wasm.ids.e2e) {
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
  const [W, X, B] = [PATHS.wasm, PATHS.websocket, BACKEND_IDS];
  return {
    wasm: {
      compute: m(be.wasm, B.compute),
      service: m(be.wasm, B.service),
      backendOverhead: pairedMedian(be.wasm.get(B.service), be.wasm.get(B.compute)),
      call: m(fw, W.ids.call),
      parse: m(fw, W.ids.parse),
      apply: m(fw, W.ids.apply),
      frameWait: m(fw, W.ids.frameWait),
      e2e: m(fw, W.ids.e2e),
      // Mean of one step over a block of back-to-back steps: resolves below the 5 µs page clock.
      e2eBlock: m(fw, W.ids.e2eBlock),
      inPageOverhead: pairedMedian(fw.get(W.ids.call), be.wasm.get(B.compute)),
      // The page clock ticks every 5 µs; Chromium's jittered clamping makes the mean resolve below that.
      inPageOverheadMean: mean(paired(fw.get(W.ids.call), be.wasm.get(B.compute))),
      noopFloor: m(fl, W.floor),
      period: stepPeriod(rows.webWasm, warmup),
    },
    websocket: {
      compute: m(be.ws, B.compute),
      service: m(be.ws, B.service),
      backendOverhead: pairedMedian(be.ws.get(B.service), be.ws.get(B.compute)),
      send: m(fs, X.ids.send),
      wait: m(fs, X.ids.wait),
      parse: m(fs, X.ids.parse),
      apply: m(fs, X.ids.apply),
      frameWait: m(fs, X.ids.frameWait),
      e2e: m(fs, X.ids.e2e),
      transport: pairedMedian(fs.get(X.ids.wait), be.ws.get(B.service)),
      echoFloor: m(fl, X.floor),
      period: stepPeriod(rows.webWebsocket, warmup),
    },
  };
}

export const fmt = formatNsFixed;
export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}×` : '–');
