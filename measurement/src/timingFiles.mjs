// Timing CSV files on disk (Node only): reading one, and merging a desktop configuration's repetition folders into
// its reference-named files (docs/measurements.md, "Invocations"; merge.mjs). The pure parsing and analysis are in
// timingCsv.mjs and analysis.mjs, which the dashboard's page imports too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTimingCsv } from './analysis.mjs';
import { DESKTOP_FILES } from './assemble.mjs';
import { mergeInvocations, timingCsv } from './merge.mjs';

/** Reads and parses a `t_ns,id,duration_ns` file (errors name the path and line). */
export const readTimingCsv = (path) => parseTimingCsv(readFileSync(path, 'utf8'), path);

/**
 * Merges the repetitions of configuration `configId` into `<runDir>/<configId>/<file>` and returns
 * { merged: { key: rows }, files: run.json file entries, record: one entry per repetition, parsed: per repetition
 * { files: { key: rows } } (each file it wrote, parsed once: the shape configurationIntervals reads) }.
 * `repetitions`: [{ dir (relative to runDir), order, offsetsNs: { 'native.csv': ns, … }, paths? }] in run order, where
 * offsetsNs gives, per file the repetition wrote, when the clock its t_ns counts from started, on the bench's clock;
 * a file without an offset was not written. A file kind is merged only when every repetition wrote it.
 */
export function mergeRepetitions(runDir, configId, repetitions, { warmup }) {
  const parsed = repetitions.map((rep) => ({
    files: Object.fromEntries(DESKTOP_FILES.filter(([, name]) => rep.offsetsNs[name] !== undefined && rep.offsetsNs[name] !== null)
      .map(([key, name]) => {
        const path = join(runDir, rep.dir, name);
        if (!existsSync(path)) throw new Error(`${rep.dir}/${name} is missing (its offset is recorded)`);
        return [key, readTimingCsv(path)];
      })),
  }));
  const merged = {};
  const files = [];
  for (const [key, name, side, transport] of DESKTOP_FILES) {
    if (parsed.some((p) => !p.files[key])) continue;
    merged[key] = mergeInvocations(parsed.map((p, k) => ({ rows: p.files[key], offsetNs: repetitions[k].offsetsNs[name] })), () => warmup);
    writeFileSync(join(runDir, configId, name), timingCsv(merged[key]));
    files.push({ file: `${configId}/${name}`, side, platform: 'desktop', transport });
  }
  const record = repetitions.map((rep, k) => ({
    index: k, dir: rep.dir, order: rep.order,
    files: DESKTOP_FILES.filter(([key]) => parsed[k].files[key])
      .map(([, name, side, transport]) => ({ file: `${rep.dir}/${name}`, side, platform: 'desktop', transport })),
    ...(rep.paths ? { paths: rep.paths } : {}),
    ...(rep.calibration ? { calibration: rep.calibration } : {}),
  }));
  return { merged, files, record, parsed };
}
