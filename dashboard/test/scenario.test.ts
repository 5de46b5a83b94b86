// One scene layout: the page's layouts (src/live/scenario.ts) equal the Kotlin engine's (collektive.engine.Scenarios),
// as the engine wrote them into the shared test vectors (collektive-core/test-vectors: the first positions of every
// vector with a random layout, and of the reference-layout vectors), number for number.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomPositions, referencePositions } from '../src/live/scenario';
import { repoRoot } from './support/nodeConnector';

interface Vector {
  name: string; nodeCount: number; maxDistance: string; randomLayout: { seed: number; meanDegree: string } | null;
  rounds: { ops: { op: string; xyz?: string[] }[] }[];
}
const dir = join(repoRoot, 'collektive-core', 'test-vectors');
const vectors: Vector[] = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Vector);
const firstPositions = (v: Vector): number[] => v.rounds[0].ops.find((o) => o.op === 'updatePositions')!.xyz!.map(Number);

describe('scene layouts against the engine\'s test vectors', () => {
  const random = vectors.filter((v) => v.randomLayout);
  const reference = vectors.filter((v) => v.name.startsWith('reference'));
  it('the vectors hold both kinds of layout', () => {
    expect(random.length).toBeGreaterThan(2);
    expect(reference.length).toBeGreaterThan(0);
  });
  it.each(random.map((v) => [v.name, v] as const))('%s: randomPositions gives the engine\'s positions', (_, v) => {
    const got = randomPositions(v.nodeCount, v.randomLayout!.seed, Number(v.maxDistance), Number(v.randomLayout!.meanDegree));
    expect(Array.from(got)).toEqual(firstPositions(v));
  });
  it.each(reference.map((v) => [v.name, v] as const))('%s: referencePositions gives the engine\'s positions', (_, v) => {
    expect(Array.from(referencePositions(v.nodeCount))).toEqual(firstPositions(v));
  });
});
