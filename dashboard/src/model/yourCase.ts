/**
 * The "Your case" view's pure parts: the visitor's inputs as typed (URL state) read into the cost model's CaseInputs
 * with an error per field, the engine presets' costs, the figures in words and the runs a prediction rests on, named
 * in plain words first. The model itself is measurement/src/costModel.mjs (docs/cost-model.md); nothing here
 * predicts. No fetch, no DOM.
 */
import type { CaseInputs, CasePrediction, CostFamily, CostModel, EnginePreset, Estimate, PlatformModel } from '../../../measurement/src/costModel.mjs';
import { formatNs, formatTimes } from '../../../measurement/src/format.mjs';
import type { CaseState } from '../state/viewState';

export type CaseField = 'platform' | 'family' | 'devices' | 'cost' | 'preset' | 'hz' | 'rtt';

/** Largest device count and engine cost the form accepts: beyond them a typo is likelier than a case. */
export const MAX_DEVICES = 10_000_000;
const MAX_ROUND_NS = 60e9;
const MAX_HZ = 10_000;
const MAX_RTT_MS = 10_000;

/**
 * A number as typed: a plain decimal (a point for the decimals, an exponent allowed: 16.5, 1e3). Returns the number
 * or why not, in words.
 */
export function parseNumber(text: string): number | string {
  const t = text.trim();
  if (t === '') return 'enter a number';
  if (/^-?\d+,\d+$/.test(t)) return `"${t}": use a point for decimals (${t.replace(',', '.')})`;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return `"${t}" is not a number`;
  const v = Number(t);
  return Number.isFinite(v) ? v : `"${t}" is too large`;
}

/**
 * An engine preset as cost-model.json lists it: the contract's EnginePreset, and for our programs their measured cost
 * per device at each N (`byN`: N → path → ns).
 */
export type Preset = EnginePreset & { byN?: Record<string, Record<string, number>> };

/** Our measured programs carry the platform they were measured on: they are offered on it only. */
const platformOfPreset = (p: Preset): string | null => p.platform ?? null;
export const presetsFor = (presets: readonly Preset[], platform: string): Preset[] =>
  presets.filter((p) => platformOfPreset(p) === null || platformOfPreset(p) === platform);
/** Our own programs as measured (the rest: other frameworks, from their publications). */
export const isOurs = (p: Preset): boolean => platformOfPreset(p) !== null;

/**
 * The preset's engine cost per device and round (ns) on a path: as measured at this N where it was, else its own
 * figure for the path, else its one figure.
 */
export const presetCostNs = (preset: Preset, path: string, n?: number): number =>
  (n !== undefined ? preset.byN?.[String(n)]?.[path] : undefined) ?? preset.perPathNs?.[path] ?? preset.perDeviceNs;

/**
 * The path whose engine runs out of process in a family: the Kotlin/Native server runs the in-process engine
 * (`…-native`), the JVM server and the Node server their own runtime (the catalogue's socket and websocket paths).
 */
export function outOfProcessEnginePath(platform: 'desktop' | 'web', familyId: string, inPath: string): string {
  if (familyId.endsWith('-native')) return inPath;
  return platform === 'desktop' ? 'socket' : 'websocket';
}

/** The preset the view opens on: our euclidean gradient (the reference program) as measured on the platform. */
export function defaultPreset(presets: readonly Preset[], platform: string): Preset | undefined {
  const mine = presetsFor(presets, platform);
  return mine.find((p) => isOurs(p) && /euclid/i.test(p.id)) ?? mine.find(isOurs) ?? mine[0];
}

export interface ReadCase {
  platform: PlatformModel | null;
  family: CostFamily | null;
  /** The preset the cost comes from (none when the visitor typed a cost). */
  preset: Preset | null;
  /** The cost per device and round and per round (ns), when readable. */
  perDeviceNs: number | null;
  roundNs: number | null;
  /** A preset's own cost per device and round on the out-of-process side (another runtime), when it gives one. */
  outOfProcessPerDeviceNs: number | null;
  /** The inputs for predictCase, or null while a field has an error. */
  inputs: CaseInputs | null;
  errors: Partial<Record<CaseField, string>>;
}

