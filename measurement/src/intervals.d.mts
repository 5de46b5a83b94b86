// Types of the part of intervals.mjs the dashboard imports: the method's defaults, the counter-based draws and the
// two levels of the bootstrap (docs/measurements.md, "Intervals"), so the browser computes exactly what the benches
// compute.

export type Statistic = 'median' | 'p95' | 'p99';
/** Bootstrap defaults: outer replicates, inner replicates per invocation, seed, level. */
export declare const DEFAULTS: Readonly<{ resamples: number; innerResamples: number; seed: number; level: number }>;
/** Quantile levels of the statistics an interval can be built for. */
export declare const STATISTICS: Readonly<Record<Statistic, number>>;
/** 32-bit integer hash (two multiply-xorshift rounds); x and the result in [0, 2^32). */
export declare function h32(x: number): number;
/** Hash chain h32(…h32(h32(seed) + k1)… + kn), each sum taken mod 2^32. */
export declare function chain(seed: number, ...keys: number[]): number;
/** Quantile q of an unsorted array (copied), linear interpolation between order statistics. */
export declare function quantile(values: ArrayLike<number>, q: number): number;
/** Inner level, several statistics at once: statistic → Float64Array(innerResamples) per invocation. */
export declare function innerReplicatesOf<S extends Statistic>(invocations: readonly ArrayLike<number>[],
  options: { statistics?: readonly S[]; salt: number; seed?: number; innerResamples?: number }): Record<S, Float64Array[]>;
/** Outer level, several statistics at once: statistic → Float64Array(resamples). */
export declare function outerReplicatesOf<S extends string>(inner: Record<S, readonly Float64Array[]>,
  options: { salt: number; seed?: number; resamples?: number }): Record<S, Float64Array>;
/** Percentile interval of replicates (non-finite left out); null under 90 % finite. */
export declare function percentileCi(replicates: Float64Array, level: number): [number, number] | null;
/** A path's figure over invocations (one array of values per invocation), its estimate and 95 % interval. */
export declare function pathInterval(invocations: number[][], options?: { statistic?: 'median' | 'p95' | 'p99'; salt?: number; inner?: boolean }):
  { estimate: number; ci95: [number, number] | null; invocations: number; perInvocation: number[] };
