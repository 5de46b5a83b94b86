// Types of profiles.mjs for the dashboard, which reads the collapsed stacks and classifies them with the same rules.
export type Category = 'engine' | 'serialization' | 'transport' | 'runtime' | 'frontend' | 'idle' | 'other';
export function perfScriptToCollapsed(text: string, root?: string | null): Map<string, number>;
export function cpuProfileToCollapsed(profile: unknown, root?: string, window?: { fromUs: number; toUs: number } | null): Map<string, number>;
export function parseCollapsed(text: string): Map<string, number>;
export function formatCollapsed(map: Map<string, number>): string;
export const CATEGORIES: readonly Category[];
export const RULES: readonly (readonly [Category, RegExp])[];
export function classify(stack: string): Category;
export function categoryShares(maps: Iterable<Map<string, number>>): { total: number; counts: Record<Category, number>; shares: Record<Category, number> };
export function stacksMatching(map: Map<string, number>, re: RegExp): { stacks: number; samples: number; frames: string[] };
export const STEP_FRAME: RegExp;
export const HOP_TRACE_CATEGORIES: readonly string[];
export type Hop = 'pageToNetworkService' | 'networkServiceToSocket' | 'serverRoundTrip' | 'networkServiceToPage' | 'pageTurnaround';
export const HOPS: readonly Hop[];
export function websocketHops(traceEvents: readonly unknown[]): {
  steps: number; matched: number; meanUs: Record<Hop, number | null>; medianUs: Record<Hop, number | null>; p90Us: Record<Hop, number | null>;
} | null;
