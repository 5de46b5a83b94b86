import { describe, expect, it } from 'vitest';
import { flameTree, frameCount } from '../src/model/flameTree';
import { newestEntries, reconcile, type PathProfile, type ProfileEntry, type ProfileRun } from '../src/model/profiles';
import type { Decomposition } from '../src/model/decomposition';

const java = [
  'java;Thread.run;collektive/server/Session.handle;collektive/engine/GradientEngine.step_[j] 60',
  'java;Thread.run;collektive/server/Session.handle;kotlinx/serialization/json/Json.encode_[j] 30',
  'java;Thread.run;sun/nio/ch/SocketDispatcher.read0;__x64_sys_read_[k] 9',
  'java;Thread.run;Unsafe.park;futex_wait_[k] 100',
  'java;PhaseIdealLoop::build_loop_tree 1',
].join('\n');

describe('flame tree from collapsed stacks', () => {
  it('sums samples per frame, names the process at the root, colours frames by their main category, leaves idle out', () => {
    const { tree, samples, idleSamples } = flameTree('socket', [{ process: 'jvm-server', text: java }, { process: 'csharp-host', text: 'mono;Main;[mono-sgen] 5\n' }], { minShare: 0 });
    expect(samples).toBe(105);
    expect(idleSamples).toBe(100);
    expect(tree.children.map((c) => [c.name, c.value])).toEqual([['csharp-host', 5], ['jvm-server', 100]]);
    const session = tree.children[1].children.find((c) => c.name === 'Thread.run')!.children.find((c) => c.name === 'collektive/server/Session.handle')!;
    expect(session.value).toBe(90);
    expect(session.category).toBe('engine');
    expect(session.children.map((c) => c.category).sort()).toEqual(['engine', 'serialization']);
    expect(tree.children[0].category).toBe('runtime');
  });
  it('keeps idle stacks when asked, and cuts frames under the minimum share', () => {
    expect(flameTree('socket', [{ process: 'jvm-server', text: java }], { idle: true, minShare: 0 }).samples).toBe(200);
    const cut = flameTree('socket', [{ process: 'jvm-server', text: java }], { minShare: 0.05 }).tree;
    expect(frameCount(cut)).toBeLessThan(frameCount(flameTree('socket', [{ process: 'jvm-server', text: java }], { minShare: 0 }).tree));
    expect(JSON.stringify(cut)).not.toContain('PhaseIdealLoop');
  });
});

describe('reconciliation of profile categories with timer phases', () => {
  const profile: PathProfile = {
    id: 'socket-n10', path: 'socket', nodeCount: 10, pacing: 'free', window: { steps: 1000, seconds: 0.1 }, processes: {},
    shares: { engine: 0, serialization: 0, transport: 0, runtime: 0, frontend: 0, idle: 0, other: 0 },
    usPerStep: { engine: 1.2, serialization: 13.4, transport: 38, runtime: 8.5, frontend: 2.9, idle: 11, other: 2 },
  };
  const d: Decomposition = {
    run: 'r', config: 'c', platform: 'desktop', transport: 'socket', e2eMedian: 104000,
    phases: { send: 5000, compute: 6700, 'server echo': null, 'back-end overhead': 27000, 'OS floor': null, 'transport / boundary': 64000, parse: 7100, apply: 100, 'frame/tick wait': null, unattributed: 0 },
  };
  it('sets each category beside its phases in µs, with busy time against the e2e', () => {
    const rows = Object.fromEntries(reconcile(profile, d).map((r) => [r.label.split(' ↔')[0], r]));
    expect(rows.engine).toMatchObject({ profileUs: 1.2, timerUs: 6.7 });
    expect(rows['transport + wait']).toMatchObject({ profileUs: 49, timerUs: 96 });
    expect(rows['busy total'].profileUs).toBeCloseTo(66);
    expect(rows['busy total'].timerUs).toBe(104);
    expect(rows.runtime.timerUs).toBeNull();
    expect(reconcile(profile, null).every((r) => r.timerUs === null)).toBe(true);
  });
});

describe('profile runs merged', () => {
  const entry = (path: string, nodeCount: number): ProfileEntry => ({
    id: `${path}-n${nodeCount}`, path, nodeCount, dir: `${path}-n${nodeCount}`, processes: ['page'], shares: {} as ProfileEntry['shares'], steps: 1, usPerStep: {} as ProfileEntry['usPerStep'],
  });
  const run = (id: string, entries: ProfileEntry[]): ProfileRun => ({ id, createdAt: '', seconds: 1, command: '', profilers: {}, entries });
  it('takes each path and N from the newest run that profiled it', () => {
    const web = run('new-web', [entry('wasm', 10), entry('websocket', 10)]);
    const all = run('old-all', [entry('native', 10), entry('socket', 10), entry('wasm', 10), entry('websocket', 10), entry('native', 1000)]);
    const merged = newestEntries([web, all]);
    expect(merged.map((e) => `${e.path}-n${e.nodeCount}@${e.run}`).sort()).toEqual([
      'native-n1000@old-all', 'native-n10@old-all', 'socket-n10@old-all', 'wasm-n10@new-web', 'websocket-n10@new-web',
    ]);
  });
});
