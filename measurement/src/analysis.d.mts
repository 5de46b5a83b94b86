// Types of the part of analysis.mjs the dashboard imports (the page: the Live view's medians; its tests: the
// reference analysis the SQL is checked against).

/** One CSV row: t_ns, id, duration_ns. */
export interface TimingRow { t: number; id: string; d: number }
/** Summary statistics of a series (NaN when empty). */
export interface SeriesStats { count: number; median: number; mean: number; p95: number; p99: number; std: number }

/** Parses a `t_ns,id,duration_ns` CSV; throws on a wrong header or a malformed row (with the line number). */
export declare function parseTimingCsv(text: string, name?: string): TimingRow[];
/** Reference preprocessing: Map id → durations (ns) in time order, negative rows dropped, first `warmup` per id dropped. */
export declare function series(rows: readonly TimingRow[], warmup?: number): Map<string, number[]>;
/** Quantile p of an ascending array, linear interpolation between order statistics (numpy's default, quantile_cont). */
export declare function quantileSorted(sorted: ArrayLike<number>, p: number): number;
/** count, median, mean, p95, p99 (linear interpolation), std (n−1). */
export declare function stats(values: readonly number[]): SeriesStats;
/** Means of consecutive blocks of k samples (complete blocks only). */
export declare function blockMeans(values?: readonly number[], k?: number): number[];
