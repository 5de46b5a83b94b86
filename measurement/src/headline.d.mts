// Types of the part of headline.mjs the dashboard imports (the page: number formats; its test: the plot spec).

/** Three significant digits, with its unit: 3.34 µs, 104 µs, 200 ms ('–' when not finite). */
export declare function formatNs(ns: number): string;
/** 31.2× style, three significant digits. */
export declare function formatTimes(x: number): string;
/** The headline plot as a vega-lite spec (headline: the object of public/data/headline.json). */
export declare function headlineSpec(h: unknown): Record<string, unknown>;
/** A duration in ns as µs, three significant digits, without its unit ('–' when not finite). */
export declare function formatUs(ns: number): string;
/** The out-of-process configuration in a few words: the platform's reference design, or `best` (server, channel, encoding). */
export declare function outOfProcessName(platform: string, best?: { server?: string; transport: string; encoding: string } | null): string;
