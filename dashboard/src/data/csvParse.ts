/**
 * The timing CSV parser is the measurement library's (measurement/src/timingCsv.mjs), one for the benches and the
 * page; here the dashboard's name for it and the upload's guess of what a file holds (from the catalogue's ids).
 */
import { TIMING_IDS, PATHS } from '../../../measurement/src/catalogue.mjs';
import { CsvError, firstLine, headerError, parseTimingBytes, timingCsvDataLines, type ParsedSamples } from '../../../measurement/src/timingCsv.mjs';

export { CsvError, firstLine, headerError, timingCsvDataLines, type ParsedSamples };

/** Parses a whole timing CSV (see parseTimingBytes). */
export const parseTimingCsv = (bytes: Uint8Array, { rejectNegative = true, allowEmpty = false } = {}): ParsedSamples => parseTimingBytes(bytes, { rejectNegative, allowEmpty });

/** Side and platform of an uploaded file, guessed from its ids. */
export function guessShape(ids: readonly string[]): { side: 'backend' | 'frontend' | 'floor'; platform: 'desktop' | 'web' } {
  const side = ids.every((i) => i.startsWith('floor.')) ? 'floor' : ids.some((i) => TIMING_IDS[i]?.side === 'backend') ? 'backend' : 'frontend';
  // An id only web paths write (the catalogue's); an id it does not know, by its name.
  const webOnly = (i: string) => {
    const t = TIMING_IDS[i];
    return t ? t.paths.length > 0 && t.paths.every((p) => PATHS[p].platform === 'web') : i.includes('.web.');
  };
  return { side, platform: ids.some(webOnly) ? 'web' : 'desktop' };
}
