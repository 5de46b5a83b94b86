// Types of timingCsv.mjs (the page's loader and uploads import it).

export interface ParsedSamples {
  /** 1-based position of the row in the file (line − 1) */
  seq: Int32Array;
  /** rank within its id by (t_ns, seq), 1-based; 0 for rows the reference method drops (negative values) */
  k: Int32Array;
  /** integers (exact: |v| < 2^53) */
  tNs: Float64Array;
  durationNs: Float64Array;
  /** index into `ids` */
  idIndex: Int32Array;
  ids: string[];
  rows: number;
}
export declare class CsvError extends Error {}
/** What is wrong with a header line, or null when it is exactly t_ns,id,duration_ns. */
export declare function headerError(line: string): string | null;
/** The first line of `text` (without its break), cut at LF, CRLF or a lone CR as the parser cuts lines. */
export declare function firstLine(text: string): string;
/** The data lines of a timing CSV text (header and blank lines dropped), cut as the parser cuts lines. */
export declare function timingCsvDataLines(text: string): string[];
/**
 * Parses `bytes` (the whole file, header included). With `rejectNegative` (uploads) a negative value is an error;
 * without it (published data, as the reference method) the row is kept with k = 0. `allowEmpty`: a header-only
 * file is no rows rather than an error.
 */
export declare function parseTimingBytes(bytes: Uint8Array, options?: { rejectNegative?: boolean; allowEmpty?: boolean }): ParsedSamples;
/** Each row's rank within its id by (t, row order), 1-based; 0 for rows with a negative t or duration. */
export declare function ranksWithinIds(t: Float64Array, d: Float64Array, idx: Int32Array, idCount: number): Int32Array;
