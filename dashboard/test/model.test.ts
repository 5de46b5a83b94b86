// Model layer: pairing of configurations, comparisons, decomposition, tick flags, units, Arrow conversion.
import { describe, expect, it } from 'vitest';
import { rowsOf, toCell } from '../src/model/arrow';
import { comparisons, findSeries } from '../src/model/comparison';
import { decompose, PHASES } from '../src/model/decomposition';
import { tickFlag } from '../src/model/flags';
import { groupBy } from '../src/model/group';
import { cpuPerStep, osFloorKey, pairFigures, prewarmCpuPerStep } from '../src/model/invocations';
import { pacingPeriodMs, pairings, type Pairing, type RunConfiguration, type RunJson } from '../src/model/runs';
import { erfc, type SeriesStats } from '../src/model/stats';
import { formatDuration, formatRatio } from '../src/model/units';
import { OVERHEAD_ID } from '../src/sql/analysis';
import { intervalSeriesKey } from '../src/sql/intervals';

const cfg = (id: string, n: number, pacing: RunConfiguration['pacing'], files: [string, string, string][], extra: Partial<RunConfiguration> = {}): RunConfiguration => ({
  id, scenario: 'reference', nodeCount: n, maxDistance: 3, seed: null, pacing, tickMs: pacing === 'fixed' ? 20 : null, timeScale: 1, encoding: 'json',
  files: files.map(([file, side, transport]) => ({ file: `${id}/${file}`, side: side as 'backend', platform: transport === 'wasm' || transport === 'websocket' ? 'web' : 'desktop', transport: transport as 'native' })),
  ...extra,
});
const desktopFiles: [string, string, string][] = [['native.csv', 'backend', 'native'], ['socket.csv', 'backend', 'socket'], ['unity_native.csv', 'frontend', 'native'], ['unity_socket.csv', 'frontend', 'socket']];
const run = (configurations: RunConfiguration[], id = 'r'): RunJson => ({
  schemaVersion: 1, id, title: id, kind: 'desktop', createdAt: null, commit: null, environment: { timerResolutionNs: 100 }, parameters: {}, configurations,
});

describe('pairings', () => {
  it('pairs both transports inside one configuration, per N and pacing, with no note', () => {
    const p = pairings(run([cfg('n10-free', 10, 'free', desktopFiles), cfg('n100-free', 100, 'free', desktopFiles), cfg('n10-fixed', 10, 'fixed', desktopFiles)]));
    expect(p.map((x) => `${x.inConfig}>${x.outConfig}`)).toEqual(['n10-free>n10-free', 'n100-free>n100-free', 'n10-fixed>n10-fixed']);
    expect(p.every((x) => x.pacingNote === null)).toBe(true);
  });
  it('pairs separate configurations with the same pacing', () => {
    const p = pairings(run([cfg('a', 10, 'free', desktopFiles.filter((f) => f[2] === 'native')), cfg('b', 10, 'free', desktopFiles.filter((f) => f[2] === 'socket'))]));
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ inConfig: 'a', outConfig: 'b', pacingNote: null });
  });
  it('pairs web paths and notes differing pacing when it is the only option', () => {
    const web = cfg('w', 10, 'frame', [['wasm.csv', 'backend', 'wasm'], ['web_wasm.csv', 'frontend', 'wasm']]);
    const ws = cfg('s', 10, 'free', [['websocket.csv', 'backend', 'websocket'], ['web_websocket.csv', 'frontend', 'websocket']]);
    const p = pairings(run([web, ws]));
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ platform: 'web', inTransport: 'wasm', outTransport: 'websocket' });
    expect(p[0].pacingNote).toMatch(/pacing differs/);
  });
  it('does not pair across N', () => {
    expect(pairings(run([cfg('a', 10, 'free', desktopFiles.slice(0, 1)), cfg('b', 100, 'free', desktopFiles.slice(1, 2))]))).toEqual([]);
  });
  it('computes the real-time pacing period', () => {
    expect(pacingPeriodMs({ pacing: 'fixed', tickMs: 20, timeScale: 0.1 })).toBe(200);
    expect(pacingPeriodMs({ pacing: 'fixed', tickMs: 20, timeScale: 1 })).toBe(20);
    expect(pacingPeriodMs({ pacing: 'free', tickMs: null, timeScale: 1 })).toBeNull();
    expect(pacingPeriodMs({ pacing: 'frame', tickMs: null, timeScale: null })).toBeCloseTo(16.667, 3);
  });
});

