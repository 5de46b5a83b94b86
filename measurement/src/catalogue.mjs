// The catalogue of what this benchmark measures (docs/measurements.md): the platforms, the paths (one engine reached
// in-process or out-of-process), the timing ids each path's processes write and the figure each id feeds, the
// floors, the encodings and the pacings. Everything else reads it: the benches (file tables, figures, intervals'
// salts), the headline, the dashboard (plots, tables, profiles, decomposition) and the run schema; the `generated`
// suite checks the C# and Kotlin id constants against it. Adding a path, a transport or a floor is one entry here
// plus the host code that writes its files. Pure data and derivations, no I/O: the page imports this module.

/**
 * @typedef {'desktop' | 'web'} PlatformName
 */

/**
 * @typedef {'backend' | 'frontend' | 'floor'} Side
 */

/**
 * @typedef {'e2e' | 'e2eBlock' | 'overhead' | 'compute' | 'call' | 'inPage' | 'send' | 'wait' | 'transport' | 'parse' | 'apply' | 'floor' | 'echoService'} FigureName
 */

/**
 * @typedef {'call' | 'send' | 'wait' | 'parse' | 'apply' | 'frameWait' | 'e2e' | 'e2eBlock'} FrontEndRole
 */

/**
 * @typedef {object} Platform
 * @property {PlatformName} name
 * @property {string} inProcess
 * @property {string} outOfProcess
 */

/**
 * @typedef {object} PathFile
 * @property {string} key
 * @property {string} file
 */

/**
 * @typedef {object} Path
 * @property {string} name
 * @property {PlatformName} platform
 * @property {boolean} inProcess
 * @property {string} label
 * @property {string} legend
 * @property {string} detail
 * @property {string} colour
 * @property {string} symbol
 * @property {number} salt
 * @property {{ backend: PathFile; frontend: PathFile }} files
 * @property {Partial<Record<FrontEndRole, string>>} ids
 * @property {string} floor
 * @property {string} [osFloor] out of process: the OS floor its bytes cross (docs/os-floor.md)
 * @property {Readonly<Record<string, string>>} [backendIds] back-end ids of this path only, by role (SERVER_ECHO_ID)
 * @property {readonly FigureName[]} figures
 */

/**
 * platform null: a floor of the machine, measured on both platforms (the OS floors)
 * @typedef {object} Floor
 * @property {PlatformName | null} platform
 * @property {string | null} path
 * @property {boolean} warmup
 * @property {string} meaning
 */

/**
 * @typedef {object} FigurePart
 * @property {Side} side
 * @property {string} role
 */

/**
 * @typedef {FigurePart & { minus?: FigurePart }} FigureDefinition
 */

/**
 * @typedef {object} TimingId
 * @property {Side} side
 * @property {string[]} paths
 * @property {string[]} figures
 */


/**
 * The two platforms, each with its in-process and out-of-process reference paths (the headline's pair) and the
 * ids its back-ends write (every engine host times its service call and the engine's compute within it).
 * @type {Readonly<Record<PlatformName, Platform>>}
 */
export const PLATFORMS = Object.freeze({
  desktop: Object.freeze({ name: 'desktop', inProcess: 'native', outOfProcess: 'socket' }),
  web: Object.freeze({ name: 'web', inProcess: 'wasm', outOfProcess: 'websocket' }),
});

/**
 * Back-end ids, the same on every path: service call (receive → reply ready) and the engine's step within it.
 * @type {Readonly<{ service: string; compute: string }>}
 */
export const BACKEND_IDS = Object.freeze({ service: 'step.service', compute: 'step.compute' });

/**
 * A back-end id of the out-of-process paths only (PATHS[path].backendIds): a server's service time of the echo op,
 * request in hand → echo written, timed where step.service is (the Node server; the Kotlin servers over TCP and Unix
 * sockets). It is the server's own cost of the same crossing with no step (the reply's socket write, which wakes the
 * client, is most of a short step's service − compute): the floor beside the back-end overhead (docs/os-floor.md,
 * "The server's own floor").
 */
export const SERVER_ECHO_ID = 'echo.service';

/**
 * The OS floors (docs/os-floor.md): the round trip of a 64-byte message between two processes through the kernel or
 * shared memory alone, no runtime of ours, measured by os-floor/ in every bench:desktop and bench:web invocation (on
 * both platforms, in floors.csv).
 * @type {Readonly<{ tcp: string; uds: string; shmSpin: string; shmFutex: string }>}
 */
