import { describe, expect, it } from 'vitest';
import { canonicalConfigs } from '../src/model/canonical';
import { programOptions } from '../src/model/programs';
import type { RunConfiguration, RunJson } from '../src/model/runs';

const config = (id: string, extra: Partial<RunConfiguration> = {}): RunConfiguration => ({
  id, scenario: 'reference', nodeCount: 10, maxDistance: 3, pacing: 'free', tickMs: null, timeScale: 1, encoding: 'json',
  files: [{ file: `${id}/socket.csv`, side: 'backend', platform: 'desktop', transport: 'socket' }],
  invocations: [{ index: 0, dir: 'a', files: [] }, { index: 1, dir: 'b', files: [] }] as unknown as RunConfiguration['invocations'], ...extra,
});

describe('canonical configurations', () => {
  it('a run comparing JVM server spins opens on the default spin, whatever the order of its configurations', () => {
    const run = { id: 'spin', createdAt: '2026-11-25', configurations: [config('n10-free-sspin0', { serverSpinMicros: 0 }), config('n10-free-sspin50', { serverSpinMicros: 50 })] } as unknown as RunJson;
    expect(canonicalConfigs([run])).toEqual(['spin/n10-free-sspin50']);
    const old = { id: 'old', createdAt: '2026-11-24', configurations: [config('n10-free')] } as unknown as RunJson;
    expect(canonicalConfigs([old])).toEqual(['old/n10-free']);
  });

  it('a program other than the reference opens on its own configurations; the selector lists the reference first', () => {
    const run = { id: 'suite', createdAt: '2026-11-27', configurations: [config('n10-free'), config('n10-free-gossipMax', { program: 'gossipMax' }),
      config('n10-free-boundedElection-bound-2', { program: 'boundedElection:bound=2' })] } as unknown as RunJson;
    expect(canonicalConfigs([run])).toEqual(['suite/n10-free']);
    expect(canonicalConfigs([run], 'gossipMax')).toEqual(['suite/n10-free-gossipMax']);
    expect(canonicalConfigs([run], 'euclidean')).toEqual(['suite/n10-free']);
    expect(canonicalConfigs([run], 'hop')).toEqual([]);
    expect(programOptions([run]).map((p) => p.spec)).toEqual([undefined, 'boundedElection:bound=2', 'gossipMax']);
    expect(programOptions([run])[1].label).toBe('bounded leader election (bound=2)');
  });
});