const st = (config: string, file: string, side: string, transport: string, id: string, median: number, extra: Partial<SeriesStats> = {}): SeriesStats => ({
  run: 'r', config, file, side, platform: 'desktop', transport, id, count: 100, median, mean: median, p95: median * 2, p99: median * 3, std: 1, min: 0, max: median * 4, ...extra,
});

describe('comparisons', () => {
  it('divides out-of-process by in-process statistics', () => {
    const stats = [st('c', 'c/native.csv', 'backend', 'native', OVERHEAD_ID, 10), st('c', 'c/socket.csv', 'backend', 'socket', OVERHEAD_ID, 250)];
    const rows = comparisons(stats, pairings(run([cfg('c', 10, 'free', desktopFiles)])));
    const o = rows.find((r) => r.metric.key === 'overhead')!;
    expect(o.ratios).toEqual({ mean: 25, median: 25, p95: 25, p99: 25 });
    expect(rows.find((r) => r.metric.key === 'e2e')).toBeUndefined();
  });

  it('finds a series by run, configuration, transport, side and id as a scan would: the first match, none for a null transport', () => {
    const first = st('c', 'c/socket.csv', 'backend', 'socket', OVERHEAD_ID, 250);
    const stats = [st('c', 'c/native.csv', 'backend', 'native', OVERHEAD_ID, 10), first, st('c', 'c/socket2.csv', 'backend', 'socket', OVERHEAD_ID, 7)];
    expect(findSeries(stats, 'r', 'c', 'socket', 'backend', OVERHEAD_ID)).toBe(first);
    expect(findSeries(stats, 'r', 'c', 'socket', 'frontend', OVERHEAD_ID)).toBeNull();
    expect(findSeries([{ ...first, transport: null }], 'r', 'c', 'null', 'backend', OVERHEAD_ID)).toBeNull();
    // An array that grew after a lookup is looked up again over all its series.
    stats.push(st('c', 'c/x.csv', 'frontend', 'socket', OVERHEAD_ID, 3));
    expect(findSeries(stats, 'r', 'c', 'socket', 'frontend', OVERHEAD_ID)?.median).toBe(3);
  });
});

describe('decomposition', () => {
  it('splits the socket e2e into send, compute, overhead, transport, parse, apply and the unattributed rest', () => {
    const stats = [
      st('c', 'c/socket.csv', 'backend', 'socket', 'step.compute', 100), st('c', 'c/socket.csv', 'backend', 'socket', 'step.service', 130),
      st('c', 'c/socket.csv', 'backend', 'socket', OVERHEAD_ID, 30), st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.socket.send', 10),
      st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.socket.wait', 200), st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.socket.parse', 5),
      st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.unity.apply', 7), st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.frame.wait', 50),
      st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.unity.e2e', 300),
    ];
    const d = decompose(stats, 'r', 'c', 'desktop', 'socket')!;
    expect(d.phases).toEqual({ send: 10, compute: 100, 'server echo': null, 'back-end overhead': 30, 'OS floor': null, 'transport / boundary': 70, parse: 5, apply: 7, 'frame/tick wait': 50, unattributed: 28 });
  });
  it('splits an out-of-process transport into the OS floor and what our stacks add above it (docs/os-floor.md)', () => {
    const base = [
      st('c', 'c/socket.csv', 'backend', 'socket', 'step.service', 130), st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.socket.wait', 200),
      st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.unity.e2e', 300),
    ];
    const withFloor = [...base, st('c', 'c/floors.csv', 'floor', 'socket', 'floor.os.tcp', 14), st('c', 'c/floors.csv', 'floor', 'socket', 'floor.os.uds', 9)];
    const d = decompose(withFloor, 'r', 'c', 'desktop', 'socket')!;
    expect(d.phases['OS floor']).toBe(14);
    expect(d.phases['transport / boundary']).toBe(56);
    // The phases still add up to the e2e median; a floor above the transport is capped at it.
    expect(PHASES.reduce((a, p) => a + (d.phases[p] ?? 0), 0)).toBe(300);
    const capped = decompose([...base, st('c', 'c/floors.csv', 'floor', 'socket', 'floor.os.tcp', 500)], 'r', 'c', 'desktop', 'socket')!;
    expect([capped.phases['OS floor'], capped.phases['transport / boundary']]).toEqual([70, 0]);
    expect(decompose(base, 'r', 'c', 'desktop', 'socket')!.phases['OS floor']).toBeNull();
  });
  it("splits the Node server's overhead at its own echo where the server timed it (docs/os-floor.md)", () => {
    const base = [
      st('c', 'c/websocket.csv', 'backend', 'websocket', 'step.compute', 12), st('c', 'c/websocket.csv', 'backend', 'websocket', 'step.service', 72),
      st('c', 'c/websocket.csv', 'backend', 'websocket', OVERHEAD_ID, 60), st('c', 'c/web_websocket.csv', 'frontend', 'websocket', 'step.web.ws.wait', 300),
      st('c', 'c/web_websocket.csv', 'frontend', 'websocket', 'step.web.e2e', 400),
    ];
    const d = decompose([...base, st('c', 'c/websocket.csv', 'backend', 'websocket', 'echo.service', 45)], 'r', 'c', 'web', 'websocket')!;
    expect([d.phases['server echo'], d.phases['back-end overhead']]).toEqual([45, 15]);
    expect(PHASES.reduce((a, p) => a + (d.phases[p] ?? 0), 0)).toBe(400);
    // An echo slower than the step's whole overhead is capped at it; without the echo the overhead stays whole.
    const capped = decompose([...base, st('c', 'c/websocket.csv', 'backend', 'websocket', 'echo.service', 90)], 'r', 'c', 'web', 'websocket')!;
    expect([capped.phases['server echo'], capped.phases['back-end overhead']]).toEqual([60, 0]);
    const old = decompose(base, 'r', 'c', 'web', 'websocket')!;
    expect([old.phases['server echo'], old.phases['back-end overhead']]).toEqual([null, 60]);
  });
  it('uses call − service as the in-process boundary and clamps negatives', () => {
    const stats = [st('c', 'c/native.csv', 'backend', 'native', 'step.service', 50), st('c', 'c/unity_native.csv', 'frontend', 'native', 'step.native.call', 40)];
    expect(decompose(stats, 'r', 'c', 'desktop', 'native')!.phases['transport / boundary']).toBe(0);
  });
});