export const OS_FLOOR_IDS = Object.freeze({
  tcp: 'floor.os.tcp', uds: 'floor.os.uds', shmSpin: 'floor.os.shm.spin', shmFutex: 'floor.os.shm.futex',
});

/**
 * The paths. For each: its platform; whether the engine runs in the front-end's process; how the page names it
 * (label: plot rows and the headline; detail: what it is; legend: the dashboard's series legend); its colour
 * (Okabe–Ito, colour-blind safe) and marker in every plot; the salt of its bootstrap draws (docs/measurements.md,
 * "Intervals": different salts, independent resampling); its files (analysis key and file name of the back-end
 * and front-end CSVs, beside the platform's floors.csv); its front-end timing ids by role; its floor id; out of process, the
 * OS floor its bytes cross (osFloor); and the figures the benches report for it, in their published order
 * (FIGURE_DEFINITIONS).
 */
export const PATHS = /** @type {Readonly<Record<string, Path>>} */ (Object.freeze({
  native: Object.freeze({
    name: 'native', platform: 'desktop', inProcess: true,
    label: 'FFI, in-process', legend: 'native (desktop, in-process)',
    detail: 'the C# front-end calls the Kotlin/Native engine through P/Invoke',
    colour: '#0072B2', symbol: 'circle', salt: 1,
    files: { backend: { key: 'native', file: 'native.csv' }, frontend: { key: 'unityNative', file: 'unity_native.csv' } },
    ids: { call: 'step.native.call', parse: 'step.native.parse', apply: 'step.unity.apply', frameWait: 'step.frame.wait', e2e: 'step.unity.e2e' },
    floor: 'floor.native.noop',
    figures: ['e2e', 'overhead', 'compute', 'call', 'parse', 'apply', 'floor'],
  }),
  socket: Object.freeze({
    name: 'socket', platform: 'desktop', inProcess: false,
    label: 'TCP, out-of-process', legend: 'socket (desktop, out-of-process)',
    detail: 'the C# front-end talks to the Kotlin/JVM server over loopback TCP',
    colour: '#D55E00', symbol: 'square', salt: 2,
    files: { backend: { key: 'socket', file: 'socket.csv' }, frontend: { key: 'unitySocket', file: 'unity_socket.csv' } },
    ids: { send: 'step.socket.send', wait: 'step.socket.wait', parse: 'step.socket.parse', apply: 'step.unity.apply', frameWait: 'step.frame.wait', e2e: 'step.unity.e2e' },
    floor: 'floor.socket.echo', osFloor: OS_FLOOR_IDS.tcp, backendIds: Object.freeze({ echoService: SERVER_ECHO_ID }),
    figures: ['e2e', 'overhead', 'compute', 'send', 'wait', 'transport', 'parse', 'apply', 'floor', 'echoService'],
  }),
  wasm: Object.freeze({
    name: 'wasm', platform: 'web', inProcess: true,
    label: 'Wasm, in-process', legend: 'wasm (web, in-process)',
    detail: 'the page calls the Kotlin/Wasm engine in the same page',
    colour: '#009E73', symbol: 'diamond', salt: 3,
    files: { backend: { key: 'wasm', file: 'wasm.csv' }, frontend: { key: 'webWasm', file: 'web_wasm.csv' } },
    ids: { call: 'step.web.wasm.call', parse: 'step.web.wasm.parse', apply: 'step.web.apply', frameWait: 'step.frame.wait', e2e: 'step.web.e2e', e2eBlock: 'step.web.e2e.block' },
    floor: 'floor.web.wasm.noop',
    figures: ['e2e', 'e2eBlock', 'overhead', 'compute', 'call', 'inPage', 'floor'],
  }),
  websocket: Object.freeze({
    name: 'websocket', platform: 'web', inProcess: false,
    label: 'WebSocket, out-of-process', legend: 'websocket (web, out-of-process)',
    detail: 'the page talks to the Node server (Kotlin/JS engine) over a WebSocket',
    colour: '#CC79A7', symbol: 'triangle-up', salt: 4,
    files: { backend: { key: 'websocket', file: 'websocket.csv' }, frontend: { key: 'webWebsocket', file: 'web_websocket.csv' } },
    ids: { send: 'step.web.ws.send', wait: 'step.web.ws.wait', parse: 'step.web.ws.parse', apply: 'step.web.apply', frameWait: 'step.frame.wait', e2e: 'step.web.e2e' },
    floor: 'floor.web.ws.echo', osFloor: OS_FLOOR_IDS.tcp, backendIds: Object.freeze({ echoService: SERVER_ECHO_ID }),
    figures: ['e2e', 'overhead', 'compute', 'send', 'wait', 'transport', 'floor', 'echoService'],
  }),
}));

