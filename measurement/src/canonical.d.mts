// Types of canonical.mjs, for the dashboard (structural: any run.json-shaped object).
interface ConfigLike { id: string; nodeCount: number; pacing: string; encoding?: string | null; outOfProcessTransport?: string | null; outOfProcessServer?: string | null; files: { platform: string; side: string }[]; invocations?: unknown[] | null; serverSpinMicros?: number | number[] | null; driver?: string | null; program?: string | null }
interface RunLike { id: string; kind?: string; createdAt?: string | null; configurations: ConfigLike[] }

export declare const CANONICAL_N: number;
export declare const CANONICAL_PACING: string;
export declare function hasPlatform(c: ConfigLike, p: string): boolean;
/** Reads only the program: any object that may name one (a configuration, a network cell or break-even row). */
export declare function runsReferenceProgram(c: Pick<ConfigLike, 'program'>): boolean;
export declare function runsProgram(c: Pick<ConfigLike, 'program'>, program?: string | null): boolean;
export declare function encodingRank(c: ConfigLike): number;
export declare const DEFAULT_SERVER_SPIN_US: number;
export declare const DEFAULT_WEB_DRIVER: string;
export declare function variantRank(c: ConfigLike): number;
export declare function byPreference<R extends RunLike>(runs: readonly R[]): R[];
export declare function canonicalPicks<R extends RunLike>(runs: readonly R[], program?: string | null): { platform: 'desktop' | 'web'; run: R; config: R['configurations'][number] }[];
