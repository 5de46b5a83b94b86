// Run ids (docs/measurements.md): unique per run, so a second run in the same minute never meets the first's folder.
import { randomBytes } from 'node:crypto';

/** `<date>-<kind>-<commit7>-<HHMMSS>-<4 hex>`, e.g. 2026-11-24-desktop-93fee03-154210-3fa2. */
export function uniqueRunId(kind, commit, createdAt = new Date().toISOString()) {
  const time = createdAt.slice(11, 19).replace(/:/g, '');
  return `${createdAt.slice(0, 10)}-${kind}-${(commit ?? 'nocommit').slice(0, 7)}-${time}-${randomBytes(2).toString('hex')}`;
}
