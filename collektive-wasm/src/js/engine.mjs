// The engine facade for the browser and Node: one interface (EngineFacade, the typedef below, and
// collektive-wasm/README.md) over the Kotlin/Wasm build (build/wasm/) and the Kotlin/JS build (build/js/) of the
// same Kotlin facade source. Hides how bulk data crosses: Wasm copies through linear memory inside the call
// (host callbacks below), JS passes typed arrays as they are. Errors become JS `Error`s with the engine's message.

export { decodeStateBuffer } from './state.mjs';

/** @typedef {import('./state.mjs').EngineState} EngineState */

/**
 * Aggregate program every device runs: a spec (`name` or `name:key=value,...`, names ignore case: `euclidean`,
 * `hop`, `gossipMax`, `boundedElection:bound=3`, `countDevices`, `channel:destination=9,width=1`,
 * `neighborCounter`, see docs/programs.md) or an index into the registry's order.
 * @typedef {string | number} Program
 */

/**
 * One loaded engine module. Engines are addressed by integer handles. Every method throws an `Error` carrying the
 * engine's message (naming the argument and the value) on bad input or an unknown handle; none leaves the
 * engine half-updated.
 * @typedef {object} EngineFacade
 * @property {'wasm' | 'js'} kind Which build is behind the facade.
 * @property {() => void} noop Does nothing: the floor of one JS → engine call.
 * @property {(nodeCount: number, maxDistance: number, program?: Program) => number} create A new engine of `nodeCount` devices at (0, 0, 0), neighbour radius `maxDistance`; returns its handle.
 * @property {(handle: number) => void} destroy
 * @property {(spec: string, nodeCount: number) => string | null} checkProgram null when `spec` names a program an engine of `nodeCount` devices can run, else the engine's reason.
 * @property {() => string[]} programs The registered program names, in registry order.
 * @property {() => number} liveCount Number of live engines.
 * @property {(handle: number) => number} nodeCount
 * @property {(handle: number) => number} roundsRun
 * @property {(handle: number, node: number, isSource?: boolean) => void} setSource
 * @property {(handle: number, node: number) => boolean} isSource
 * @property {(handle: number) => void} clearSources
 * @property {(handle: number) => number} maxDistance
 * @property {(handle: number, maxDistance: number) => void} setMaxDistance Applies from the next round.
 * @property {(handle: number, maxLinks: number) => void} setMaxLinks Link budget of each round: a round with more neighbour links fails (error, engine unchanged) before allocating.
 * @property {(handle: number, node: number, x: number, y: number, z: number) => void} updatePosition
 * @property {(handle: number, xyz: Float64Array | ArrayLike<number>) => void} updatePositions All devices in one call: x0 y0 z0 x1 … (3 × nodeCount finite numbers).
 * @property {(handle: number, rounds?: number) => void} step Runs `rounds` (default 1) aggregate rounds; timed (step.service, step.compute).
 * @property {(handle: number, rounds?: number) => EngineState} stepAndGetState Runs `rounds` (default 1) rounds and returns the state; timed.
 * @property {(handle: number) => EngineState} state The state of the last round (no step, not timed).
 * @property {(handle: number, rounds?: number) => Uint8Array} stepAndGetStateBuffer Runs `rounds` rounds and returns the binary state buffer of docs/reference-study.md (LE: int32 n, per node f64 value, int32 k, k × int32).
 * @property {(handle: number) => Uint8Array} stateBuffer The binary state buffer of the last round (no step, not timed).
 * @property {(handle: number, node: number) => number} value
 * @property {(handle: number, node: number) => Int32Array} neighbors
 * @property {(nodeCount: number, seed: number, meanDegree?: number, maxDistance?: number) => Float64Array} randomPositions Seeded random layout of the scalable scenario (same bits on every build).
 * @property {(nodeCount?: number, maxDistance?: number) => Float64Array} referencePositions The reference study's BFS-tree layout.
 * @property {() => string} timingsCsv Back-end timings kept in memory as CSV `t_ns,id,duration_ns` (ids step.service, step.compute).
 * @property {() => number} timingCount
 * @property {() => void} clearTimings
 * @property {(enabled: boolean) => void} setTimingEnabled
 */

/**
 * The generated Kotlin/Wasm loader module (`collektive-wasm.uninstantiated.mjs`).
 * @typedef {object} WasmLoaderModule
 * @property {(imports?: {}, runInitializer?: boolean) => Promise<{ instance?: WebAssembly.Instance; exports: any }>} instantiate
 */

