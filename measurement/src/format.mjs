// The number formats, one family for the benches' printouts, the headline and the page: durations (ns in) and
// ratios, alone or with their 95 % interval. No I/O.

/**
 * Three significant digits, with its unit: 3.34 µs, 104 µs, 200 ms.
 * @param {number} ns
 * @returns {string}
 */
export function formatNs(ns) {
  if (!Number.isFinite(ns)) return '–';
  // The unit by magnitude, so a difference below zero reads "−214 µs", not "-214000 ns".
  const a = Math.abs(ns);
  const [v, u] = a >= 1e9 ? [ns / 1e9, 's'] : a >= 1e6 ? [ns / 1e6, 'ms'] : a >= 1e3 ? [ns / 1e3, 'µs'] : [ns, 'ns'];
  return `${Number(v.toPrecision(3))} ${u}`;
}

/**
 * 31.2× style, three significant digits.
 * @param {number} x
 * @returns {string}
 */
export const formatTimes = (x) => `${Number(x.toPrecision(3))}×`;

/**
 * Formats ns for the benches' tables, fixed decimals: "812 ns", "12.3 µs", "4.56 ms".
 * @param {number} ns
 * @returns {string}
 */
export function formatNsFixed(ns) {
  if (!Number.isFinite(ns)) return '–';
  const a = Math.abs(ns);
  if (a < 1000) return `${ns.toFixed(0)} ns`;
  if (a < 1e6) return `${(ns / 1e3).toFixed(a < 1e4 ? 2 : 1)} µs`;
  if (a < 1e9) return `${(ns / 1e6).toFixed(a < 1e7 ? 2 : 1)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

/**
 * "12.3 µs [11.8, 13.1]" style cell of a figure in ns with its interval (the formatter turns ns into text).
 * @param {{ estimate?: number; ci95?: [number, number] | null } | undefined} figure
 * @param {(x: number) => string} format
 * @returns {string}
 */
export function formatInterval({ estimate, ci95 } = {}, format) {
  if (!Number.isFinite(estimate)) return '–';
  return ci95 ? `${format(estimate)} [${format(ci95[0])}, ${format(ci95[1])}]` : `${format(estimate)} (1 invocation)`;
}

/**
 * "33.5× [27.1, 41.9]" style cell of a ratio.
 * @param {{ estimate?: number; ci95?: [number, number] | null } | undefined} r
 * @returns {string}
 */
export const formatRatioInterval = (r) => formatInterval(r, (x) => `${x.toFixed(x < 10 ? 2 : 1)}×`).replace(/× \[(.*)×, (.*)×\]/, '× [$1, $2]');

/**
 * The units a duration can be shown in.
 * @type {Readonly<{ ns: string; us: string; ms: string }>}
 */
export const UNIT_LABEL = Object.freeze({ ns: 'ns', us: 'µs', ms: 'ms' });
const SCALE = { ns: 1, us: 1e3, ms: 1e6 };

/**
 * The unit a duration reads best in.
 * @param {number} ns
 * @returns {'ns' | 'us' | 'ms'}
 */
export const pickUnit = (ns) => (Math.abs(ns) >= 1e6 ? 'ms' : Math.abs(ns) >= 1e3 ? 'us' : 'ns');

// One formatter per digit count: Number#toLocaleString with options builds a new Intl.NumberFormat on every call,
// which made re-rendering the page's tables (thousands of cells) take most of a warm-up change. Same output.
const FORMAT = {
  1: new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  3: new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
};

/**
 * A duration in a chosen unit (the page's tables): in "ns" one decimal (medians and quantiles can fall between
 * integers); in µs/ms three decimals (= ns resolution for µs). "auto" picks the unit from the value.
 * @param {number | null | undefined} ns
 * @param {'auto' | 'ns' | 'us' | 'ms'} [unit]
 * @returns {string}
 */
export function formatDuration(ns, unit = 'auto') {
  if (ns === null || ns === undefined || Number.isNaN(ns)) return '—';
  const u = unit === 'auto' ? pickUnit(ns) : unit;
  return `${FORMAT[u === 'ns' ? 1 : 3].format(ns / SCALE[u])} ${UNIT_LABEL[u]}`;
}

/**
 * A ratio in the page's tables: 3.142×, 31.42×, 314.2×.
 * @param {number | null | undefined} r
 * @returns {string}
 */
export const formatTimesFixed = (r) => (r === null || r === undefined || !Number.isFinite(r) ? '—' : `${r >= 100 ? r.toFixed(1) : r >= 10 ? r.toFixed(2) : r.toFixed(3)}×`);
