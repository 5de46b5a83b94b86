// The "Your case" view's pure parts: its URL state, the inputs read into the cost model's CaseInputs with an error
// per field, the formats, the runs a prediction rests on, the curve's grid and the figure (docs/cost-model.md).
// The model's own predictions are measurement/src/costModel.mjs's and are tested there and in the e2e test.
import { describe, expect, it } from 'vitest';
import type { CostModel, Estimate, LineSpread } from '../../measurement/src/costModel.mjs';
import { checkCostModel, presetsOf } from '../src/data/costModel';
import {
  basisRuns, breakEvenText, costInUnit, curveRange, defaultPreset, durationText, isOurs, logGrid, outOfProcessEnginePath, parseNumber, presetCostNs, presetsFor, type Preset, ratioText, readCase, runDateLabel, shareText, warningsInWords,
} from '../src/model/yourCase';
import { yourCaseFigure } from '../src/plots/yourCaseFigure';
import { figureCsvRows } from '../src/plots/figureExport';
import { CASE_DEFAULTS, parseState, toSearch, type CaseState, type ViewState } from '../src/state/viewState';

const est = (estimate: number, lo = estimate, hi = estimate): Estimate => ({ estimate, ci95: [lo, hi] });
// The interval's parameters are the model's business (costModel.mjs); none of them is read here.
const spread = {} as LineSpread;
const line = { fixedNs: est(1), perDeviceNs: est(1), spread, measuredN: [10], measuredWorkNs: [180] };
/** The shape of cost-model.json with made-up figures: only the reading of inputs is tested on it, never a prediction. */
const SHAPE: CostModel = {
  schemaVersion: 1, generatedBy: 'test', covers: 'test',
  platforms: (['desktop', 'web'] as const).map((platform) => ({
    platform,
    inProcess: { path: platform === 'desktop' ? 'native' : 'wasm', label: 'in process', ...line },
    loopbackRttNs: est(40_000),
    families: [
      { id: `${platform}-ref`, label: 'reference', reference: true, best: false, ...line, loopbackRttNs: null, basis: [] },
      { id: `${platform}-best-native`, label: 'best', reference: false, best: true, ...line, loopbackRttNs: null, basis: [] },
    ],
  })),
  coverage: [],
};
/** Presets shaped as cost-model.json lists them (made-up figures). */
const PRESETS: Preset[] = [
  { id: 'collektive-reference', label: 'Collektive', perDeviceNs: 16_500, perPathNs: { native: 16_500, socket: 19_600 }, source: 'reference study' },
  { id: 'ours-desktop-hop', platform: 'desktop', label: 'our hop gradient (desktop)', perDeviceNs: 430, perPathNs: { native: 430, socket: 510 }, byN: { 10: { native: 170, socket: 820 } }, source: 'bench' },
  { id: 'ours-desktop-euclidean', platform: 'desktop', label: 'our euclidean gradient (desktop)', perDeviceNs: 300, perPathNs: { native: 300, socket: 400 }, byN: { 10: { native: 180, socket: 900 } }, source: 'bench' },
  { id: 'ours-web-euclidean', platform: 'web', label: 'our euclidean gradient (web)', perDeviceNs: 367, perPathNs: { wasm: 367, websocket: 676 }, byN: { 100: { wasm: 367, websocket: 676 } }, source: 'bench' },
  { id: 'collektive-benchmark-scafi', label: 'ScaFi', perDeviceNs: 31_500, source: 'benchmark' },
];
const caseOf = (patch: Partial<CaseState>): CaseState => ({ ...CASE_DEFAULTS, ...patch });

describe('Your case: URL state', () => {
  it('is read and written only on its view; defaults are not written', () => {
    expect(parseState('?view=yourcase').yourCase).toEqual(CASE_DEFAULTS);
    expect(parseState('?platform=web&devices=5').yourCase).toBeUndefined();
    expect(toSearch(parseState('?view=yourcase'))).toBe('?view=yourcase');
    const s: ViewState = { ...parseState('?view=yourcase'), yourCase: { platform: 'web', family: 'ws-binary-step', devices: '1000', cost: '16.5', per: 'round', preset: 'collektive', hz: '30', rtt: '2.5' } };
    expect(parseState(toSearch(s))).toEqual(s);
    expect(toSearch({ ...s, view: 'compare' })).toBe('');
  });
  it('keeps what was typed, bad or not, so that a link reproduces the error too', () => {
    const c = parseState('?view=yourcase&devices=ten&cost=-3&hz=&rtt=%201%20&per=fortnight&platform=mars').yourCase!;
    expect(c).toMatchObject({ devices: 'ten', cost: '-3', hz: '', rtt: '1', per: 'device', platform: 'desktop' });
    expect(parseState(`?view=yourcase&cost=${'9'.repeat(500)}`).yourCase!.cost).toHaveLength(40);
  });
});