const defaultWasmUrl = () => new URL('../../build/wasm/collektive-wasm.wasm', import.meta.url);
const defaultJsUrl = () => new URL('../../build/js/collektive-wasm.mjs', import.meta.url);
const isNode = typeof process !== 'undefined' && process.release?.name === 'node';

/** Resolves a URL, a URL string or (Node) a file path to an importable URL string. */
async function toUrl(location) {
  if (location instanceof URL) return location.href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(location)) return location; // already a URL (file:, http:, blob:, …)
  if (isNode) {
    const { pathToFileURL } = await import('node:url');
    return pathToFileURL(location).href;
  }
  return new URL(location, globalThis.location?.href).href;
}


const asFloat64 = (xyz) => (xyz instanceof Float64Array ? xyz : Float64Array.from(xyz));

/**
 * Loads the Kotlin/Wasm build. `wasmUrlOrPath` is the optimized `.wasm` (URL, URL string or Node path), whose
 * loader `<name>.uninstantiated.mjs` must sit beside it (the build puts them together); or the loader module
 * itself (`{ instantiate }`, e.g. `import * as loader from '…/collektive-wasm.uninstantiated.mjs'` in a bundled
 * app). Needs WasmGC and exception handling: Chromium, Node >= 22.
 * @param {string | URL | WasmLoaderModule} [wasmUrlOrPath]
 * @returns {Promise<EngineFacade>}
 */
export async function loadWasmEngine(wasmUrlOrPath = defaultWasmUrl()) {
  let instantiate;
  if (typeof wasmUrlOrPath === 'object' && !(wasmUrlOrPath instanceof URL)) {
    // A loader module imported by the caller (e.g. bundled by Vite, which then also emits the .wasm it references).
    ({ instantiate } = wasmUrlOrPath);
  } else {
    const wasmUrl = await toUrl(wasmUrlOrPath);
    const loaderUrl = wasmUrl.replace(/\.wasm(\?.*)?$/, '.uninstantiated.mjs$1');
    if (loaderUrl === wasmUrl) throw new Error(`not a .wasm URL: ${wasmUrl}`);
    ({ instantiate } = await import(/* @vite-ignore */ loaderUrl));
  }
  const { exports: k } = await instantiate({}, true);
  const memory = k.memory;
  let pending = null; // input handed to the next fill()
  let result = null; // output of the last state()/bytes()/ints()
  k.setHost({
    fill(addr, count) { new Float64Array(memory.buffer, addr, count).set(pending); },
    state(addr, n, count) {
      const copy = new Uint8Array(memory.buffer, addr, 8 * n + 4 * (n + 1) + 4 * count).slice().buffer;
      result = {
        nodeCount: n,
        values: new Float64Array(copy, 0, n),
        neighborOffsets: new Int32Array(copy, 8 * n, n + 1),
        neighborIds: new Int32Array(copy, 8 * n + 4 * (n + 1), count),
      };
    },
    bytes(addr, length) { result = new Uint8Array(memory.buffer, addr, length).slice(); },
    ints(addr, count) { result = new Int32Array(memory.buffer, addr, count).slice(); },
    doubles(addr, count) { result = new Float64Array(memory.buffer, addr, count).slice(); },
  });
  const take = () => { const r = result; result = null; return r; };
  const check = (status) => { if (status < 0) throw new Error(k.lastError()); return status; };
  return facade('wasm', k, check, {
    updatePositions(h, xyz) {
      pending = asFloat64(xyz);
      try { check(k.updatePositions(h, pending.length)); } finally { pending = null; }
    },
    stepAndGetState(h, rounds = 1) { check(k.stepAndGetState(h, rounds)); return take(); },
    stepAndGetStateBuffer(h, rounds = 1) { check(k.stepAndGetStateBuffer(h, rounds)); return take(); },
    neighbors(h, node) { check(k.neighbors(h, node)); return take(); },
    randomPositions(n, seed, meanDegree = 8, maxDistance = 3) {
      check(k.randomPositions(n, seed, meanDegree, maxDistance)); return take();
    },
    referencePositions(n = 10, maxDistance = 3) { check(k.referencePositions(n, maxDistance)); return take(); },
  });
}

