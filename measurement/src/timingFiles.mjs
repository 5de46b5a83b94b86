// Timing CSV files on disk (Node only): reading one, and merging a desktop configuration's invocation folders into
// its reference-named files (docs/measurements.md, "Invocations"; merge.mjs). The pure parsing and analysis are in
// timingCsv.mjs and analysis.mjs, which the dashboard's page imports too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTimingCsvText } from './analysis.mjs';
import { DESKTOP_FILES } from './assemble.mjs';
import { mergeInvocations, timingCsv } from './merge.mjs';

/** Reads and parses a `t_ns,id,duration_ns` file (errors name the path and line). */
export const readTimingCsv = (path) => parseTimingCsvText(readFileSync(path, 'utf8'), path);

/**
 * Merges the invocation folders of configuration `configId` (bench:desktop's invocations, or bench:unity's blocks of
 * one Editor process) into `<runDir>/<configId>/<file>` and returns { merged: { key: rows }, files: run.json file
 * entries, record: one entry per invocation, parsed: per invocation { files: { key: rows } } (each file it wrote,
 * parsed once: the shape configurationIntervals reads) }. `invocations`: [{ dir (relative to runDir), order,
 * offsetsNs: { 'native.csv': ns, … }, paths? }] in run order, where offsetsNs gives, per file the invocation wrote,
 * when the clock its t_ns counts from started, on the bench's clock; a file without an offset was not written. A file
 * kind is merged only when every invocation wrote it.
 */
export function mergeInvocationFiles(runDir, configId, invocations, { warmup }) {
  const parsed = invocations.map((inv) => ({
    files: Object.fromEntries(DESKTOP_FILES.filter(([, name]) => inv.offsetsNs[name] !== undefined && inv.offsetsNs[name] !== null)
      .map(([key, name]) => {
        const path = join(runDir, inv.dir, name);
        if (!existsSync(path)) throw new Error(`${inv.dir}/${name} is missing (its offset is recorded)`);
        return [key, readTimingCsv(path)];
      })),
  }));
  const merged = {};
  const files = [];
  for (const [key, name, side, transport] of DESKTOP_FILES) {
    if (parsed.some((p) => !p.files[key])) continue;
    merged[key] = mergeInvocations(parsed.map((p, k) => ({ rows: p.files[key], offsetNs: invocations[k].offsetsNs[name] })), () => warmup);
    writeFileSync(join(runDir, configId, name), timingCsv(merged[key]));
    files.push({ file: `${configId}/${name}`, side, platform: 'desktop', transport });
  }
  const record = invocations.map((inv, k) => ({
    index: k, dir: inv.dir, order: inv.order,
    files: DESKTOP_FILES.filter(([key]) => parsed[k].files[key])
      .map(([, name, side, transport]) => ({ file: `${inv.dir}/${name}`, side, platform: 'desktop', transport })),
    ...(inv.paths ? { paths: inv.paths } : {}),
    ...(inv.calibration ? { calibration: inv.calibration } : {}),
  }));
  return { merged, files, record, parsed };
}
