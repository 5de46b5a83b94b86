// Sampling profiles in one format (docs/profiles.md): collapsed stacks, one line per distinct stack,
// "root;caller;...;leaf count". Converters from each profiler's own output (perf script, V8/Chromium .cpuprofile,
// async-profiler already writes collapsed), and the one set of rules that puts every sample into a category.
import { quantile } from './intervals.mjs';

/**
 * @typedef {'engine' | 'serialization' | 'transport' | 'runtime' | 'frontend' | 'idle' | 'other'} Category
 */

/**
 * @typedef {'pageToNetworkService' | 'networkServiceToSocket' | 'serverRoundTrip' | 'networkServiceToPage' | 'pageTurnaround'} Hop
 */

/**
 * `perf script` text → Map(stack → count). Kernel frames get the suffix "_[k]", unresolved frames are named by
 * their object file in brackets ("[libfoo.so]"); the comm (process or thread name) is the root frame, or the frame
 * below `root` when one is given.
 * @param {string} text
 * @param {string | null} [root]
 * @returns {Map<string, number>}
 */
export function perfScriptToCollapsed(text, root = null) {
  const out = new Map();
  let comm = null;
  let frames = [];
  const flush = () => {
    if (comm !== null) {
      const key = [...(root === null ? [] : [root]), comm, ...frames.reverse()].join(';');
      out.set(key, (out.get(key) ?? 0) + 1);
    }
    comm = null;
    frames = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') { flush(); continue; }
    if (!/^\s/.test(line)) { flush(); comm = line.trim().replace(/\s+\d+(\/\d+)?(\s.*)?$/, '').replace(/;/g, ':'); continue; }
    const m = line.trim().match(/^[0-9a-f]+\s+(.*?)\s+\(([^)]*)\)$/);
    if (!m) continue;
    let sym = m[1].replace(/\+0x[0-9a-f]+$/, '');
    const dso = m[2];
    if (sym === '[unknown]') sym = dso === '[unknown]' ? '[unknown]' : `[${dso.split('/').pop()}]`;
    if (dso.includes('kernel.kallsyms') || dso.startsWith('[kernel')) sym += '_[k]';
    sym = sym.replace(/;/g, ':');
    // Runs of one unresolved frame (frames without frame pointers) collapse into one.
    if (sym.startsWith('[') && frames[frames.length - 1] === sym) continue;
    frames.push(sym);
  }
  flush();
  return out;
}

/**
 * V8 / Chromium CPU profile (nodes, samples) → Map(stack → count); a frame is "function [file]" (file: last URL
 * segment). With `window` { fromUs, toUs }, only the samples taken inside it count: sample times are
 * `startTime` + the running sum of `timeDeltas`, µs of V8's monotonic clock (CLOCK_MONOTONIC on Linux, the clock of
 * Node's `process.hrtime`), so a profile that covers a process's whole life can be cut to the profiled window.
 * @param {any} profile a V8 .cpuprofile (JSON)
 * @param {string} [root]
 * @param {{ fromUs: number; toUs: number } | null} [window]
 * @returns {Map<string, number>}
 */
export function cpuProfileToCollapsed(profile, root = 'js', window = null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => {
    const f = n.callFrame;
    const fn = f.functionName || '(anonymous)';
    const file = f.url ? f.url.split(/[/?#]/).filter(Boolean).pop() : '';
    return `${fn}${file ? ` [${file}]` : ''}`.replace(/;/g, ':');
  };
  const stackOf = new Map();
  const stack = (id) => {
    if (stackOf.has(id)) return stackOf.get(id);
    const frames = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (n.callFrame.functionName !== '(root)') frames.push(name(n));
    }
    const s = [root, ...frames.reverse()].join(';');
    stackOf.set(id, s);
    return s;
  };
  const out = new Map();
  let t = profile.startTime ?? 0;
  (profile.samples ?? []).forEach((id, i) => {
    t += profile.timeDeltas?.[i] ?? 0;
    if (window && (t < window.fromUs || t > window.toUs)) return;
    const k = stack(id);
    out.set(k, (out.get(k) ?? 0) + 1);
  });
  return out;
}

/**
 * Parses collapsed text ("stack count" per line) into a Map.
 * @param {string} text
 * @returns {Map<string, number>}
 */
export function parseCollapsed(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const m = line.match(/^(.*) (\d+)$/);
    if (m) out.set(m[1], (out.get(m[1]) ?? 0) + Number(m[2]));
  }
  return out;
}