describe('Your case: inputs', () => {
  it('parses plain decimals and says why not otherwise', () => {
    expect(parseNumber(' 16.5 ')).toBe(16.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('16,5')).toMatch(/point/);
    expect(parseNumber('12 µs')).toMatch(/not a number/);
    expect(parseNumber('')).toMatch(/enter/);
    expect(parseNumber('1e999')).toMatch(/too large/);
  });
  it('opens on our euclidean gradient as measured on the platform, the reference design, 60 Hz and loopback', () => {
    expect(defaultPreset(PRESETS, 'desktop')?.id).toBe('ours-desktop-euclidean');
    expect(defaultPreset(PRESETS, 'web')?.id).toBe('ours-web-euclidean');
    expect(presetsFor(PRESETS, 'web').map((p) => p.id)).toEqual(['collektive-reference', 'ours-web-euclidean', 'collektive-benchmark-scafi']);
    expect(PRESETS.filter(isOurs).map((p) => p.id)).toEqual(['ours-desktop-hop', 'ours-desktop-euclidean', 'ours-web-euclidean']);
    const r = readCase(CASE_DEFAULTS, SHAPE, PRESETS);
    expect(r.errors).toEqual({});
    // N = 10 was measured: its own per-device figures, the JVM's on the out-of-process side.
    expect(r.inputs).toEqual({ platform: 'desktop', family: 'desktop-ref', n: 10, engineRoundNs: 1800, frameHz: 60, outOfProcessEngineRoundNs: 9000 });
    expect(r.preset?.id).toBe('ours-desktop-euclidean');
  });
  it('a preset costs its figure at this N where measured, else its path\'s, else its one figure; the out-of-process side its own runtime\'s', () => {
    expect(presetCostNs(PRESETS[2], 'native', 10)).toBe(180);
    expect(presetCostNs(PRESETS[2], 'native', 1000)).toBe(300);
    expect(presetCostNs(PRESETS[4], 'wasm', 10)).toBe(31_500);
    expect(outOfProcessEnginePath('desktop', 'tcp-json-jvm', 'native')).toBe('socket');
    expect(outOfProcessEnginePath('desktop', 'shm-binary-native', 'native')).toBe('native');
    expect(outOfProcessEnginePath('web', 'ws-json', 'wasm')).toBe('websocket');
    const web = readCase(caseOf({ platform: 'web', devices: '100' }), SHAPE, PRESETS);
    expect(web.inputs).toMatchObject({ platform: 'web', family: 'web-ref', n: 100, engineRoundNs: 36_700, outOfProcessEngineRoundNs: 67_600 });
    // The Kotlin/Native server runs the in-process engine: one cost on both sides.
    const native = readCase(caseOf({ family: 'desktop-best-native', preset: 'collektive-reference' }), SHAPE, PRESETS);
    expect(native.inputs).toEqual({ platform: 'desktop', family: 'desktop-best-native', n: 10, engineRoundNs: 165_000, frameHz: 60 });
    // A preset of one figure, and a typed cost: the same cost on both sides.
    expect(readCase(caseOf({ preset: 'collektive-benchmark-scafi' }), SHAPE, PRESETS).inputs).not.toHaveProperty('outOfProcessEngineRoundNs');
    expect(readCase(caseOf({ cost: '16.5' }), SHAPE, PRESETS).inputs).not.toHaveProperty('outOfProcessEngineRoundNs');
    // Our programs are offered on their own platform only.
    expect(readCase(caseOf({ platform: 'web', preset: 'ours-desktop-hop' }), SHAPE, PRESETS).errors.preset).toMatch(/no web preset/);
  });
  it('a typed cost is per device and round or per round, in µs; the toggle converts it', () => {
    const perDevice = readCase(caseOf({ cost: '16.5', devices: '100' }), SHAPE, PRESETS);
    expect(perDevice.inputs?.engineRoundNs).toBeCloseTo(1_650_000, 6);
    expect(perDevice.preset).toBeNull();
    const perRound = readCase(caseOf({ cost: '1650', per: 'round', devices: '100' }), SHAPE, PRESETS);
    expect(perRound.inputs?.engineRoundNs).toBeCloseTo(1_650_000, 6);
    expect(perRound.perDeviceNs).toBeCloseTo(16_500, 6);
    expect(costInUnit(perDevice.perDeviceNs, perDevice.roundNs, 'round')).toBe('1650');
    expect(costInUnit(perRound.perDeviceNs, perRound.roundNs, 'device')).toBe('16.5');
  });
  it('a network round trip replaces the loopback; 0 or empty is the same machine; an empty frame rate means no frame', () => {
    expect(readCase(caseOf({ rtt: '2.5' }), SHAPE, PRESETS).inputs?.networkRttNs).toBe(2_500_000);
    expect(readCase(caseOf({ rtt: '' }), SHAPE, PRESETS).inputs).not.toHaveProperty('networkRttNs');
    expect(readCase(caseOf({ hz: '' }), SHAPE, PRESETS).inputs).not.toHaveProperty('frameHz');
  });
  it('names every bad field and gives no inputs', () => {
    const r = readCase(caseOf({ devices: '2.5', cost: 'abc', hz: '0', rtt: '-1', family: 'pigeon' }), SHAPE, PRESETS);
    expect(r.inputs).toBeNull();
    expect(Object.keys(r.errors).sort()).toEqual(['cost', 'devices', 'family', 'hz', 'rtt']);
    expect(r.errors.family).toMatch(/pigeon/);
    expect(readCase(caseOf({ cost: '0' }), SHAPE, PRESETS).errors.cost).toMatch(/more than 0/);
    expect(readCase(caseOf({ devices: '0' }), SHAPE, PRESETS).errors.devices).toMatch(/at least 1/);
    expect(readCase(caseOf({ devices: '1e9' }), SHAPE, PRESETS).errors.devices).toMatch(/at most/);
    expect(readCase(caseOf({ preset: 'nope' }), SHAPE, PRESETS).errors.preset).toMatch(/nope/);
  });
  it('a malformed cost-model.json is refused with a message', () => {
    expect(() => checkCostModel(null)).toThrow(/not a JSON object/);
    expect(() => checkCostModel({ schemaVersion: 2 })).toThrow(/schemaVersion 2/);
    expect(() => checkCostModel({ schemaVersion: 1, platforms: [{ platform: 'web', families: [] }], coverage: [] })).toThrow(/no out-of-process family/);
    expect(checkCostModel(SHAPE)).toBe(SHAPE);
    expect(presetsOf({ ...SHAPE, presets: [...PRESETS, { id: 'x', label: 'no cost' }, null] })).toEqual(PRESETS);
    expect(presetsOf(SHAPE)).toEqual([]);
  });
});

