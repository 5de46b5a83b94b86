// Timing CSV files on disk (Node only): the pure parsing and analysis are in analysis.mjs, which the dashboard's
// page imports too.
import { readFileSync } from 'node:fs';
import { parseTimingCsv } from './analysis.mjs';

/** Reads and parses a `t_ns,id,duration_ns` file (errors name the path and line). */
export const readTimingCsv = (path) => parseTimingCsv(readFileSync(path, 'utf8'), path);
