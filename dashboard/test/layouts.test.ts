// One scene layout: the Live view lays a scene out with the engine's own positions (collektive.engine.Scenarios
// through a facade, src/live/engines/layouts.ts), never a copy of its arithmetic. Here, as the WebSocket engine does:
// WsEngine.layouts() loads the Kotlin/JS build of the facade (build step `js`) the way the page does, and
// scenarioPositions over it equals, bit for bit, the positions the engine wrote into the shared test vectors
// (collektive-core/test-vectors: the first positions of every vector with a random layout, and of the
// reference-layout vectors). The in-page engine's Kotlin/Wasm build needs WasmGC, which this Node lacks: suite
// web-e2e checks that engine's layouts in Chromium, and facade-wasm-node the build itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REFERENCE_NODES, scenarioPositions, type SceneLayouts } from '../src/live/engines/layouts';
import { WsEngine } from '../src/live/engines/wsEngine';
import { repoRoot } from './support/nodeConnector';

interface Vector {
  name: string; nodeCount: number; maxDistance: string; randomLayout: { seed: number; meanDegree: string } | null;
  rounds: { ops: { op: string; xyz?: string[] }[] }[];
}
const dir = join(repoRoot, 'collektive-core', 'test-vectors');
const vectors: Vector[] = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Vector);
const firstPositions = (v: Vector): number[] => v.rounds[0].ops.find((o) => o.op === 'updatePositions')!.xyz!.map(Number);
// The view's random layouts have the engine's default mean degree (8): the vectors of that degree are the view's.
const random = vectors.filter((v) => v.randomLayout && Number(v.randomLayout.meanDegree) === 8);
const reference = vectors.filter((v) => v.name.startsWith('reference'));

let layouts: SceneLayouts;
beforeAll(async () => { layouts = await new WsEngine('ws://127.0.0.1:1').layouts(); });

describe('the Live view\'s layouts are the engine\'s, as in its test vectors', () => {
  it('the vectors hold both kinds of layout', () => {
    expect(random.length).toBeGreaterThan(1);
    expect(reference.length).toBeGreaterThan(0);
  });
  it.each(random.map((v) => [v.name, v] as const))('%s: the random scenario is the vector\'s first positions', (_, v) => {
    const xyz = scenarioPositions(layouts, { scenario: 'random', nodeCount: v.nodeCount, seed: v.randomLayout!.seed, maxDistance: Number(v.maxDistance) });
    expect(Array.from(xyz)).toEqual(firstPositions(v));
  });
  it.each(reference.map((v) => [v.name, v] as const))('%s: the reference scenario is the vector\'s first positions', (_, v) => {
    const xyz = scenarioPositions(layouts, { scenario: 'reference', nodeCount: v.nodeCount, seed: 1, maxDistance: Number(v.maxDistance) });
    expect(Array.from(xyz)).toEqual(firstPositions(v));
  });
  it('the Kotlin/JS module is loaded once per page, and each scene gets an array of its own (the view moves devices in it)', async () => {
    expect(await new WsEngine('ws://127.0.0.1:2').layouts()).toBe(layouts);
    const c = { scenario: 'random', nodeCount: 10, seed: 1, maxDistance: 3 } as const;
    const a = scenarioPositions(layouts, c);
    a[0] = 99;
    expect(scenarioPositions(layouts, c)[0]).not.toBe(99);
  });
  it('a reference layout past MAX_REFERENCE_NODES is refused before the engine spends N² links on it', () => {
    const c = { scenario: 'reference', nodeCount: MAX_REFERENCE_NODES + 1, seed: 1, maxDistance: 3 } as const;
    expect(() => scenarioPositions(layouts, c)).toThrow(/stops at 4096 devices.*use the random layout/);
    expect(scenarioPositions(layouts, { ...c, scenario: 'random' })).toHaveLength(3 * (MAX_REFERENCE_NODES + 1));
  });
  it('a configuration the engine refuses fails with its message', () => {
    expect(() => scenarioPositions(layouts, { scenario: 'random', nodeCount: -1, seed: 1, maxDistance: 3 })).toThrow(/nodeCount/);
    expect(() => scenarioPositions(layouts, { scenario: 'reference', nodeCount: 10, seed: 1, maxDistance: 0 })).toThrow(/maxDistance/);
  });
});
