/**
 * Readable labels for the ids a reader meets: configuration ids (bench:* writes them from N, pacing, encoding,
 * transport, server, spin, program, work, engine preset and driver: `n10-free-binary-shm-native`), family ids
 * (`tcp-json-jvm`), and run ids (`2026-12-07-desktop-ca9f38b-162637-d3ce-b`), in words. The raw id stays one click
 * away where a label is shown (components/IdLabel.tsx). Pure.
 */

const ENCODING: Record<string, string> = {
  json: 'JSON', 'json-split': 'JSON, one message per request', batched: 'JSON, positions batched', binary: 'binary', 'binary-step': 'binary, one message per step',
};
const TRANSPORT: Record<string, string> = { tcp: 'TCP socket', uds: 'Unix socket', shm: 'shared memory', ws: 'WebSocket', websocket: 'WebSocket' };
const SERVER: Record<string, string> = { jvm: 'JVM server', native: 'Kotlin/Native server', node: 'Node server' };
const PACING: Record<string, string> = { free: 'free pacing', fixed: 'fixed tick', frame: 'one step per frame' };
const DRIVER: Record<string, string> = { cdp: 'page driven over CDP', playwright: 'page driven by Playwright' };
const PRESET: Record<string, string> = { 'collektive-reference': "Collektive's engine cost", protelis: "Protelis's engine cost", scafi: "ScaFi's engine cost" };
/** Programs of the suite (docs/programs.md), by their spec name. */
const PROGRAM: Record<string, string> = {
  euclidean: 'Euclidean gradient', hop: 'hop-count gradient', gossipMax: 'gossip of the maximum', boundedElection: 'bounded leader election',
  countDevices: 'device count', channel: 'channel', neighborCounter: 'neighbour count',
};

/** The reference study's two Unity scenes (its run's configurations). */
const REFERENCE_SCENES: Record<string, string> = { 'native-scene': 'its FFI scene', 'socket-scene': 'its TCP socket scene, 200 ms tick' };

/** "16.5 µs" from ns: the work per device and round as a reader reads it. */
const workText = (ns: number) => (ns >= 1000 ? `${Number((ns / 1000).toPrecision(3))} µs` : `${ns} ns`);

/**
 * A configuration id in words: "N = 10, free pacing, binary, shared memory, Kotlin/Native server". Unknown parts are
 * kept as written (a new bench option still reads, if not as words); an upload's `u1-` prefix is named.
 */
export function configurationLabel(id: string): string {
  const family = familyLabel(id);
  if (family) return family;
  if (REFERENCE_SCENES[id]) return REFERENCE_SCENES[id];
  let rest = id;
  const words: string[] = [];
  const upload = rest.match(/^u(\d+)-/);
  if (upload) { words.push(`upload ${upload[1]}`); rest = rest.slice(upload[0].length); }
  const n = rest.match(/^n(\d+)(?:-|$)/);
  if (n) { words.push(`N = ${n[1]}`); rest = rest.slice(n[0].length); }
  const tokens = rest ? rest.split('-') : [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const two = `${t}-${tokens[i + 1] ?? ''}`;
    if (ENCODING[two]) { words.push(ENCODING[two]); i++; continue; }
    if (PRESET[two]) { words.push(PRESET[two]); i++; continue; }
    if (PACING[t]) { words.push(PACING[t]); continue; }
    if (ENCODING[t]) { words.push(ENCODING[t]); continue; }
    if (TRANSPORT[t]) { words.push(TRANSPORT[t]); continue; }
    if (SERVER[t]) { words.push(SERVER[t]); continue; }
    if (DRIVER[t]) { words.push(DRIVER[t]); continue; }
    const spin = t.match(/^sspin(\d+)$/);
    if (spin) { words.push(spin[1] === '0' ? 'server does not spin' : `server spins ${spin[1]} µs`); continue; }
    if (PROGRAM[t] && tokens[i + 1] === 'work' && /^\d+$/.test(tokens[i + 2] ?? '')) {
      words.push(`${t === 'euclidean' ? '' : `${PROGRAM[t]}, `}work ${workText(Number(tokens[i + 2]))} per device and round`);
      i += 2; continue;
    }
    if (PROGRAM[t]) { words.push(PROGRAM[t]); continue; }
    const tick = t.match(/^(\d+(?:\.\d+)?)ms$/);
    if (tick) { words.push(`${tick[1]} ms`); continue; }
    words.push(t);
  }
  return words.join(', ') || id;
}

/** A family id (`tcp-json-jvm`, `shm-binary-native`, `ws-json`) in words, or null when `id` is not one. */
export function familyLabel(id: string): string | null {
  const m = id.match(/^(tcp|uds|shm|ws)-(json-split|binary-step|json|batched|binary)(?:-(jvm|native|node))?$/);
  if (!m) return null;
  const server = m[3] ? SERVER[m[3]] : m[1] === 'ws' ? SERVER.node : null;
  return [TRANSPORT[m[1]], ENCODING[m[2]], server].filter(Boolean).join(', ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A run id in words: "desktop run of 7 Dec 2026, 16:26, commit ca9f38b (twin b)". bench:* ids are
 * `<date>-<kind>-<commit>-<hhmmss>-<salt>[-a|-b]` (older ones `<date>-<kind>-<commit>-<hhmm>` or `<date>-<kind>-<name>`);
 * `reference-study` and `uploads` are named; anything else is kept as written.
 */
export function runLabel(id: string): string {
  if (id === 'reference-study') return 'the reference study (Unity + Collektive)';
  if (id === 'uploads') return 'your uploads';
  const m = id.match(/^(\d{4})-(\d{2})-(\d{2})-([a-z]+)(?:-(.+))?$/);
  if (!m) return id;
  const [, y, mo, d, kind, rest] = m;
  const date = `${Number(d)} ${MONTHS[Number(mo) - 1] ?? mo} ${y}`;
  if (!rest) return `${kind} run of ${date}`;
  const full = rest.match(/^([0-9a-f]{7})-(\d{2})(\d{2})(\d{2})?(?:-[0-9a-f]{4})?(?:-([ab]))?$/);
  if (full) {
    const [, commit, hh, mm, , twin] = full;
    return `${kind} run of ${date}, ${hh}:${mm}, commit ${commit}${twin ? ` (twin ${twin})` : ''}`;
  }
  return `${kind} run of ${date} (${rest})`;
}