/**
 * Loads the Kotlin/JS build (an ES module; any JS runtime, Node 20 included): its URL, URL string or (Node) path, or
 * the module itself (e.g. `await import('…/build/js/collektive-wasm.mjs')` in a bundled app, which then bundles it).
 * @param {string | URL | object} [moduleUrlOrPath]
 * @returns {Promise<EngineFacade>}
 */
export async function loadJsEngine(moduleUrlOrPath = defaultJsUrl()) {
  const k = typeof moduleUrlOrPath === 'object' && !(moduleUrlOrPath instanceof URL) ? moduleUrlOrPath
    : await import(/* @vite-ignore */ await toUrl(moduleUrlOrPath));
  const check = (status) => { if (status < 0) throw new Error(k.lastError()); return status; };
  const must = (value) => { if (value === null || value === undefined) throw new Error(k.lastError()); return value; };
  const plain = (s) => ({
    nodeCount: s.values.length, values: s.values, neighborOffsets: s.neighborOffsets, neighborIds: s.neighborIds,
  });
  return facade('js', k, check, {
    updatePositions(h, xyz) { check(k.updatePositions(h, asFloat64(xyz))); },
    stepAndGetState(h, rounds = 1) { return plain(must(k.stepAndGetState(h, rounds))); },
    stepAndGetStateBuffer(h, rounds = 1) {
      const b = must(k.stepAndGetStateBuffer(h, rounds));
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    },
    neighbors(h, node) { return must(k.neighbors(h, node)); },
    randomPositions(n, seed, meanDegree = 8, maxDistance = 3) { return must(k.randomPositions(n, seed, meanDegree, maxDistance)); },
    referencePositions(n = 10, maxDistance = 3) { return must(k.referencePositions(n, maxDistance)); },
  });
}

/** The platform-independent part of the facade over the Kotlin exports `k`. */
function facade(kind, k, check, bulk) {
  const finite = (v) => { if (Number.isNaN(v)) throw new Error(k.lastError()); return v; };
  return Object.freeze({
    kind,
    noop: k.noop,
    /** `program`: a spec string (`name` or `name:key=value,...`, docs/programs.md) or a registry index. */
    create(nodeCount, maxDistance, program = 'euclidean') {
      if (typeof program === 'number') return check(k.create(nodeCount, maxDistance, program));
      if (typeof program !== 'string') throw new Error(`program must be a spec string, got ${typeof program}`);
      return check(k.createWithSpec(nodeCount, maxDistance, program));
    },
    /** null when `spec` names a program an engine of `nodeCount` devices can run, else the reason. */
    checkProgram(spec, nodeCount) {
      if (typeof spec !== 'string') return `program must be a spec string, got ${typeof spec}`;
      return k.checkProgram(spec, nodeCount) < 0 ? k.lastError() : null;
    },
    programs: () => k.programNames().split(','),
    destroy(h) { check(k.destroy(h)); },
    liveCount: () => k.liveCount(),
    nodeCount: (h) => check(k.nodeCount(h)),
    roundsRun: (h) => check(k.roundsRun(h)),
    setSource(h, node, isSource = true) { check(k.setSource(h, node, !!isSource)); },
    isSource: (h, node) => check(k.isSource(h, node)) === 1,
    clearSources(h) { check(k.clearSources(h)); },
    maxDistance: (h) => finite(k.maxDistance(h)),
    setMaxDistance(h, d) { check(k.setMaxDistance(h, d)); },
    setMaxLinks(h, n) { check(k.setMaxLinks(h, n)); },
    updatePosition(h, node, x, y, z) { check(k.updatePosition(h, node, x, y, z)); },
    updatePositions: bulk.updatePositions,
    step(h, rounds = 1) { check(k.step(h, rounds)); },
    stepAndGetState: bulk.stepAndGetState,
    state: (h) => bulk.stepAndGetState(h, 0),
    stepAndGetStateBuffer: bulk.stepAndGetStateBuffer,
    stateBuffer: (h) => bulk.stepAndGetStateBuffer(h, 0),
    value: (h, node) => finite(k.value(h, node)),
    neighbors: bulk.neighbors,
    randomPositions: bulk.randomPositions,
    referencePositions: bulk.referencePositions,
    timingsCsv: () => k.timingsCsv(),
    timingCount: () => k.timingCount(),
    clearTimings() { k.clearTimings(); },
    setTimingEnabled(enabled) { k.setTimingEnabled(!!enabled); },
  });
}