/**
 * The OS floor each out-of-process path stands on: both the desktop socket and the WebSocket cross loopback TCP.
 * @type {Readonly<Record<string, string>>}
 */
export const OS_FLOOR_OF_PATH = Object.freeze(Object.fromEntries(Object.values(PATHS).filter((p) => p.osFloor).map((p) => [p.name, p.osFloor])));

/**
 * Path names in display order: by platform, in-process first.
 * @type {readonly string[]}
 */
export const PATH_ORDER = Object.freeze(Object.keys(PATHS));

/**
 * The file every configuration keeps its floors in (all of a platform's floors, one file), and its analysis key.
 * @type {Readonly<PathFile>}
 */
export const FLOORS_FILE = Object.freeze({ key: 'floors', file: 'floors.csv' });

/**
 * The floors: the cheapest possible crossing of a path's boundary, measured beside it (docs/measurements.md,
 * "Floors"). `path`: the path whose boundary it bounds; `warmup`: whether the analysis drops its warm-up like a
 * step series (the web measures its floors after the steps' warm-up, so keeps them whole). A floor of the
 * machine rather than of one path (path null) is measured on its platform beside every path.
 * @type {Readonly<Record<string, Floor>>}
 */
export const FLOORS = Object.freeze({
  'floor.native.noop': Object.freeze({ platform: 'desktop', path: 'native', warmup: true, meaning: 'P/Invoke of the no-op export (per call, averaged over a batch)' }),
  'floor.socket.echo': Object.freeze({ platform: 'desktop', path: 'socket', warmup: true, meaning: "loopback round trip of one JSON line against the server's echo op" }),
  'floor.web.wasm.noop': Object.freeze({ platform: 'web', path: 'wasm', warmup: false, meaning: "JS → Wasm call of the facade's no-op export" }),
  'floor.web.ws.echo': Object.freeze({ platform: 'web', path: 'websocket', warmup: false, meaning: "WebSocket round trip of one small message against the server's echo op" }),
  // The machine's floors (platform null: measured on both; the web bench leaves their warm-up out of its floors.csv).
  [OS_FLOOR_IDS.tcp]: Object.freeze({ platform: null, path: null, warmup: true, meaning: 'C program: loopback TCP round trip of 64 bytes between two processes' }),
  [OS_FLOOR_IDS.uds]: Object.freeze({ platform: null, path: null, warmup: true, meaning: 'C program: the same over a Unix domain stream socket' }),
  [OS_FLOOR_IDS.shmSpin]: Object.freeze({ platform: null, path: null, warmup: true, meaning: 'C program: the same through shared memory, both sides spinning (mean of 100 round trips per sample)' }),
  [OS_FLOOR_IDS.shmFutex]: Object.freeze({ platform: null, path: null, warmup: true, meaning: 'C program: the same through shared memory, both sides sleeping in a futex' }),
});

/**
 * Whether a platform's floors keep their warm-up samples (all of one platform's floors are measured alike).
 * @param {string} platform
 * @returns {boolean}
 */
export const floorsKeepWarmup = (platform) => Object.values(FLOORS).some((f) => f.platform === platform && !f.warmup);

/**
 * How a path's figures come from its series (docs/measurements.md, "Timing ids"): `id` (a role in the path's ids, a
 * back-end id, or 'floor') read on `side`, minus another series paired by order when `minus` is given.
 * @type {Readonly<Record<FigureName, FigureDefinition>>}
 */
export const FIGURE_DEFINITIONS = Object.freeze({
  e2e: { side: 'frontend', role: 'e2e' },
  e2eBlock: { side: 'frontend', role: 'e2eBlock' },
  overhead: { side: 'backend', role: 'service', minus: { side: 'backend', role: 'compute' } },
  compute: { side: 'backend', role: 'compute' },
  call: { side: 'frontend', role: 'call' },
  inPage: { side: 'frontend', role: 'call', minus: { side: 'backend', role: 'compute' } },
  send: { side: 'frontend', role: 'send' },
  wait: { side: 'frontend', role: 'wait' },
  transport: { side: 'frontend', role: 'wait', minus: { side: 'backend', role: 'service' } },
  parse: { side: 'frontend', role: 'parse' },
  apply: { side: 'frontend', role: 'apply' },
  floor: { side: 'floor', role: 'floor' },
  echoService: { side: 'backend', role: 'echoService' },
});

