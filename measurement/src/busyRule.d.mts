// Types of busyRule.mjs, for the dashboard.
interface NoiseLike { startedAt: string; endedAt: string; otherCpuSeconds?: number | null; otherOnMeasuredCpuSeconds?: number | null; measuredCores?: string[] | null }

export declare const BUSY_SHARE: number;
export declare const BUSY_MIN_SECONDS: number;
export declare function isBusy(otherSeconds: number | null | undefined, wallSeconds: number, cores: number): boolean | null;
export declare function otherLoad(r: NoiseLike, machineCores: number): { seconds: number | null; wall: number; cores: number; share: number | null };
export declare function recordIsBusy(r: NoiseLike, machineCores: number): boolean | null;
