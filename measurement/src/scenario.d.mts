// Types of scenario.mjs.

/** 'reference' for N = 10, else 'random' (seeded). */
export declare function scenarioFor(nodeCount: number): 'reference' | 'random';
