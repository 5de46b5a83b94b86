/**
 * Every piece of view state lives in the URL query string (shareable, reload-safe, back/forward). Pure parse
 * and serialize; only non-default values are written.
 */
import type { Unit } from '../model/units';
import { REFERENCE_PROGRAM } from '../../../measurement/src/catalogue.mjs';
import { WS_ENCODINGS, type WsEncoding } from '../live/model';

export const VIEWS = ['compare', 'yourcase', 'history', 'programs', 'distributions', 'warmup', 'scale', 'sql', 'live', 'network', 'profiles'] as const;
export type View = (typeof VIEWS)[number];
export const PLOTS = ['box', 'violin', 'ecdf', 'hist'] as const;
export type PlotKind = (typeof PLOTS)[number];

export interface ViewState {
  view: View;
  /** samples dropped per series (0 … 1000) */
  warmup: number;
  unit: Unit;
  /** selected runs (undefined: all) */
  runs?: string[];
  /** selected ids for the distribution and warm-up views (undefined: overhead + e2e) */
  ids?: string[];
  /** selected transports (undefined: all) */
  transports?: string[];
  /** selected N (undefined: all) */
  n?: number[];
  /** plotted configurations, `run/config` (undefined: the canonical ones; ['all']: every one) */
  cfg?: string[];
  /**
   * The aggregate program the plot views and the decomposition open on (`program=`, a docs/programs.md spec as the
   * runs record it; undefined: the reference program). The Live view reads the same parameter as the program it runs.
   */
  program?: string;
  plot: PlotKind;
  logx: boolean;
  floors: boolean;
  /** bootstrap resamples */
  boot: number;
  /**
   * `run/config` the Comparison opens on: the section holding that configuration's comparison is expanded and
   * scrolled into view, then the key is dropped (the Live view's link to the visitor's run).
   */
  focus?: string;
  sql?: string;
  /** Profiles view: the path pair shown side by side (desktop: native vs socket; web: wasm vs websocket) */
  pair: 'desktop' | 'web';
  /** Live view settings (written only when they differ from the Live view's defaults, and only on the Live view) */
  live: LiveState;
  /** History view: hfig= (figure key; undefined: the headline), hbase= and hvs= (`run/config`), hall=1 (every configuration) */
  history: HistoryState;
  /** "Your case" view: the visitor's case; read and written only on that view (undefined elsewhere) */
  yourCase?: CaseState;
}

export interface HistoryState { figure?: string; base?: string; vs?: string; all: boolean }

/** The Live view's settings in the URL: engine=, pacing=, nodes=, maxd=, scenario=, ws= (server address), enc=, program=. */
export interface LiveState {
  engine: 'wasm' | 'websocket';
  pacing: 'frame' | 'free';
  nodeCount: number;
  maxDistance: number;
  scenario: 'reference' | 'random';
  /** undefined: the page's default (npm start's port, else 8787) */
  wsUrl?: string;
  encoding: WsEncoding;
  /** The aggregate program's spec (docs/programs.md), as typed: the engine's registry decides whether it is valid. */
  program: string;
}

/**
 * The "Your case" view's inputs in the URL: platform=, family= (an out-of-process family id of the cost model),
 * devices=, cost= (as typed), per= (the cost's unit: µs per round or per device and round), preset= (an engine preset
 * id), hz=, rtt= (ms). Numbers stay as typed, so that a link reproduces a bad input with its error too.
 */
export interface CaseState {
  platform: 'desktop' | 'web';
  /** undefined: the platform's reference design */
  family?: string;
  devices: string;
  /** undefined: the preset's cost */
  cost?: string;
  per: 'round' | 'device';
  /** undefined: our reference program as measured (when no cost is typed) */
  preset?: string;
  hz: string;
  rtt: string;
}

export const CASE_DEFAULTS: CaseState = { platform: 'desktop', devices: '10', per: 'device', hz: '60', rtt: '0' };
/** Longest number or id the case's parameters carry. */
const MAX_CASE_TEXT = 40;

export const LIVE_DEFAULTS: LiveState = { engine: 'wasm', pacing: 'frame', nodeCount: 10, maxDistance: 3, scenario: 'random', encoding: 'json', program: REFERENCE_PROGRAM };
/** Longest program spec the URL carries (a spec is a name and a few parameters). */
const MAX_PROGRAM_SPEC = 200;

export const DEFAULTS: ViewState = { view: 'compare', warmup: 30, unit: 'auto', plot: 'box', logx: true, floors: true, boot: 1000, pair: 'desktop', live: LIVE_DEFAULTS, history: { all: false } };

const list = (v: string | null): string[] | undefined => (v === null ? undefined : v === '' ? [] : v.split(','));
const clampInt = (v: string | null, lo: number, hi: number, d: number): number => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) ? Math.min(hi, Math.max(lo, n)) : d;
};
const oneOf = <T extends string>(v: string | null, all: readonly T[], d: T): T => (all.includes(v as T) ? (v as T) : d);

function parseLive(q: URLSearchParams): LiveState {
  const d = LIVE_DEFAULTS;
  const maxd = Number(q.get('maxd'));
  return {
    engine: oneOf(q.get('engine'), ['wasm', 'websocket'] as const, d.engine),
    pacing: oneOf(q.get('pacing'), ['frame', 'free'] as const, d.pacing),
    nodeCount: clampInt(q.get('nodes'), 1, 10000, d.nodeCount),
    maxDistance: q.has('maxd') && Number.isFinite(maxd) && maxd >= 0.5 && maxd <= 10 ? maxd : d.maxDistance,
    scenario: oneOf(q.get('scenario'), ['reference', 'random'] as const, d.scenario),
    wsUrl: q.get('ws') || undefined,
    encoding: oneOf(q.get('enc'), WS_ENCODINGS, d.encoding),
    // On the other views the same parameter is the program their plots open on (ViewState.program).
    program: (q.get('view') === 'live' && q.get('program')?.trim().slice(0, MAX_PROGRAM_SPEC)) || d.program,
  };
}