describe('Your case: words', () => {
  it('writes figures with their intervals as the project does', () => {
    expect(durationText(est(74_000, 66_000, 82_200))).toBe('74 µs [66 µs, 82.2 µs]');
    expect(ratioText(est(21.4, 18.6, 24.6))).toBe('21.4× [18.6, 24.6]');
    expect(shareText(est(0.0042, 0.0038, 0.0049))).toBe('0.42 % [0.38, 0.49]');
    expect(shareText(est(50.88, 26.41, 75.36))).toBe('50.9 frames [26.4, 75.4]');
    expect(breakEvenText(est(2_000_000, 1_500_000, 2_600_000), 100)).toBe('2 ms [1.5 ms, 2.6 ms] per round (20 µs per device and round at N = 100)');
    expect(breakEvenText(est(Infinity, Infinity, Infinity), 10)).toMatch(/never/);
    expect(breakEvenText(est(0, 0, 0), 10)).toMatch(/already below/);
    expect(warningsInWords(['N = 5 lies outside the measured 10–1000 of tcp-json-jvm', 'tcp-json-jvm-x'], [{ id: 'tcp-json-jvm', label: 'TCP, JSON' }]))
      .toEqual(['N = 5 lies outside the measured 10–1000 of "TCP, JSON"', '"TCP, JSON"-x']);
    expect(warningsInWords(['the network round trip (20000000 ns) replaces the loopback one (42048.3 ns)', "the engine's 19601 ns per device lies outside the measured 140–1100 ns"], []))
      .toEqual(['the network round trip (20 ms) replaces the loopback one (42 µs)', "the engine's 19.6 µs per device lies outside the measured 140 ns–1.1 µs"]);
  });
  it('names the runs a prediction rests on in plain words first, the ids beside them', () => {
    expect(runDateLabel('2026-11-28-desktop-2fd3d76-070205-0467-b')).toBe('28 Nov 2026, run B of its pair');
    expect(runDateLabel('2026-11-27-web-24d69f0-182546-ec8c')).toBe('27 Nov 2026');
    expect(runDateLabel('reference-study')).toBe('reference-study');
    const runs = basisRuns([
      { run: '2026-11-28-desktop-2fd3d76-070205-0467-b', config: 'n10-free' },
      { run: '2026-11-28-desktop-2fd3d76-070205-0467-b', config: 'n1000-free' },
      { run: '2026-11-28-desktop-2fd3d76-070205-0467-a', config: 'n10-free' },
      { run: '2026-11-28-desktop-2fd3d76-070205-0467-b', config: 'n10-free' },
    ], new Map([['2026-11-28-desktop-2fd3d76-070205-0467-b', 'Desktop, N=10/1000']]));
    expect(runs).toEqual([
      { run: '2026-11-28-desktop-2fd3d76-070205-0467-b', label: 'Desktop, N=10/1000 (28 Nov 2026, run B of its pair)', configs: ['n10-free', 'n1000-free'], devices: [10, 1000] },
      { run: '2026-11-28-desktop-2fd3d76-070205-0467-a', label: '28 Nov 2026, run A of its pair', configs: ['n10-free'], devices: [10] },
    ]);
  });
});

