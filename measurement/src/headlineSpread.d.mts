// Types of headlineSpread.mjs, the part the dashboard imports (the words beside the headline's ratios).

/** A headline ratio's spread across the published runs (public/data/headline.json, `spread`). */
export interface HeadlineSpread {
  runs: number; days: number; machines: number; commits: number;
  /** the point ratio's min and max over the runs */
  ratio: [number, number];
  /** out − in, ns per step: min and max over the runs */
  addedCostNs: [number, number] | null;
  points: { run: string; config: string; day: string | null; ratio: number; addedCostNs: number | null }[];
}
export declare function sameConfigurationKey(platform: string, c: Record<string, unknown>): string;
export declare function machineOf(environment: unknown): string;
export declare function spreadOf(points: { run: string; config: string; createdAt?: string | null; commit?: string | null; environment?: unknown; ratio: number; addedCostNs?: number }[]): HeadlineSpread | null;
/** "7 published runs on 4 days, 3 machines, 6 commits" */
export declare function spreadCoverage(s: HeadlineSpread): string;
/** "across 7 published runs on 4 days, 3 machines, 6 commits: 20.8–44.7×", or "only this run measured it" */
export declare function spreadText(s: HeadlineSpread | null | undefined): string;
/** "across 7 runs, 4 days, 3 machines: 20.8–44.7×" (the page, beside the interval) */
export declare function spreadBrief(s: HeadlineSpread | null | undefined): string;
/** "20.8–44.7×" */
export declare function spreadRange(s: HeadlineSpread): string;
/** What the bracket and the spread each cover, in one sentence. */
export declare const SPREAD_MEANING: string;
