// Types of format.mjs (the page imports it).
export declare function formatNs(ns: number): string;
export declare function formatTimes(x: number): string;
export declare function formatNsFixed(ns: number): string;
export declare function formatInterval(figure: { estimate?: number; ci95?: [number, number] | null } | undefined, format: (x: number) => string): string;
export declare function formatRatioInterval(ratio: { estimate?: number; ci95?: [number, number] | null } | undefined): string;
export declare const UNIT_LABEL: Readonly<{ ns: string; us: string; ms: string }>;
export declare function pickUnit(ns: number): 'ns' | 'us' | 'ms';
export declare function formatDuration(ns: number | null | undefined, unit?: 'auto' | 'ns' | 'us' | 'ms'): string;
export declare function formatTimesFixed(r: number | null | undefined): string;
