// Types of random.mjs, for the dashboard.
export declare function mulberry32(seed: number): () => number;
export declare function shuffled<T>(xs: readonly T[], rng: () => number): T[];
