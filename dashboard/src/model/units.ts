/** Duration formatting, ns in, readable units out: the measurement library's formats (measurement/src/format.mjs). */
import { formatDuration as format, formatTimesFixed, pickUnit as pick, UNIT_LABEL as LABEL } from '../../../measurement/src/format.mjs';

export type Unit = 'auto' | 'ns' | 'us' | 'ms';

export const UNIT_LABEL: Record<Exclude<Unit, 'auto'>, string> = LABEL;
export const pickUnit: (ns: number) => Exclude<Unit, 'auto'> = pick;
export const formatDuration: (ns: number | null | undefined, unit?: Unit) => string = format;
export const formatRatio: (r: number | null | undefined) => string = formatTimesFixed;

export const formatP = (p: number): string => (p < 1e-300 ? '< 1e-300' : p < 1e-4 ? p.toExponential(1) : p.toFixed(4));