/**
 * The timing id a figure part reads on a path: a back-end role, 'floor', or one of the path's front-end roles.
 * @param {string} path
 * @param {FigurePart} part
 * @returns {string | undefined}
 */
export const idOf = (path, { side, role }) => (side === 'backend' ? BACKEND_IDS[role] ?? PATHS[path].backendIds?.[role]
  : side === 'floor' ? PATHS[path].floor : PATHS[path].ids[role]);

/**
 * The analysis key of the file a figure part reads on a path.
 * @param {string} path
 * @param {Side} side
 * @returns {string}
 */
export const fileKeyOf = (path, side) => (side === 'floor' ? FLOORS_FILE.key : PATHS[path].files[side].key);

/**
 * Every timing id, what writes it and what it feeds: id → { side: backend | frontend | floor, paths: [path],
 * figures: [figure] } (figures: the figures of FIGURE_DEFINITIONS that read it on at least one path; the
 * decomposition's frame/tick wait reads step.frame.wait).
 * @type {Readonly<Record<string, TimingId>>}
 */
export const TIMING_IDS = Object.freeze(deriveTimingIds());

function deriveTimingIds() {
  const out = {};
  const add = (id, side, path, figures) => {
    const e = (out[id] ??= { side, paths: [], figures: [] });
    if (!e.paths.includes(path)) e.paths.push(path);
    for (const f of figures) if (!e.figures.includes(f)) e.figures.push(f);
  };
  for (const [name, p] of Object.entries(PATHS)) {
    const reading = (side, role) => p.figures.filter((f) => {
      const d = FIGURE_DEFINITIONS[f];
      return (d.side === side && d.role === role) || (d.minus?.side === side && d.minus.role === role);
    });
    for (const role of Object.keys(BACKEND_IDS)) add(BACKEND_IDS[role], 'backend', name, reading('backend', role));
    for (const [role, id] of Object.entries(p.backendIds ?? {})) add(id, 'backend', name, reading('backend', role));
    for (const [role, id] of Object.entries(p.ids)) add(id, 'frontend', name, role === 'frameWait' ? ['frame/tick wait'] : reading('frontend', role));
    add(p.floor, 'floor', name, reading('floor', 'floor'));
  }
  for (const [id, f] of Object.entries(FLOORS)) if (!out[id]) out[id] = { side: 'floor', paths: f.path ? [f.path] : [], figures: [] };
  return out;
}

/**
 * The file table of a platform: [analysis key, file name, side, path (null: the floors)], back-ends, front-ends, floors.
 * @param {string} platform
 * @returns {[string, string, Side, string | null][]}
 */
export function filesOf(platform) {
  const paths = Object.values(PATHS).filter((p) => p.platform === platform);
  return /** @type {[string, string, Side, string | null][]} */ ([
    ...paths.map((p) => [p.files.backend.key, p.files.backend.file, 'backend', p.name]),
    ...paths.map((p) => [p.files.frontend.key, p.files.frontend.file, 'frontend', p.name]),
    [FLOORS_FILE.key, FLOORS_FILE.file, 'floor', null],
  ]);
}

/**
 * The paths of a platform, in-process first.
 * @param {string} platform
 * @returns {string[]}
 */
export const pathsOf = (platform) => PATH_ORDER.filter((p) => PATHS[p].platform === platform);

/**
 * Salt of each path's bootstrap draws, and of bench:engine's engine-only targets (the engine called directly, no
 * front-end).
 * @type {Readonly<Record<string, number>>}
 */
export const PATH_SALT = Object.freeze({
  ...Object.fromEntries(Object.values(PATHS).map((p) => [p.name, p.salt])),
  jvm: 5, js: 6, 'wasm-engine': 7, 'native-engine': 8,
});

/**
 * The state encodings of the out-of-process protocol (docs/protocol.md); json is the reference encoding.
 * @type {Readonly<Record<PlatformName, readonly string[]>>}
 */
export const ENCODINGS = Object.freeze({
  desktop: Object.freeze(['json', 'batched', 'binary']),
  web: Object.freeze(['json', 'json-split', 'batched', 'binary', 'binary-step']),
});

