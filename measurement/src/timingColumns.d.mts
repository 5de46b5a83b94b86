// Types of timingColumns.mjs (the page's loader and the build import it).
import type { ParsedSamples } from './timingCsv.mjs';

export declare class TimingColumnsError extends Error {}
/** Whether `bytes` start as encoded columns do. */
export declare function isTimingColumns(bytes: Uint8Array): boolean;
/** Encodes parsed samples (parseTimingBytes' result) compactly. */
export declare function encodeTimingColumns(p: ParsedSamples): Uint8Array;
/** Decodes encoded columns into what parseTimingBytes gives for the CSV they were made from. */
export declare function decodeTimingColumns(bytes: Uint8Array): ParsedSamples;