/**
 * @param {Map<string, number>} map
 * @returns {string}
 */
export const formatCollapsed = (map) => [...map].sort((a, b) => b[1] - a[1]).map(([s, c]) => `${s} ${c}`).join('\n') + '\n';

/**
 * @type {readonly Category[]}
 */
export const CATEGORIES = ['engine', 'serialization', 'transport', 'runtime', 'frontend', 'idle', 'other'];

/**
 * The classification rules. A stack with any frame matching the idle rule is "idle" (CPU spent entering or leaving
 * a blocking wait); else the rules are tried on each frame from the leaf towards the root, and the first frame that
 * matches one decides the sample's category; a stack with no matching frame is "other". Order within one frame:
 * idle, runtime, serialization, transport, engine, frontend (docs/profiles.md, "Categories").
 * @type {readonly (readonly [Category, RegExp])[]}
 */
const RULES = [
  ['idle', /^\(idle\)$|epoll_wait|futex_wait|do_futex|schedule_timeout|__schedule|do_idle|cpu_idle|pthread_cond_(timed)?wait|__pthread_cond|nanosleep|clock_nanosleep|do_sys_poll|__poll|Monitor\.Wait|Thread::sleep|Unsafe\.park|LockSupport\.park|WaitForSingleObject|Atomics\.wait/],
  ['runtime', /^\(garbage collector\)|sgen_|mono_gc|\[mono-sgen\]|\[libmono|kotlinx\.cinterop|__tls_get_addr|GC_|Scavenge|MarkCompact|v8::internal::Heap|G1|SerialHeap|DefNewGeneration|GenCollect|CompileBroker|C2Compiler|C1Compiler|Compile::|mini_method_compile|mono_jit_compile|mono_compile|mono_marshal|wrapper_managed_to_native|wrapper_native_to_managed|mono_threads_enter_gc|kotlin::gc|kotlin::mm|kotlin::alloc|Kotlin_|InterpreterRuntime|SharedRuntime|JVM_|^Phase[A-Za-z]+::|^Compile::|^Parse::|^GraphKit::|^Matcher::|^ciEnv::|^Compilation::|^LinearScan|^GenerateOopMap|^Interpreter$|^\[mono-sgen\]/],
  ['serialization', /[Jj]son|JSON|[Ss]eriali[sz]|[Cc]odec|Utf8|UTF8|utf8|Encoding|encodeBatch|decodeBatch|parseRequest|parseResponse|stringify|JsonParse|NumberFormat|Double\.parse|StringNumberConversions|toDoubleOrNull|toLongOrNull|nestingDepth|Session\$Companion|ToString|toString|StringBuilder|Newtonsoft|FormatDouble|dtoa|strtod|vfprintf|printf/],
  ['transport', /entry_SYSCALL|do_syscall_64|^__x64_sys_|^(send|recv|read|write|__libc_(send|recv|read|write)|sendto|recvfrom)$|[Ss]ocket|NetworkStream|SocketChannel|sun\.nio|java\.net|TCP|tcp_|writev|readv|WebSocket|websocket|\[ws\]|ws\/lib|receiver\.js|sender\.js|net\.js|stream_base|onStreamRead|^postMessage$|collektive\/server\/connection\/(Connection|LineReader|WriteTracker)/],
  ['engine', /collektive[./](engine|aggregate|stdlib|network)[./]|(Gradient|Aggregate)Engine|kfun:|\[collektive-wasm(-[^\]]+)?\.(mjs|wasm)\]$|_konan_function|checkRangeIndexes|simple_gradient|Collektive_/],
  ['frontend', /Collektive\.Frontend|Frontend\.|Apply|applyResult|apply\b|LiveRunner|Scene|scene|three\.module|render|Render|FrameLoop|desktop-host|DesktopHost|requestAnimationFrame|scheduleFree/],
];

