// Types of drift.mjs, for the dashboard.
interface CalibrationLike { cpuKernelNs?: number; loopbackRttNs?: number; error?: string }
interface Spread { median: number | null; min: number | null; max: number | null; spread: number | null; count: number }
export interface Drift { invocations: number; measured: number; limit: number; cpuKernel: Spread; loopbackRtt: Spread; drifted: boolean | null }

export declare const DRIFT_LIMIT: number;
export declare function calibrationDrift(records: (CalibrationLike | null | undefined)[]): Drift;
export declare function driftLine(drift: Drift): string;
