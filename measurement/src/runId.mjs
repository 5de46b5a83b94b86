// Run ids (docs/measurements.md): unique per run, so a second run in the same minute never meets the first's folder.

/** Four random hex digits (Web Crypto, global in Node and the browser). */
const hex4 = () => globalThis.crypto.getRandomValues(new Uint16Array(1))[0].toString(16).padStart(4, '0');

/** `<date>-<kind>-<commit7>-<HHMMSS>-<4 hex>`, e.g. 2026-11-24-desktop-93fee03-154210-3fa2. */
export function uniqueRunId(kind, commit, createdAt = new Date().toISOString()) {
  const time = createdAt.slice(11, 19).replace(/:/g, '');
  return `${createdAt.slice(0, 10)}-${kind}-${(commit ?? 'nocommit').slice(0, 7)}-${time}-${hex4()}`;
}