/** Reads the typed case against the model and the presets; every field's problem in words, never a throw. */
export function readCase(state: CaseState, model: CostModel, allPresets: readonly Preset[]): ReadCase {
  const presets = presetsFor(allPresets, state.platform);
  const errors: ReadCase['errors'] = {};
  const platform = model.platforms.find((p) => p.platform === state.platform) ?? null;
  if (!platform) errors.platform = `the model has no ${state.platform} platform`;
  let family: CostFamily | null = null;
  if (platform) {
    const reference = platform.families.find((f) => f.reference) ?? platform.families[0];
    family = state.family === undefined ? reference : platform.families.find((f) => f.id === state.family) ?? null;
    if (!family) errors.family = `no ${state.platform} configuration "${state.family}": pick one from the list`;
  }
  const nText = parseNumber(state.devices);
  let n: number | null = null;
  if (typeof nText === 'string') errors.devices = `devices: ${nText}`;
  else if (!Number.isInteger(nText) || nText < 1) errors.devices = 'devices: a whole number of at least 1';
  else if (nText > MAX_DEVICES) errors.devices = `devices: at most ${MAX_DEVICES.toLocaleString('en-US')}`;
  else n = nText;

  let preset: Preset | null = null;
  let perDeviceNs: number | null = null;
  let roundNs: number | null = null;
  let outOfProcessPerDeviceNs: number | null = null;
  if (state.cost === undefined) {
    preset = state.preset === undefined ? defaultPreset(presets, state.platform) ?? null : presets.find((p) => p.id === state.preset) ?? null;
    if (!preset) errors.preset = state.preset === undefined ? 'no engine preset: enter a cost' : `no ${state.platform} preset "${state.preset}": pick one from the list or enter a cost`;
    else {
      perDeviceNs = presetCostNs(preset, platform?.inProcess.path ?? '', n ?? undefined);
      const out = family ? outOfProcessEnginePath(state.platform, family.id, platform?.inProcess.path ?? '') : null;
      const outNs = out ? presetCostNs(preset, out, n ?? undefined) : null;
      if (outNs !== null && (preset.perPathNs?.[out!] !== undefined || preset.byN?.[String(n)]?.[out!] !== undefined)) outOfProcessPerDeviceNs = outNs;
      if (n !== null) roundNs = perDeviceNs * n;
    }
  } else {
    const c = parseNumber(state.cost);
    if (typeof c === 'string') errors.cost = `engine cost: ${c}`;
    else if (c <= 0) errors.cost = 'engine cost: more than 0 µs (an engine that does nothing needs no process)';
    else if (state.per === 'round') {
      roundNs = c * 1e3;
      if (n !== null) perDeviceNs = roundNs / n;
    } else {
      perDeviceNs = c * 1e3;
      if (n !== null) roundNs = perDeviceNs * n;
    }
    if (roundNs !== null && roundNs > MAX_ROUND_NS) { errors.cost = `engine cost: at most ${MAX_ROUND_NS / 1e9} s per round`; roundNs = null; }
  }

  let frameHz: number | undefined;
  if (state.hz.trim() !== '') {
    const hz = parseNumber(state.hz);
    if (typeof hz === 'string') errors.hz = `frame rate: ${hz}`;
    else if (hz <= 0 || hz > MAX_HZ) errors.hz = `frame rate: more than 0 and at most ${MAX_HZ.toLocaleString('en-US')} Hz (empty: no frame)`;
    else frameHz = hz;
  }
  let networkRttNs: number | undefined;
  const rtt = parseNumber(state.rtt.trim() === '' ? '0' : state.rtt);
  if (typeof rtt === 'string') errors.rtt = `network round trip: ${rtt}`;
  else if (rtt < 0 || rtt > MAX_RTT_MS) errors.rtt = `network round trip: 0 to ${MAX_RTT_MS.toLocaleString('en-US')} ms`;
  else if (rtt > 0) networkRttNs = rtt * 1e6; // 0: the same machine, over its loopback, as measured

  const ok = Object.keys(errors).length === 0 && platform && family && n !== null && roundNs !== null;
  const outRound = ok && outOfProcessPerDeviceNs !== null && outOfProcessPerDeviceNs !== perDeviceNs ? outOfProcessPerDeviceNs * n! : undefined;
  const inputs: CaseInputs | null = ok
    ? {
      platform: state.platform, family: family!.id, n: n!, engineRoundNs: roundNs!, ...(frameHz !== undefined ? { frameHz } : {}), ...(networkRttNs !== undefined ? { networkRttNs } : {}),
      ...(outRound !== undefined ? { outOfProcessEngineRoundNs: outRound } : {}),
    }
    : null;
  return { platform, family, preset, perDeviceNs, roundNs, outOfProcessPerDeviceNs, inputs, errors };
}

/** A cost typed in the other unit, for the unit toggle: the same cost, in µs per round or per device and round. */
export function costInUnit(perDeviceNs: number | null, roundNs: number | null, per: 'round' | 'device'): string | undefined {
  const ns = per === 'round' ? roundNs : perDeviceNs;
  return ns === null ? undefined : String(Number((ns / 1e3).toPrecision(6)));
}

