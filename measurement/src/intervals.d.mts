// Types of the part of intervals.mjs the dashboard imports: the method's defaults and the counter-based draws
// (docs/measurements.md, "Intervals"), so the browser draws exactly what the benches draw.

/** Bootstrap defaults: outer replicates, inner replicates per invocation, seed, level. */
export declare const DEFAULTS: Readonly<{ resamples: number; innerResamples: number; seed: number; level: number }>;
/** Salt of each path's draws (the four paths and bench:engine's targets). */
export declare const PATH_SALT: Readonly<Record<string, number>>;
/** 32-bit integer hash (two multiply-xorshift rounds); x and the result in [0, 2^32). */
export declare function h32(x: number): number;
/** Hash chain h32(…h32(h32(seed) + k1)… + kn), each sum taken mod 2^32. */
export declare function chain(seed: number, ...keys: number[]): number;