describe('tick flag', () => {
  it('flags the reference socket e2e (≈ 200 ms under a 200 ms tick) but not 0.2 ms or 150 ms', () => {
    expect(tickFlag(200_008_450, 200)).toMatchObject({ multiple: 1, periodMs: 200 });
    expect(tickFlag(198_200, 20)).toBeNull();
    expect(tickFlag(150e6, 200)).toBeNull();
    expect(tickFlag(40.2e6, 20)).toMatchObject({ multiple: 2 });
    expect(tickFlag(1e6, null)).toBeNull();
  });
});

describe('units and numbers', () => {
  it('formats durations in sensible units', () => {
    expect(formatDuration(6983, 'auto')).toBe('6.983 µs');
    expect(formatDuration(200008450, 'auto')).toBe('200.008 ms');
    expect(formatDuration(9540.5, 'ns')).toBe('9,540.5 ns');
    expect(formatDuration(512, 'auto')).toBe('512.0 ns');
    expect(formatDuration(null)).toBe('—');
    expect(formatRatio(15.396248)).toBe('15.40×');
  });
  it('converts BigInt cells exactly and refuses unsafe ones', () => {
    expect(toCell(123n)).toBe(123);
    expect(() => toCell(2n ** 60n)).toThrow(/double/);
    const t = { numRows: 1, schema: { fields: [{ name: 'a', type: 'Int64' }, { name: 'b', type: 'Utf8' }] }, toArray: () => [{ toJSON: () => ({ a: 5n, b: 'x' }) }] };
    expect(rowsOf(t)).toEqual([{ a: 5, b: 'x' }]);
  });
  it('has an erfc accurate to 1e-7', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1)).toBeCloseTo(0.157299207, 7);
    expect(erfc(-1)).toBeCloseTo(1.842700793, 7);
  });
});

