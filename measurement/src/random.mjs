// Seeded randomness, small and reproducible from a recorded seed (mulberry32): the benches' invocation orders, the
// load generator's layouts, and the dashboard's percentile bootstrap. Pure: the page imports it too (its types: the JSDoc).

/**
 * A uniform [0, 1) generator from a 32-bit seed (mulberry32).
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A shuffled copy of `xs` (Fisher–Yates) drawn from `rng`.
 * @template T
 * @param {readonly T[]} xs
 * @param {() => number} rng
 * @returns {T[]}
 */
export function shuffled(xs, rng) {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