/**
 * The category of one collapsed stack (frames root→leaf, separated by ";").
 * @param {string} stack
 * @returns {Category}
 */
export function classify(stack) {
  const frames = stack.split(';');
  // A thread entering or leaving a blocking wait: idle or wait, whatever called it (the CPU time of the wait itself).
  if (frames.some((f, i) => i > 0 && RULES[0][1].test(f))) return 'idle';
  for (let i = frames.length - 1; i >= 1; i -= 1) {
    for (const [cat, re] of RULES) if (re.test(frames[i])) return cat;
  }
  return 'other';
}

/**
 * Samples per category and their shares of all samples of the given collapsed maps.
 * @param {Iterable<Map<string, number>>} maps
 * @returns {{ total: number; counts: Record<Category, number>; shares: Record<Category, number> }}
 */
export function categoryShares(maps) {
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0]));
  let total = 0;
  for (const m of maps) for (const [s, c] of m) { counts[classify(s)] += c; total += c; }
  const shares = Object.fromEntries(CATEGORIES.map((c) => [c, total ? counts[c] / total : 0]));
  return { total, counts: /** @type {Record<Category, number>} */ (counts), shares: /** @type {Record<Category, number>} */ (shares) };
}

/**
 * Stacks containing a frame that matches `re`, with their sample count.
 * @param {Map<string, number>} map
 * @param {RegExp} re
 * @returns {{ stacks: number; samples: number; frames: string[] }}
 */
export function stacksMatching(map, re) {
  let stacks = 0;
  let samples = 0;
  const frames = new Set();
  for (const [s, c] of map) {
    const hit = s.split(';').filter((f) => re.test(f));
    if (hit.length) { stacks += 1; samples += c; for (const f of hit) frames.add(f); }
  }
  return { stacks, samples, frames: [...frames] };
}

/** The engine's step function as each path names it (docs/profiles.md, "The step function"). */
// The engine class is AggregateEngine; profiles taken before 2026-12-07 name it GradientEngine, so both match.
// Kotlin/Native: kfun:collektive.engine.AggregateEngine#step(kotlin.Int){}; JVM: collektive/engine/AggregateEngine.step_[j]
// (async-profiler's annotation: _[j] JIT-compiled, _[i] inlined, _[1] C1, _[0] interpreted);
// Kotlin/Wasm (name section): collektive.engine.AggregateEngine.step...; Kotlin/JS: step_gqwpj0_k$ (the mangled name
// of AggregateEngine.step(Int), the only method of that name in collektive-wasm.mjs).
/**
 * @type {RegExp}
 */
export const STEP_FRAME = /(Gradient|Aggregate)Engine[#.$_:/]+step(\b|_\[)|^step_gqwpj0_k\$/;

/**
 * Chromium trace categories whose events `websocketHops` reads (docs/profiles.md, "Hops of a WebSocket step").
 * @type {readonly string[]}
 */
export const HOP_TRACE_CATEGORIES = ['toplevel', 'mojom', 'devtools.timeline'];

/**
 * @type {readonly Hop[]}
 */
export const HOPS = ['pageToNetworkService', 'networkServiceToSocket', 'serverRoundTrip', 'networkServiceToPage', 'pageTurnaround'];

/** How many leading events of `list` (sorted by ts) have a ts for which `before` holds (a prefix: binary search). */
const countBefore = (list, before) => {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid].ts)) lo = mid + 1; else hi = mid;
  }
  return lo;
};
const mojoTag = (e) => e.args?.chrome_mojo_event_info?.mojo_interface_tag ?? e.args?.chrome_mojo_event_info?.watcher_notify_interface_tag;