function parseCase(q: URLSearchParams): CaseState {
  const d = CASE_DEFAULTS;
  const text = (k: string): string | undefined => { const v = q.get(k); return v === null ? undefined : v.trim().slice(0, MAX_CASE_TEXT); };
  return {
    platform: oneOf(q.get('platform'), ['desktop', 'web'] as const, d.platform),
    family: text('family') || undefined,
    devices: text('devices') ?? d.devices,
    cost: text('cost'),
    per: oneOf(q.get('per'), ['round', 'device'] as const, d.per),
    preset: text('preset') || undefined,
    hz: text('hz') ?? d.hz,
    rtt: text('rtt') ?? d.rtt,
  };
}

export function parseState(search: string): ViewState {
  const q = new URLSearchParams(search);
  const n = list(q.get('n'))?.map(Number).filter((x) => Number.isInteger(x) && x > 0);
  return {
    view: oneOf(q.get('view'), VIEWS, DEFAULTS.view),
    warmup: clampInt(q.get('warmup'), 0, 1000, DEFAULTS.warmup),
    unit: oneOf(q.get('unit'), ['auto', 'ns', 'us', 'ms'] as const, DEFAULTS.unit),
    runs: list(q.get('runs')),
    ids: list(q.get('ids')),
    transports: list(q.get('transports')),
    n,
    cfg: list(q.get('cfg')),
    program: q.get('view') === 'live' ? undefined : q.get('program')?.trim().slice(0, MAX_PROGRAM_SPEC) || undefined,
    plot: oneOf(q.get('plot'), PLOTS, DEFAULTS.plot),
    logx: q.has('logx') ? q.get('logx') !== '0' : DEFAULTS.logx,
    floors: q.has('floors') ? q.get('floors') !== '0' : DEFAULTS.floors,
    boot: clampInt(q.get('boot'), 100, 10000, DEFAULTS.boot),
    sql: q.get('sql') ?? undefined,
    focus: q.get('focus') || undefined,
    pair: oneOf(q.get('pair'), ['desktop', 'web'] as const, DEFAULTS.pair),
    live: parseLive(q),
    history: { figure: q.get('hfig') || undefined, base: q.get('hbase') || undefined, vs: q.get('hvs') || undefined, all: q.get('hall') === '1' },
    yourCase: q.get('view') === 'yourcase' ? parseCase(q) : undefined,
  };
}

export function toSearch(s: ViewState): string {
  const q = new URLSearchParams();
  if (s.view !== DEFAULTS.view) q.set('view', s.view);
  if (s.warmup !== DEFAULTS.warmup) q.set('warmup', String(s.warmup));
  if (s.unit !== DEFAULTS.unit) q.set('unit', s.unit);
  if (s.runs) q.set('runs', s.runs.join(','));
  if (s.ids) q.set('ids', s.ids.join(','));
  if (s.transports) q.set('transports', s.transports.join(','));
  if (s.n) q.set('n', s.n.join(','));
  if (s.cfg) q.set('cfg', s.cfg.join(','));
  if (s.program !== undefined && s.view !== 'live') q.set('program', s.program);
  if (s.plot !== DEFAULTS.plot) q.set('plot', s.plot);
  if (s.logx !== DEFAULTS.logx) q.set('logx', s.logx ? '1' : '0');
  if (s.floors !== DEFAULTS.floors) q.set('floors', s.floors ? '1' : '0');
  if (s.boot !== DEFAULTS.boot) q.set('boot', String(s.boot));
  if (s.sql !== undefined) q.set('sql', s.sql);
  if (s.focus !== undefined) q.set('focus', s.focus);
  if (s.pair !== DEFAULTS.pair) q.set('pair', s.pair);
  if (s.view === 'history') {
    const h = s.history;
    if (h.figure) q.set('hfig', h.figure);
    if (h.base) q.set('hbase', h.base);
    if (h.vs) q.set('hvs', h.vs);
    if (h.all) q.set('hall', '1');
  }
  if (s.view === 'yourcase' && s.yourCase) {
    const c = s.yourCase; const d = CASE_DEFAULTS;
    if (c.platform !== d.platform) q.set('platform', c.platform);
    if (c.family !== undefined) q.set('family', c.family);
    if (c.devices !== d.devices) q.set('devices', c.devices);
    if (c.cost !== undefined) q.set('cost', c.cost);
    if (c.per !== d.per) q.set('per', c.per);
    if (c.preset !== undefined) q.set('preset', c.preset);
    if (c.hz !== d.hz) q.set('hz', c.hz);
    if (c.rtt !== d.rtt) q.set('rtt', c.rtt);
  }
  const out = q.toString();
  if (s.view !== 'live') return out ? `?${out}` : ''; // the Live view's settings stay out of the other views' links
  const l = s.live; const d = LIVE_DEFAULTS;
  if (l.engine !== d.engine) q.set('engine', l.engine);
  if (l.pacing !== d.pacing) q.set('pacing', l.pacing);
  if (l.nodeCount !== d.nodeCount) q.set('nodes', String(l.nodeCount));
  if (l.maxDistance !== d.maxDistance) q.set('maxd', String(l.maxDistance));
  if (l.scenario !== d.scenario) q.set('scenario', l.scenario);
  if (l.wsUrl !== undefined) q.set('ws', l.wsUrl);
  if (l.encoding !== d.encoding) q.set('enc', l.encoding);
  if (l.program !== d.program) q.set('program', l.program);
  const live = q.toString();
  return live ? `?${live}` : '';
}
