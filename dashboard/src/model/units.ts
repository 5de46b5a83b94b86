/** Duration formatting: ns in, readable units out. */
export type Unit = 'auto' | 'ns' | 'us' | 'ms';

export const UNIT_LABEL: Record<Exclude<Unit, 'auto'>, string> = { ns: 'ns', us: 'µs', ms: 'ms' };
const SCALE: Record<Exclude<Unit, 'auto'>, number> = { ns: 1, us: 1e3, ms: 1e6 };

export const pickUnit = (ns: number): Exclude<Unit, 'auto'> => (Math.abs(ns) >= 1e6 ? 'ms' : Math.abs(ns) >= 1e3 ? 'us' : 'ns');

// One formatter per digit count: Number#toLocaleString with options builds a new Intl.NumberFormat on every call,
// which made re-rendering the tables (thousands of cells) take most of a warm-up change. Same output.
const FORMAT: Record<1 | 3, Intl.NumberFormat> = {
  1: new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  3: new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
};

/**
 * Formats a duration. In "ns" the value keeps one decimal (medians and quantiles can fall between integers);
 * in µs/ms three decimals (= ns resolution for µs). "auto" picks the unit from the value.
 */
export function formatDuration(ns: number | null | undefined, unit: Unit = 'auto'): string {
  if (ns === null || ns === undefined || Number.isNaN(ns)) return '—';
  const u = unit === 'auto' ? pickUnit(ns) : unit;
  const v = ns / SCALE[u];
  return `${FORMAT[u === 'ns' ? 1 : 3].format(v)} ${UNIT_LABEL[u]}`;
}

export const formatRatio = (r: number | null | undefined): string =>
  r === null || r === undefined || !Number.isFinite(r) ? '—' : `${r >= 100 ? r.toFixed(1) : r >= 10 ? r.toFixed(2) : r.toFixed(3)}×`;

export const formatP = (p: number): string => (p < 1e-300 ? '< 1e-300' : p < 1e-4 ? p.toExponential(1) : p.toFixed(4));