/** "74.0 µs [66.0, 82.2]"; the interval in the estimate's format. */
export const durationText = (e: Estimate): string => `${formatNs(e.estimate)} [${formatNs(e.ci95[0])}, ${formatNs(e.ci95[1])}]`;
/** "21.4× [18.6, 24.6]", as the project's tables write a ratio. */
export const ratioText = (e: Estimate): string => `${formatTimes(e.estimate)} [${formatTimes(e.ci95[0]).replace('×', '')}, ${formatTimes(e.ci95[1]).replace('×', '')}]`;
const pct = (x: number): string => {
  const p = x * 100;
  return `${Number(p.toPrecision(p >= 100 ? 4 : p >= 0.1 ? 2 : 1))} %`;
};
/** A share of the frame: "0.54 % [0.29, 0.79]"; from a whole frame on, in frames: "50.9 frames [26.4, 75.4]". */
export const shareText = (e: Estimate): string => (e.estimate >= 1
  ? `${Number(e.estimate.toPrecision(3))} frames [${Number(e.ci95[0].toPrecision(3))}, ${Number(e.ci95[1].toPrecision(3))}]`
  : `${pct(e.estimate)} [${pct(e.ci95[0]).replace(' %', '')}, ${pct(e.ci95[1]).replace(' %', '')}]`);

/** A break-even engine cost in words: per round, and per device and round at this N. */
export function breakEvenText(e: Estimate, n: number): string {
  if (!Number.isFinite(e.estimate)) return 'no engine cost (never)';
  if (e.estimate === 0 && e.ci95[1] === 0) return 'any engine cost: already below';
  return `${durationText(e)} per round (${formatNs(e.estimate / n)} per device and round at N = ${n.toLocaleString('en-US')})`;
}

/** The model's warnings in the visitor's words: a configuration family's id replaced by its label. */
export function warningsInWords(warnings: readonly string[], families: readonly { id: string; label: string }[]): string[] {
  const byLength = [...families].sort((a, b) => b.id.length - a.id.length);
  return warnings.map((w) => byLength.reduce((t, f) => t.split(f.id).join(`"${f.label}"`), w)
    // Durations in ns as the rest of the page writes them (20000000 ns → 20 ms; a range 140–1100 ns → 140 ns–1.1 µs).
    .replace(/(\d+(?:\.\d+)?)–(\d+(?:\.\d+)?) ns\b/g, (_m, a: string, b: string) => `${formatNs(Number(a))}–${formatNs(Number(b))}`)
    .replace(/(\d+(?:\.\d+)?) ns\b/g, (_m, a: string) => formatNs(Number(a))));
}

/** One measured run a prediction rests on, in plain words first. */
export interface BasisRun { run: string; label: string; configs: string[]; devices: number[] }

/** "2026-11-28-desktop-2fd3d76-070205-0467-b" → "28 Nov 2026, run B of its pair" (the id's own date and twin letter). */
export function runDateLabel(run: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})-[a-z]+-.*?(?:-([ab]))?$/.exec(run);
  if (!m) return run;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m[2]) - 1] ?? m[2];
  return `${Number(m[3])} ${month} ${m[1]}${m[4] ? `, run ${m[4].toUpperCase()} of its pair` : ''}`;
}

/** The basis grouped by run, in order of first mention, each labelled with its title and date. */
export function basisRuns(basis: CasePrediction['basis'], titles: ReadonlyMap<string, string>): BasisRun[] {
  const byRun = new Map<string, BasisRun>();
  for (const { run, config } of basis) {
    let r = byRun.get(run);
    if (!r) {
      const title = titles.get(run);
      r = { run, label: title ? `${title} (${runDateLabel(run)})` : runDateLabel(run), configs: [], devices: [] };
      byRun.set(run, r);
    }
    if (!r.configs.includes(config)) r.configs.push(config);
    const n = /^n(\d+)(?:-|$)/.exec(config);
    if (n && !r.devices.includes(Number(n[1]))) r.devices.push(Number(n[1]));
  }
  for (const r of byRun.values()) r.devices.sort((a, b) => a - b);
  return [...byRun.values()];
}

/** Log-spaced engine costs per round (ns) for the curve: `count` points from `lo` to `hi`. */
export function logGrid(lo: number, hi: number, count: number): number[] {
  if (!(lo > 0) || !(hi > lo) || count < 2) return [lo];
  const a = Math.log10(lo); const b = Math.log10(hi);
  return Array.from({ length: count }, (_, i) => 10 ** (a + ((b - a) * i) / (count - 1)));
}

/**
 * The curve's range of engine costs per round: a decade beyond the smallest and largest cost shown (the visitor's
 * and the presets'), so both ends of the fall to 1× are in the picture.
 */
export function curveRange(costs: readonly number[]): [number, number] {
  const ok = costs.filter((c) => Number.isFinite(c) && c > 0);
  if (!ok.length) return [1e2, 1e8];
  return [Math.min(...ok) / 10, Math.max(...ok) * 10];
}
