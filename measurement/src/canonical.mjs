// The configurations every view opens on (docs/measurements.md, "Invocations"): per platform, the newest run with
// independent invocations, else the first in manifest order, with an N = 10 free-paced configuration of that
// platform (its default encoding and the server's default spin). Shared by the dashboard (dashboard/src/model/canonical.ts) and the headline
// (measurement/src/headlineFiles.mjs), so both open on the same runs.

import { REFERENCE_DESKTOP_SERVER, REFERENCE_DESKTOP_TRANSPORT, REFERENCE_PROGRAM, isReferenceProgram } from './catalogue.mjs';

/**
 * @typedef {object} ConfigLike
 * @property {string} id
 * @property {number} nodeCount
 * @property {string} pacing
 * @property {string | null} [encoding]
 * @property {string | null} [outOfProcessTransport]
 * @property {string | null} [outOfProcessServer]
 * @property {{ platform: string; side: string }[]} files
 * @property {unknown[] | null} [invocations]
 * @property {number | number[] | null} [serverSpinMicros]
 * @property {string | null} [driver]
 * @property {string | null} [program]
 */

/**
 * @typedef {object} RunLike
 * @property {string} id
 * @property {string} [kind]
 * @property {string | null} [createdAt]
 * @property {ConfigLike[]} configurations
 */

export const CANONICAL_N = 10;
export const CANONICAL_PACING = 'free';

/**
 * Does configuration `c` run the reference program (docs/programs.md)? Only those can be canonical.
 * @param {Pick<ConfigLike, 'program'>} c
 * @returns {boolean}
 */
const runsReferenceProgram = (c) => isReferenceProgram(c.program);

/**
 * Does configuration `c` run `program` (a spec as run.json records it; null or the reference name: the reference
 * program)? The dashboard's views open on the canonical configurations of the program chosen (`program=`).
 * @param {Pick<ConfigLike, 'program'>} c
 * @param {string | null} [program]
 * @returns {boolean}
 */
export const runsProgram = (c, program = null) => (isReferenceProgram(program) ? runsReferenceProgram(c) : (c.program ?? REFERENCE_PROGRAM) === program);

/**
 * Does configuration `c` have files of platform `p` other than floors?
 * @param {ConfigLike} c
 * @param {string} p
 * @returns {boolean}
 */
export const hasPlatform = (c, p) => c.files.some((f) => f.platform === p && f.side !== 'floor');

/**
 * Among equivalent configurations, the default encoding (json, the reference protocol) before variants.
 * @param {ConfigLike} c
 * @returns {number}
 */
export const encodingRank = (c) => (c.encoding === 'json' || c.encoding === 'binary' && !c.id.includes('binary') ? 0 : 1);

/** The JVM server's default --spin-us (docs/profiles.md); a run comparing spins (bench:desktop --server-spin-us 0,50) opens on it. */
const DEFAULT_SERVER_SPIN_US = 50;

/** bench:web's default driver (docs/measurements.md, "Drivers"); a run comparing drivers (--driver playwright,cdp) opens on it. */
export const DEFAULT_WEB_DRIVER = 'cdp';

/**
 * Among a run's equivalent configurations: the reference server (JVM), then the reference transport (tcp), then the default encoding, then the server's default spin, then the default driver.
 * @param {ConfigLike} c
 * @returns {number}
 */
export const variantRank = (c) => 16 * ((c.outOfProcessServer ?? REFERENCE_DESKTOP_SERVER) === REFERENCE_DESKTOP_SERVER ? 0 : 1) + 8 * ((c.outOfProcessTransport ?? REFERENCE_DESKTOP_TRANSPORT) === REFERENCE_DESKTOP_TRANSPORT ? 0 : 1) + 4 * encodingRank(c) + 2 * ((c.serverSpinMicros ?? DEFAULT_SERVER_SPIN_US) === DEFAULT_SERVER_SPIN_US ? 0 : 1)
  + ((c.driver ?? DEFAULT_WEB_DRIVER) === DEFAULT_WEB_DRIVER ? 0 : 1);

/**
 * Runs with invocations first, newest first among them; the others in manifest order.
 * @template {RunLike} R
 * @param {readonly R[]} runs
 * @returns {R[]}
 */
export function byPreference(runs) {
  const repeated = (r) => r.configurations.some((c) => (c.invocations?.length ?? 0) > 1);
  return [...runs.filter(repeated).sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))), ...runs.filter((r) => !repeated(r))];
}

/**
 * Per platform (desktop, then web) the canonical { platform, run, config } (run and config: the run.json objects), of
 * the reference program or of `program`.
 * @template {RunLike} R
 * @param {readonly R[]} runs
 * @param {string | null} [program]
 * @returns {{ platform: 'desktop' | 'web'; run: R; config: R['configurations'][number] }[]}
 */
export function canonicalPicks(runs, program = null) {
  const out = [];
  for (const platform of /** @type {const} */ (['desktop', 'web'])) {
    // Network runs shape the transport on purpose (docs/network.md): never the canonical loopback figure.
    for (const run of byPreference(runs.filter((r) => r.kind !== 'network'))) {
      const cs = run.configurations.filter((c) => c.nodeCount === CANONICAL_N && c.pacing === CANONICAL_PACING && hasPlatform(c, platform) && runsProgram(c, program))
        .sort((a, b) => variantRank(a) - variantRank(b));
      if (cs.length) { out.push({ platform, run, config: cs[0] }); break; }
    }
  }
  return out;
}
