/** The uploaded files as a run record, so that they pair and compare as a published run's files do. */
import type { RunConfiguration, RunJson } from '../model/runs';
import { UPLOAD_RUN, type UploadResult } from './ingest';

/**
 * The run "uploads" as a run record built from the files loaded so far: one configuration per batch, N and
 * pacing, its files with the path each was recognised as, so that uploads pair and compare as published runs do;
 * a batch declared with the machine it ran on (the Live view's your-run) keeps it as the configuration's environment.
 */
export function uploadRun(results: readonly UploadResult[]): RunJson | null {
  const configs = new Map<string, RunConfiguration>();
  for (const r of results) {
    if (!r.ok) continue;
    let c = configs.get(r.config);
    if (!c) {
      c = { id: r.config, title: `uploaded: ${r.n === null ? 'N ?' : `N = ${r.n}`}, ${r.pacing}`, scenario: 'upload', nodeCount: r.n ?? 0,
        maxDistance: 0, pacing: r.pacing, tickMs: null, timeScale: null, encoding: 'json', files: [] };
      configs.set(r.config, c);
    }
    if (r.environment && !c.environment) c.environment = r.environment;
    for (const side of r.sides) c.files.push({ file: r.file, side, platform: r.platform as 'desktop' | 'web', transport: r.transport });
  }
  if (configs.size === 0) return null;
  return { schemaVersion: 1, id: UPLOAD_RUN, title: 'Uploaded CSVs', kind: 'upload', createdAt: null, commit: null,
    environment: { timerResolutionNs: null }, parameters: {}, configurations: [...configs.values()] };
}