describe('Your case: the curve and its figure', () => {
  it('spans a decade beyond every cost shown, log-spaced', () => {
    expect(curveRange([1800, 165_000, 0, NaN])).toEqual([180, 1_650_000]);
    const g = logGrid(100, 1e6, 5);
    expect(g.map((x) => Math.round(x))).toEqual([100, 1000, 10_000, 100_000, 1_000_000]);
  });
  it('draws the band, the curve solid within the measured range and dotted beyond, the presets and the case; its data export holds every interval', () => {
    const curve = [1e3, 1e4, 1e5, 1e6].map((roundNs, i) => ({ roundNs, ratio: est(10 / (i + 1), 9 / (i + 1), 11 / (i + 1)), inRange: i < 2 }));
    const fig = yourCaseFigure({ platform: 'desktop', familyLabel: 'TCP', n: 10, curve, you: { label: 'Collektive', roundNs: 165_000, ratio: est(1.4, 1.3, 1.5) },
      presets: [{ label: 'Collektive', roundNs: 165_000, ratio: est(1.4, 1.3, 1.5), group: 'others' }, { label: 'hop', roundNs: 1_700, ratio: est(20, 15, 25), group: 'ours' }] });
    const byName = new Map(fig.data.map((t) => [t.name as string, t]));
    expect(byName.get('prediction, within the measured range')?.y).toEqual([10, 5, 10 / 3, null]);
    expect(byName.get('extrapolated (not measured)')?.y).toEqual([null, 5, 10 / 3, 2.5]);
    expect((fig.layout.xaxis as { type: string }).type).toBe('log');
    expect(byName.get('presets: our programs')?.text).toEqual(['hop']);
    expect(byName.get('presets: other engines')?.x).toEqual([165]);
    const { columns, rows } = figureCsvRows(fig);
    expect(columns).toEqual(['trace', 'type', 'x', 'y', 'lower', 'upper']);
    const you = rows.find((r) => String(r.trace).startsWith('your case'));
    expect(you).toMatchObject({ x: 165, y: 1.4 });
    expect(you?.lower).toBeCloseTo(1.3, 12);
    expect(you?.upper).toBeCloseTo(1.5, 12);
    const onCurve = rows.filter((r) => r.trace === 'prediction, within the measured range');
    expect(onCurve.map((r) => r.x)).toEqual([1, 10, 100, 1000]);
    expect(onCurve[0].upper).toBeCloseTo(11, 12);
  });
});