/**
 * A Chromium trace (all processes, HOP_TRACE_CATEGORIES) of a free-paced WebSocket run → the hops of each step, µs,
 * from one step's `WebSocketSend` on the page's main thread to the next one's (the five add up to the step period):
 *   pageToNetworkService    WebSocketSend → the network service receives the `network.mojom.WebSocket` message
 *   networkServiceToSocket  → end of its data-pipe handler (`services/network/websocket.cc`), which writes the socket
 *   serverRoundTrip         → the network service's next `EpollEvent` before the reply reaches the page: loopback TCP,
 *                             the Node server's main thread, the engine worker and back
 *   networkServiceToPage    → the page's main thread receives the `network.mojom.WebSocketClient` message (mojo IPC
 *                             to the renderer's IO thread, then the main thread's task queue)
 *   pageTurnaround          → the next WebSocketSend: message event, parse, apply, scheduling of the next step
 * Trace timestamps are one monotonic clock across processes. Steps whose events are not all found in this order are
 * left out (`matched` of `steps`). Returns { steps, matched, meanUs, medianUs, p90Us } (means add up to the mean step
 * period of the matched steps; quantiles interpolate between order statistics) or null without WebSocket sends.
 * @param {readonly any[]} traceEvents a Chromium trace's events (JSON)
 * @returns {{ steps: number; matched: number; meanUs: Record<Hop, number | null>; medianUs: Record<Hop, number | null>; p90Us: Record<Hop, number | null>; } | null}
 */
export function websocketHops(traceEvents) {
  const procName = new Map();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'process_name') procName.set(e.pid, e.args?.name);
  const ev = traceEvents.filter((e) => e.ph !== 'M' && typeof e.ts === 'number').sort((a, b) => a.ts - b.ts);
  const sends = ev.filter((e) => e.name === 'WebSocketSend');
  if (sends.length < 2) return null;
  const page = { pid: sends[0].pid, tid: sends[0].tid };
  const isNet = (e) => procName.get(e.pid) === 'Service: network.mojom.NetworkService';
  const onPageMain = (e) => e.pid === page.pid && e.tid === page.tid;
  const nsRecv = ev.filter((e) => isNet(e) && e.name === 'Receive mojo message' && mojoTag(e) === 'network.mojom.WebSocket');
  const nsWrite = ev.filter((e) => isNet(e) && e.name === 'SimpleWatcher::OnHandleReady' && e.ph === 'X' && mojoTag(e) === 'services/network/websocket.cc');
  const nsEpoll = ev.filter((e) => isNet(e) && e.name === 'EpollEvent');
  const pageRecv = ev.filter((e) => onPageMain(e) && e.name === 'Receive mojo message' && mojoTag(e) === 'network.mojom.WebSocketClient');
  // The lists are sorted by ts: binary search, not a scan per step (a trace holds thousands of steps).
  const firstIn = (list, from, to) => { const e = list[countBefore(list, (ts) => ts <= from)]; return e && e.ts < to ? e : undefined; };
  const lastIn = (list, from, to) => { const e = list[countBefore(list, (ts) => ts < to) - 1]; return e && e.ts > from ? e : undefined; };
  const hops = Object.fromEntries(HOPS.map((h) => [h, []]));
  let matched = 0;
  for (let i = 0; i + 1 < sends.length; i += 1) {
    const [s0, s1] = [sends[i].ts, sends[i + 1].ts];
    const recv = firstIn(nsRecv, s0, s1);
    const write = recv && firstIn(nsWrite, recv.ts - 1, s1);
    const back = write && firstIn(pageRecv, write.ts + write.dur, s1);
    const read = back && lastIn(nsEpoll, write.ts + write.dur, back.ts);
    if (!read) continue;
    matched += 1;
    hops.pageToNetworkService.push(recv.ts - s0);
    hops.networkServiceToSocket.push(write.ts + write.dur - recv.ts);
    hops.serverRoundTrip.push(read.ts - (write.ts + write.dur));
    hops.networkServiceToPage.push(back.ts - read.ts);
    hops.pageTurnaround.push(s1 - back.ts);
  }
  /** @type {(f: (xs: number[]) => number) => Record<Hop, number | null>} */
  const perHop = (f) => /** @type {Record<Hop, number | null>} */ (Object.fromEntries(HOPS.map((h) => [h, hops[h].length ? f(hops[h]) : null])));
  return {
    steps: sends.length - 1, matched,
    meanUs: perHop((xs) => xs.reduce((a, b) => a + b, 0) / xs.length),
    medianUs: perHop((xs) => quantile(xs, 0.5)),
    p90Us: perHop((xs) => quantile(xs, 0.9)),
  };
}
