// The benches' scenario rule, one place for every bench script and the dashboard's Unity front-end: N = 10 runs
// the reference layout (docs/reference-study.md), any other N a seeded random layout of the same density. Typed for
// the dashboard by its JSDoc.

/**
 * @param {number} nodeCount
 * @returns {'reference' | 'random'}
 */
export const scenarioFor = (nodeCount) => (nodeCount === 10 ? 'reference' : 'random');