/**
 * What can carry the desktop's out-of-process path (docs/protocol.md, "Transports"): tcp is the reference protocol's
 * loopback TCP; uds a Unix domain socket with the same framing; shm shared memory with a wake-up socket. One
 * bench:desktop configuration per transport (`--transports`), its id suffixed unless tcp, recorded in run.json as
 * `outOfProcessTransport`; all of them write the socket path's files and ids.
 * @type {readonly string[]}
 */
export const DESKTOP_TRANSPORTS = Object.freeze(['tcp', 'uds', 'shm']);

/** The reference method's warm-up: samples dropped per id (docs/measurements.md, "Warm-up"). */
export const REFERENCE_WARMUP = 30;
/**
 * The warm-up a run was made with (run.json `parameters.warmup`; runs that do not record it used the reference's).
 * @param {{ parameters?: { warmup?: number } } | null | undefined} run
 * @returns {number}
 */
export const warmupOfRun = (run) => run?.parameters?.warmup ?? REFERENCE_WARMUP;

/** The reference transport (the canonical configuration's; ids unsuffixed). */
export const REFERENCE_DESKTOP_TRANSPORT = 'tcp';

/**
 * Which process serves the desktop's out-of-process path (docs/protocol.md, "Servers"), with the transports each
 * serves: the JVM server (the reference design's, every transport) and the Kotlin/Native shared-memory server (the
 * same engine as the in-process FFI library, so the comparison isolates the process boundary). One bench:desktop
 * configuration per server and transport it serves (`--servers`), its id suffixed `-native` for the native server,
 * recorded in run.json as `outOfProcessServer`.
 */
export const DESKTOP_SERVERS = Object.freeze({ jvm: Object.freeze(['tcp', 'uds', 'shm']), native: Object.freeze(['shm']) });

/** The reference server (the canonical configuration's; ids unsuffixed). */
export const REFERENCE_DESKTOP_SERVER = 'jvm';

/**
 * The OS floor each desktop transport's bytes cross (docs/os-floor.md): TCP and Unix sockets their C round trips;
 * shared memory the spinning C channel when its sides spin before they block (the default), the futex one when not.
 * @param {string | null | undefined} transport
 * @param {boolean} [spinning]
 * @returns {string}
 */
export function osFloorOfTransport(transport, spinning = true) {
  if (transport === 'uds') return OS_FLOOR_IDS.uds;
  if (transport === 'shm') return spinning ? OS_FLOOR_IDS.shmSpin : OS_FLOOR_IDS.shmFutex;
  return OS_FLOOR_IDS.tcp;
}

/**
 * The aggregate programs every path runs (docs/programs.md; the engine's registry is collektive.programs.Programs in
 * common Kotlin, which parses the specs): a spec is `name` or `name:key=value,...`. The reference program is the
 * Euclidean gradient; a configuration of another program has its id suffixed `-<name>` and records `program` in
 * run.json. `output`: what the value each device reports means, for the scene's colours and the dashboard.
 * @type {Readonly<Record<string, Readonly<{ name: string; output: 'distance' | 'id' | 'count' | 'boolean'; label: string }>>>}
 */
export const PROGRAMS = Object.freeze({
  euclidean: Object.freeze({ name: 'euclidean', output: 'distance', label: 'gradient (Euclidean)' }),
  hop: Object.freeze({ name: 'hop', output: 'distance', label: 'gradient (hops)' }),
  gossipMax: Object.freeze({ name: 'gossipMax', output: 'id', label: 'gossip of the largest id' }),
  boundedElection: Object.freeze({ name: 'boundedElection', output: 'id', label: 'bounded leader election' }),
  countDevices: Object.freeze({ name: 'countDevices', output: 'count', label: 'collection: count devices' }),
  channel: Object.freeze({ name: 'channel', output: 'boolean', label: 'channel source → destination' }),
  neighborCounter: Object.freeze({ name: 'neighborCounter', output: 'count', label: 'neighbour counter' }),
  sourceNeighbors: Object.freeze({ name: 'sourceNeighbors', output: 'count', label: 'source neighbours (the worked example)' }),
});

/** The reference program: the one the reference protocol and every published run before programs ran. */
export const REFERENCE_PROGRAM = 'euclidean';

/**
 * A program spec's name (`channel:destination=9` → `channel`); the reference program for none.
 * @param {string | null | undefined} spec
 * @returns {string}
 */
export const programName = (spec) => (spec ? String(spec).split(':')[0] : REFERENCE_PROGRAM);

