import type { RunJson } from '../../src/model/runs';

export declare const FIXTURE_RUN: string;
export declare const FIXTURE_CONFIG: string;
export declare function writeInvocationFixture(options?: { dir?: string; invocations?: number; steps?: number; warmup?: number }): {
  dir: string; run: string; runJson: RunJson; levels: Record<string, Record<string, number[]>>;
};
