// The benches' scenario rule, one place for scripts/bench-web.mjs, scripts/bench-desktop.mjs and the Unity
// front-end: N = 10 runs the reference layout, any other N a seeded random layout of the same density. Plain
// JavaScript so the Node scripts can import it; typed for the dashboard by scenarioKind.d.mts.

/** @param {number} nodeCount @returns {'reference' | 'random'} */
export const scenarioFor = (nodeCount) => (nodeCount === 10 ? 'reference' : 'random');