describe('OS floor and CPU per step in the comparison (docs/os-floor.md)', () => {
  const pairing: Pairing = { run: 'r', platform: 'desktop', n: 10, inConfig: 'c', outConfig: 'c', inTransport: 'native', outTransport: 'socket', pacingNote: null };
  it('adds the OS floor, transport / OS floor and e2e / OS floor when the run measured the floor, nothing otherwise', () => {
    const base = [
      st('c', 'c/socket.csv', 'backend', 'socket', 'step.service', 130), st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.socket.wait', 200),
      st('c', 'c/unity_socket.csv', 'frontend', 'socket', 'step.unity.e2e', 300), st('c', 'c/floors.csv', 'floor', 'socket', 'floor.socket.echo', 40),
    ];
    const os = st('c', 'c/floors.csv', 'floor', 'socket', 'floor.os.tcp', 14);
    const rows = comparisons(base, [pairing]);
    const keys = (stats: SeriesStats[]) => pairFigures(rows, stats, () => 'k').map((f) => f.key);
    expect(keys(base).filter((k) => k.includes('|os-'))).toEqual([]);
    const withOs = pairFigures(rows, [...base, os], () => 'k');
    const transport = withOs.find((f) => f.key === osFloorKey('r', 'c', 'transport'))!;
    expect(transport.den).toBe(intervalSeriesKey(os));
    expect(transport.minus).toContain('step.service');
    expect(withOs.find((f) => f.key === osFloorKey('r', 'c', 'e2e'))!.num).toContain('step.unity.e2e');
    expect(withOs.find((f) => f.key === osFloorKey('r', 'c', 'floor'))!.den).toBeUndefined();
  });
  it('CPU per step: mean over invocations with an interval; null where a run has no figure', () => {
    const inv = (k: number, socket: { frontend: number; server: number } | null) => ({
      index: k, dir: `c/inv-${k}`, files: [], paths: { native: { cpuPerStepNs: { frontend: 9000 + k * 1000, server: null } }, ...(socket ? { socket: { cpuPerStepNs: socket } } : {}) },
    });
    const run = (invs: ReturnType<typeof inv>[]) => ({ id: 'r', configurations: [{ id: 'c', invocations: invs }] }) as unknown as RunJson;
    const r = run([inv(0, { frontend: 40000, server: 180000 }), inv(1, { frontend: 50000, server: 200000 })]);
    const socket = cpuPerStep([r], 'r', 'c', 'socket');
    expect(socket.frontend!.estimate).toBe(45000);
    expect(socket.server!.invocations).toBe(2);
    expect(socket.server!.lo! >= 180000 && socket.server!.hi! <= 200000).toBe(true);
    expect(cpuPerStep([r], 'r', 'c', 'native').server).toBeNull();
    expect(cpuPerStep([run([inv(0, null)])], 'r', 'c', 'socket')).toEqual({ frontend: null, server: null });
  });
  it('CPU per step computed ahead, in idle moments: the later lookup finds the figures already made', async () => {
    const inv = (k: number) => ({ index: k, dir: `c/inv-${k}`, files: [], paths: { socket: { cpuPerStepNs: { frontend: 40000 + k, server: 9e4 + k } } } });
    const r = { id: 'r', configurations: [{ id: 'c', invocations: [inv(0), inv(1), inv(2)] }] } as unknown as RunJson;
    prewarmCpuPerStep([r]);
    await new Promise((done) => setTimeout(done, 50));
    // Changed after the idle moment: a figure made then does not see it; one made on demand would.
    r.configurations[0].invocations![0].paths!.socket.cpuPerStepNs!.frontend = 0;
    const shown = { ...r, configurations: r.configurations.filter(() => true) }; // as the page's loaded runs are made
    expect(cpuPerStep([shown], 'r', 'c', 'socket').frontend!.estimate).toBe(40001);
    // Stopped before its turn, it computes nothing: the lookup computes then.
    const r2 = { id: 'r2', configurations: [{ id: 'c', invocations: [inv(0), inv(1)] }] } as unknown as RunJson;
    prewarmCpuPerStep([r2])();
    await new Promise((done) => setTimeout(done, 50));
    r2.configurations[0].invocations![0].paths!.socket.cpuPerStepNs!.frontend = 0;
    expect(cpuPerStep([r2], 'r2', 'c', 'socket').frontend!.estimate).toBe(20000.5);
  });
});

describe('groupBy', () => {
  it('keeps the groups in the order of their first item and each group in its order', () => {
    const g = groupBy([{ run: 'b', i: 1 }, { run: 'a', i: 2 }, { run: 'b', i: 3 }], (x) => x.run);
    expect([...g.keys()]).toEqual(['b', 'a']);
    expect(g.get('b')!.map((x) => x.i)).toEqual([1, 3]);
    expect(groupBy([], (x: number) => x).size).toBe(0);
  });
});
