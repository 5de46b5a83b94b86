// The reference analysis (DESIGN §2) over the web CSVs, for the bench's summary table: drop negative rows, sort
// by t_ns, drop the first `warmup` samples per id, medians; overheads paired by order, truncated to the shorter.

/** Parses `t_ns,id,duration_ns` → Map id → durations (ns, in t_ns order, warm-up dropped). */
export function series(csv, warmup = 30) {
  const rows = csv.trim().split('\n').slice(1).map((l) => l.split(','))
    .map(([t, id, d]) => [Number(t), id, Number(d)]).filter(([t, , d]) => t >= 0 && d >= 0);
  rows.sort((a, b) => a[0] - b[0]);
  const by = new Map();
  for (const [, id, d] of rows) {
    if (!by.has(id)) by.set(id, []);
    by.get(id).push(d);
  }
  for (const [id, ds] of by) by.set(id, ds.slice(warmup));
  return by;
}

export function median(xs) {
  if (!xs || xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** a[i] − b[i] paired by order (truncated to the shorter series). */
function paired(a, b) {
  if (!a || !b) return [];
  const n = Math.min(a.length, b.length);
  return Array.from({ length: n }, (_, i) => a[i] - b[i]);
}

/** Median of a[i] − b[i] paired by order. */
export const pairedMedian = (a, b) => median(paired(a, b));

export function mean(xs) {
  return xs && xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN;
}

/** Summary of one configuration's CSV texts (ns). */
export function summarize({ wasm, websocket, webWasm, webWebsocket, floors }, warmup = 30) {
  const be = { wasm: wasm ? series(wasm, warmup) : new Map(), ws: websocket ? series(websocket, warmup) : new Map() };
  const fw = webWasm ? series(webWasm, warmup) : new Map();
  const fs = webWebsocket ? series(webWebsocket, warmup) : new Map();
  const fl = floors ? series(floors, 0) : new Map();
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
      inPageOverhead: pairedMedian(fw.get('step.web.wasm.call'), be.wasm.get('step.compute')),
      // The page clock ticks every 5 µs; Chromium's jittered clamping makes the mean resolve below that.
      inPageOverheadMean: mean(paired(fw.get('step.web.wasm.call'), be.wasm.get('step.compute'))),
      noopFloor: m(fl, 'floor.web.wasm.noop'),
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
    },
  };
}

export const fmt = (ns) => {
  if (!Number.isFinite(ns)) return '–';
  const a = Math.abs(ns);
  if (a < 1e3) return `${ns.toFixed(0)} ns`;
  if (a < 1e6) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${(ns / 1e6).toFixed(2)} ms`;
};
export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(2)}×` : '–');
