// The engine behind a connection: the Kotlin/JS build of the engine facade (collektive-wasm, build step `js`),
// loaded through the facade's hand-written wrapper, adapted to what a Session needs.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WRAPPER = join(root, 'collektive-wasm', 'src', 'js', 'engine.mjs');

/**
 * @typedef {object} Engine
 * @property {number} nodeCount
 * @property {(nodeCount: number, maxDistance: number, program?: string) => void} create
 * @property {(node: number, isSource: boolean) => void} setSource
 * @property {() => void} clearSources
 * @property {(node: number, x: number, y: number, z: number) => void} updatePosition
 * @property {(xyz: Float64Array) => void} updatePositions
 * @property {(rounds: number) => void} step
 * @property {() => { values: Float64Array, neighbors: number[][] }} state
 * @property {() => Uint8Array} stateBuffer
 * @property {() => void} destroy
 */

/** Loads the Kotlin/JS facade once; returns a factory of per-connection engines. */
export async function loadEngineFactory(modulePath = process.env.COLLEKTIVE_JS_ENGINE_MODULE ?? WRAPPER) {
  let mod;
  try {
    mod = await import(pathToFileURL(modulePath).href);
  } catch (e) {
    throw new Error(`cannot load the engine facade ${modulePath} (build it: node scripts/build.mjs js): ${e.message}`);
  }
  const facade = await mod.loadJsEngine();
  return () => new FacadeEngine(facade);
}

class FacadeEngine {
  constructor(facade) {
    this.facade = facade;
    this.handle = null;
    this.nodeCount = 0;
  }

  create(nodeCount, maxDistance, program = 'euclidean') {
    this.handle = this.facade.create(nodeCount, maxDistance, program);
    this.nodeCount = nodeCount;
  }

  setSource(node, isSource) { this.facade.setSource(this.handle, node, isSource); }

  clearSources() { this.facade.clearSources(this.handle); }

  updatePosition(node, x, y, z) { this.facade.updatePosition(this.handle, node, x, y, z); }

  updatePositions(xyz) { this.facade.updatePositions(this.handle, xyz); }

  step(rounds) { this.facade.step(this.handle, rounds); }

  state() {
    const { values, neighborOffsets, neighborIds } = this.facade.state(this.handle);
    const neighbors = new Array(values.length);
    for (let i = 0; i < values.length; i++) {
      neighbors[i] = Array.from(neighborIds.subarray(neighborOffsets[i], neighborOffsets[i + 1]));
    }
    return { values, neighbors };
  }

  stateBuffer() { return this.facade.stateBuffer(this.handle); }

  destroy() {
    if (this.handle !== null) this.facade.destroy(this.handle);
    this.handle = null;
  }
}
