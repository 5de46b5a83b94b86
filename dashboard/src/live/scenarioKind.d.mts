// Types of scenarioKind.mjs.
import type { ScenarioKind } from './model';

/** 'reference' for N = 10, else 'random' (seeded). */
export declare function scenarioFor(nodeCount: number): ScenarioKind;
