// The Network view's program dimension (model/network.ts): the cells and break-even rows of the program chosen
// (`program=`; none: the reference program), the selector's options from the network runs, and the published network
// runs (from before bench:network --programs) read as the gradient.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBreakEven, networkOfProgram, type BreakEven, type Cell, type NetworkRun } from '../src/model/network';
import { programOptions } from '../src/model/programs';
import type { Manifest } from '../src/model/runs';
import { repoRoot } from './support/nodeConnector';

const cell = (id: string, program?: string): Cell => ({ id, platform: 'desktop', transport: 'socket', profile: 'loopback', rttMs: 0, jitterMs: 0, rateKBps: null,
  n: 10, encoding: 'json', pacing: 'free', inFlight: 1, ...(program ? { program } : {}), figures: {} });
const row = (program?: string): BreakEven => ({ platform: 'desktop', transport: 'socket', n: 10, encoding: 'json', pacing: 'free', ...(program ? { program } : {}),
  median: { '60Hz': { rttMs: 15, ci95: null } }, p95: {} });
const run = (cells: Cell[], breakEvens: BreakEven[]): NetworkRun => ({
  id: 'r', title: 'r', createdAt: null, kind: 'network', parameters: {}, environment: {},
  configurations: cells.map((c) => ({ id: c.id, ...(c.program && c.program !== 'euclidean' ? { program: c.program } : {}) })),
  network: { cells, breakEvens, capacity: null },
});

describe('Network view: one program at a time', () => {
  const r = run([cell('a', 'euclidean'), cell('a-gossipMax', 'gossipMax'), cell('a-boundedElection-bound-2', 'boundedElection:bound=2')],
    [row('euclidean'), row('gossipMax'), row('boundedElection:bound=2')]);

  it('the reference program by default, another when chosen, each naming its spec', () => {
    const ref = networkOfProgram(r);
    expect(ref.program).toBe('euclidean');
    expect(ref.cells.map((c) => c.id)).toEqual(['a']);
    expect(ref.breakEvens.map((b) => b.program)).toEqual(['euclidean']);
    expect(networkOfProgram(r, 'euclidean').cells.map((c) => c.id)).toEqual(['a']);
    const gossip = networkOfProgram(r, 'gossipMax');
    expect(gossip.program).toBe('gossipMax');
    expect(gossip.cells.map((c) => c.id)).toEqual(['a-gossipMax']);
    expect(gossip.breakEvens.map((b) => b.program)).toEqual(['gossipMax']);
    expect(networkOfProgram(r, 'boundedElection:bound=2').cells.map((c) => c.id)).toEqual(['a-boundedElection-bound-2']);
    expect(networkOfProgram(r, 'countDevices')).toEqual({ program: 'countDevices', cells: [], breakEvens: [] });
  });

  it('cells and rows without a program (runs from before --programs) are the gradient', () => {
    const old = run([cell('a')], [row()]);
    expect(networkOfProgram(old).cells).toHaveLength(1);
    expect(networkOfProgram(old).breakEvens).toHaveLength(1);
    expect(networkOfProgram(old, 'gossipMax').cells).toHaveLength(0);
  });

  it('the selector offers the reference program first, then every program a network run measured', () => {
    expect(programOptions([r, run([cell('x-hop', 'hop')], [])]).map((o) => o.spec)).toEqual([undefined, 'boundedElection:bound=2', 'gossipMax', 'hop']);
  });

  it('every published network run shows its grid under the reference program (gradient)', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'public/data/manifest.json'), 'utf8')) as Manifest;
    const runs = manifest.runs.filter((e) => e.kind === 'network').map((e) => JSON.parse(readFileSync(join(repoRoot, 'public/data', e.run), 'utf8')) as NetworkRun);
    expect(runs.length).toBeGreaterThan(0);
    for (const published of runs) {
      const shown = networkOfProgram(published);
      const programs = new Set(published.network.cells.map((c) => c.program ?? 'euclidean'));
      if (programs.size === 1 && programs.has('euclidean')) {
        expect(shown.cells).toHaveLength(published.network.cells.length);
        expect(shown.breakEvens).toHaveLength(published.network.breakEvens.length);
      }
      expect(shown.cells.every((c) => (c.program ?? 'euclidean') === 'euclidean')).toBe(true);
    }
  });
});

describe('break-even RTT in words', () => {
  it('says "misses on loopback" for every zero estimate, with the interval\'s reach when invocations disagree', () => {
    expect(formatBreakEven({ rttMs: 0, ci95: [0, 0] })).toBe('misses on loopback');
    expect(formatBreakEven({ rttMs: 0, ci95: null })).toBe('misses on loopback');
    expect(formatBreakEven({ rttMs: 0, ci95: [0, 1.5] })).toBe('misses on loopback (interval up to 1.5 ms)');
    expect(formatBreakEven({ rttMs: 0, ci95: [0, 1.5] })).not.toMatch(/^0\.0 ms/);
  });
  it('writes a positive estimate in ms with its interval, and a dash when there is none', () => {
    expect(formatBreakEven({ rttMs: 15.9, ci95: [15.4, 16.4] })).toBe('15.9 ms [15.4, 16.4]');
    expect(formatBreakEven({ rttMs: null, ci95: null })).toBe('–');
    expect(formatBreakEven(undefined)).toBe('–');
  });
});
