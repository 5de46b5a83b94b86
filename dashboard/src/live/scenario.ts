// Device layouts. The reference layout is computed the way the reference Unity scene does (docs/reference-study.md): BFS tree
// from device 0 over the first round's neighbourhoods, horizontal spacing 3, vertical spacing 6, unreachable
// devices on an extra bottom row. The first round runs with every device at the origin, so all devices are
// neighbours of device 0: device 0 on the top row, devices 1..n-1 on the second row, centred on x = 0.
// Same computation as collektive.engine.Scenarios (Kotlin) and C#'s Scenario: dashboard/test/scenario.test.ts checks
// both layouts against the test vectors, which carry the engine's own positions.

export const H_SPACING = 3;
export const V_SPACING = 6;

export function referencePositions(nodeCount: number): Float64Array {
  const xyz = new Float64Array(3 * nodeCount);
  if (nodeCount === 0) return xyz;
  const layers: number[][] = [[0]];
  if (nodeCount > 1) layers.push(Array.from({ length: nodeCount - 1 }, (_, i) => i + 1));
  layers.forEach((layer, depth) => {
    const startX = -((layer.length - 1) * H_SPACING) / 2;
    layer.forEach((id, i) => {
      xyz[3 * id] = startX + i * H_SPACING;
      xyz[3 * id + 1] = (0 - depth) * V_SPACING; // as Kotlin's Int negation: +0, not -0, on the top row
      xyz[3 * id + 2] = 0;
    });
  });
  return xyz;
}

/** SplitMix64, bit for bit as collektive.engine.SplitMix64 (setup only, so BigInt arithmetic is fine). */
class SplitMix64 {
  private state: bigint;
  constructor(seed: number | bigint) { this.state = BigInt.asUintN(64, BigInt(seed)); }
  nextLong(): bigint {
    this.state = BigInt.asUintN(64, this.state + 0x9e3779b97f4a7c15n);
    let z = this.state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }
  nextDouble(): number { return Number(this.nextLong() >> 11n) / 9007199254740992; }
}

/**
 * Scenarios.randomPositions: devices uniformly at random (SplitMix64 from `seed`) in [0, side)² at z = 0, side
 * chosen for an expected degree of `meanDegree` within `maxDistance`.
 */
export function randomPositions(nodeCount: number, seed: number, maxDistance: number, meanDegree = 8): Float64Array {
  const side = Math.sqrt((nodeCount * Math.PI * maxDistance * maxDistance) / meanDegree);
  const rng = new SplitMix64(seed);
  const xyz = new Float64Array(3 * nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    xyz[3 * i] = rng.nextDouble() * side;
    xyz[3 * i + 1] = rng.nextDouble() * side;
  }
  return xyz;
}
