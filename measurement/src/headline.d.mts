// Types of the part of headline.mjs the dashboard imports (the page: number formats; its test: the plot spec).

/** Three significant digits, with its unit: 3.34 µs, 104 µs, 200 ms ('–' when not finite). */
export declare function formatNs(ns: number): string;
/** 31.2× style, three significant digits. */
export declare function formatTimes(x: number): string;
/** The headline plot as a vega-lite spec (headline: the object of public/data/headline.json). */
export declare function headlineSpec(h: unknown): Record<string, unknown>;