/**
 * Whether a spec asks for the reference program exactly (no spec, or its bare name: nothing extra on the wire).
 * @param {string | null | undefined} spec
 * @returns {boolean}
 */
export const isReferenceProgram = (spec) => !spec || String(spec) === REFERENCE_PROGRAM;

/**
 * The engine work knob (docs/programs.md, "Work"): every program spec takes `work=W`, W ns of extra CPU work per
 * device and round (0..1 000 000; at most 100 ms a round of all devices). Benches list levels with `--work`.
 */
const MAX_WORK_NS = 1_000_000;

/**
 * `--work 0,1000,16500`: the levels as numbers, or a message naming the bad one.
 * @param {string | undefined} text
 * @returns {{ levels?: number[]; error?: string }}
 */
export function parseWorkLevels(text) {
  const parts = String(text ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  if (!parts.length) return { error: '--work must list at least one level (ns per device and round), e.g. 0,16500' };
  const levels = [];
  for (const p of parts) {
    const w = Number(p);
    if (!/^[0-9.eE+]+$/.test(p) || !Number.isFinite(w) || w < 0 || w > MAX_WORK_NS) {
      return { error: `--work levels are ns per device and round in 0..${MAX_WORK_NS}, got "${p}"` };
    }
    if (!levels.includes(w)) levels.push(w);
  }
  return { levels };
}

/**
 * Each spec at each work level: one spec per (spec, level) in that order; level 0 leaves the spec as it is.
 * @param {string[]} specs
 * @param {number[]} levels
 * @returns {string[]}
 */
export const withWorkLevels = (specs, levels) => specs.flatMap((spec) => levels.map((w) => (w === 0
  ? spec : `${spec}${String(spec).includes(':') ? ',' : ':'}work=${w}`)));

/**
 * The work level of a spec (ns per device and round; 0 without `work=`).
 * @param {string | null | undefined} spec
 * @returns {number}
 */
export function workOfSpec(spec) {
  const m = /[:,]\s*work\s*=\s*([^,]+)/i.exec(String(spec ?? ''));
  return m ? Number(m[1]) : 0;
}

/**
 * A configuration id's program suffix: none for the reference program, else `-<spec>` with its parameters folded in.
 * @param {string | null | undefined} spec
 * @returns {string}
 */
export const programSuffix = (spec) => (isReferenceProgram(spec)
  ? '' : `-${String(spec).replace(/[:=,]+/g, '-').replace(/[^A-Za-z0-9.-]/g, '')}`);

/**
 * The pacings (docs/measurements.md, "run.json"): free (the next step as soon as the last is applied), fixed (a
 * fixed-update tick at a time scale, the reference study's socket scene), frame (one step per rendered frame, or on
 * the desktop per tick, awaited within it: both paths paced alike).
 * @type {readonly string[]}
 */
const PACINGS = Object.freeze(['free', 'fixed', 'frame']);

/**
 * Real-time period (ms) at which a configuration's front-end picks up results; null under free pacing.
 * @param {{ pacing: string; tickMs: number | null; timeScale: number | null }} c
 * @returns {number | null}
 */
export function pacingPeriodMs({ pacing, tickMs, timeScale }) {
  if (pacing === 'fixed' && tickMs) return tickMs / (timeScale || 1);
  if (pacing === 'frame') return tickMs ? tickMs / (timeScale || 1) : 1000 / 60; // the page's frames: 60 Hz
  return null;
}

/**
 * The run schema's lists that name the catalogue's entries (measurement/schema/run.schema.json, rewritten from these
 * by `npm run schema` and checked by the `generated` suite): JSON pointer of each enum → its values.
 * @type {Readonly<Record<string, (string | null)[]>>}
 */
export const SCHEMA_ENUMS = Object.freeze({
  '/definitions/configuration/properties/pacing/enum': [...PACINGS],
  '/definitions/configuration/properties/encoding/enum': [...new Set([...ENCODINGS.web, ...ENCODINGS.desktop])],
  '/definitions/configuration/properties/outOfProcessTransport/enum': [...DESKTOP_TRANSPORTS],
  '/definitions/configuration/properties/outOfProcessServer/enum': Object.keys(DESKTOP_SERVERS),
  '/definitions/file/properties/platform/enum': Object.keys(PLATFORMS),
  '/definitions/file/properties/transport/enum': [...PATH_ORDER, null],
  '/definitions/invocation/properties/order/items/enum': [...PATH_ORDER],
});
