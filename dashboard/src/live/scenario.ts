// Device layouts. The reference layout is computed the way the reference Unity scene does (DESIGN §2): BFS tree
// from device 0 over the first round's neighbourhoods, horizontal spacing 3, vertical spacing 6, unreachable
// devices on an extra bottom row. The first round runs with every device at the origin, so all devices are
// neighbours of device 0: device 0 on the top row, devices 1..n-1 on the second row, centred on x = 0.
// When the engine facade exposes its own layout (Scenarios.referencePositions), that one is used instead
// (see engines/wasmFacade.ts), and the test compares both.

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
      xyz[3 * id + 1] = -depth * V_SPACING;
      xyz[3 * id + 2] = 0;
    });
  });
  return xyz;
}

/**
 * Uniform random devices in a square sized for a mean degree of about `meanDegree` at `maxDistance`
 * (a deterministic mulberry32 stream from `seed`; z = 0 so the scene stays planar).
 */
export function randomPositions(nodeCount: number, seed: number, maxDistance: number, meanDegree = 8): Float64Array {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const side = Math.sqrt((nodeCount * Math.PI * maxDistance * maxDistance) / meanDegree);
  const xyz = new Float64Array(3 * nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    xyz[3 * i] = rand() * side;
    xyz[3 * i + 1] = rand() * side;
  }
  return xyz;
}
