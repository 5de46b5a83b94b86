// The C# side of the Unity WebGL player, played in JavaScript against the real .jslib plugins: heap buffers and
// [MonoPInvokeCallback] function pointers as IL2CPP would pass them. Exposes `window.harness` for the test.
import { decodeStateBuffer, loadWasmEngine } from '/collektive-wasm/src/js/engine.mjs';

const PLUGINS = ['CollektiveWasm', 'CollektiveWebSocket', 'CollektivePage', 'CollektiveNativeStubs'];
const num = (s) => (s === 'Infinity' ? Infinity : s === '-Infinity' ? -Infinity : Number(s));

/** C# double[] pinned on the heap (IL2CPP passes a pointer to the array data). */
function doublesOnHeap(values, misalign = 0) {
  const p = _malloc(8 * values.length + 8) + misalign;
  if (misalign === 0) HEAPF64.set(values, p >> 3);
  else { const dv = new DataView(HEAPU8.buffer); values.forEach((v, i) => dv.setFloat64(p + 8 * i, v, true)); }
  return { ptr: p, free: () => _free(p - misalign) };
}

/** What WasmEngine.RequestStep + TryReceiveState read: the header, then Marshal.Copy of the three arrays. */
function readState(header) {
  const h = header >> 2;
  const [vp, op, ip, n, total] = [HEAP32[h], HEAP32[h + 1], HEAP32[h + 2], HEAP32[h + 3], HEAP32[h + 4]];
  const values = Array.from(HEAPF64.subarray(vp >> 3, (vp >> 3) + n));
  const offsets = Array.from(HEAP32.subarray(op >> 2, (op >> 2) + n + 1));
  const ids = Array.from(HEAP32.subarray(ip >> 2, (ip >> 2) + total));
  const neighbors = values.map((_, i) => ids.slice(offsets[i], offsets[i + 1]));
  return { n, total, values, neighbors, pointers: [vp, op, ip] };
}

/** Compares a state with a vector round; returns null or the first difference. */
function diff(state, round, label) {
  if (state.values.length !== round.values.length) return `${label}: ${state.values.length} values, expected ${round.values.length}`;
  for (let i = 0; i < round.values.length; i++) {
    if (!Object.is(state.values[i], num(round.values[i]))) return `${label}: value[${i}] = ${state.values[i]}, expected ${round.values[i]}`;
    if (JSON.stringify(state.neighbors[i]) !== JSON.stringify(round.neighbors[i])) {
      return `${label}: neighbors[${i}] = ${JSON.stringify(state.neighbors[i])}, expected ${JSON.stringify(round.neighbors[i])}`;
    }
  }
  return null;
}

/** Plays a test vector through CollektiveWasm.jslib as WasmEngine does (all positions batched every round). */
function runWasmVector(vector, { misalign = 0 } = {}) {
  const h = _CollektiveWasm_Create(vector.nodeCount, num(vector.maxDistance));
  if (h < 0) return { error: lastError('_CollektiveWasm_LastError') };
  const xyz = new Float64Array(3 * vector.nodeCount);
  const header = _malloc(20);
  const seenPointers = new Set();
  try {
    for (let r = 0; r < vector.rounds.length; r++) {
      const round = vector.rounds[r];
      for (const op of round.ops) {
        let rc = 0;
        if (op.op === 'updatePositions') op.xyz.forEach((v, i) => { xyz[i] = num(v); });
        else if (op.op === 'updatePosition') { xyz.set(op.xyz.map(num), 3 * op.node); }
        else if (op.op === 'setSource') rc = _CollektiveWasm_SetSource(h, op.node, op.isSource ? 1 : 0);
        else if (op.op === 'clearSources') rc = _CollektiveWasm_ClearSources(h);
        else return { error: `round ${r}: op ${op.op} not supported by the Unity Wasm engine` };
        if (rc !== 0) return { error: `round ${r}: ${op.op} failed: ${lastError('_CollektiveWasm_LastError')}` };
      }
      const pos = doublesOnHeap(xyz, misalign);
      const rc = _CollektiveWasm_UpdatePositions(h, pos.ptr, xyz.length);
      pos.free();
      if (rc !== 0) return { error: `round ${r}: updatePositions failed: ${lastError('_CollektiveWasm_LastError')}` };
      if (_CollektiveWasm_StepAndGetState(h, round.steps, header) !== 0) return { error: `round ${r}: step failed: ${lastError('_CollektiveWasm_LastError')}` };
      const state = readState(header);
      state.pointers.forEach((p) => seenPointers.add(p));
      const d = diff(state, round, `${vector.name} round ${r}`);
      if (d) return { error: d };
    }
    return { ok: true, rounds: vector.rounds.length, distinctBufferPointers: seenPointers.size };
  } finally {
    _free(header);
    _CollektiveWasm_Destroy(h);
  }
}

/**
 * What WasmLayoutSource does: a pinned C# double[] of `capacity` values (`misalign` bytes off 8-byte alignment),
 * CollektiveWasm_ScenarioPositions into it, the array read back. `guard` values after the array must stay as they
 * were (the jslib writes no further than its capacity).
 */
function scenarioLayout(scenario, nodeCount, seed, meanDegree, maxDistance, { capacity = 3 * nodeCount, misalign = 0 } = {}) {
  const guard = 4;
  const buf = doublesOnHeap(new Float64Array(capacity + guard).fill(42), misalign);
  try {
    const rc = _CollektiveWasm_ScenarioPositions(scenario, nodeCount, seed, meanDegree, maxDistance, buf.ptr, capacity);
    const dv = new DataView(HEAPU8.buffer);
    const all = Array.from({ length: capacity + guard }, (_, i) => dv.getFloat64(buf.ptr + 8 * i, true));
    return {
      rc, xyz: all.slice(0, capacity), guardIntact: all.slice(capacity).every((v) => v === 42),
      error: rc === 0 ? undefined : lastError('_CollektiveWasm_LastError'),
    };
  } finally { buf.free(); }
}

/** A C# string return value: the marshaller copies it and frees the buffer. */
function lastError(fn) {
  const p = window[fn]();
  const s = UTF8ToString(p);
  _free(p);
  return s;
}

// ---- WebSocket: the callbacks C# registers, and a promise-based inbox per socket ----
const sockets = new Map();
const entry = (id) => {
  if (!sockets.has(id)) sockets.set(id, { opened: false, inbox: [], waiters: [], closed: null, liveAfterMessage: [] });
  return sockets.get(id);
};
const push = (e, item) => { const w = e.waiters.shift(); if (w) w(item); else e.inbox.push(item); };
const onOpen = addFunction((id) => { const e = entry(id); e.opened = true; push(e, { kind: 'open' }); });
const onMessage = addFunction((id, ptr, length, isBinary) => {
  const e = entry(id);
  // as JslibWebSocketBridge.OnMessage: copy out during the call (the jslib frees the buffer afterwards)
  const bytes = HEAPU8.slice(ptr, ptr + length);
  const liveDuring = heapLiveBlocks();
  push(e, isBinary ? { kind: 'binary', bytes, liveDuring } : { kind: 'text', text: new TextDecoder().decode(bytes), terminated: HEAPU8[ptr + length] === 0, liveDuring });
});
const onClose = addFunction((id, code, reasonPtr) => { const e = entry(id); e.closed = { code, reason: UTF8ToString(reasonPtr) }; push(e, { kind: 'close', code, reason: e.closed.reason }); });

function next(id, timeoutMs = 10000) {
  const e = entry(id);
  if (e.inbox.length) return Promise.resolve(e.inbox.shift());
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`socket ${id}: nothing received within ${timeoutMs} ms`)), timeoutMs);
    e.waiters.push((item) => { clearTimeout(t); resolve(item); });
  });
}

function wsOpen(url) {
  const p = allocUTF8(url);
  const id = _CollektiveWs_Open(p, onOpen, onMessage, onClose);
  _free(p); // IL2CPP frees its marshalled string after the call
  return id;
}

function wsSend(id, text) {
  const p = allocUTF8(text);
  const rc = _CollektiveWs_Send(id, p);
  _free(p);
  return rc;
}

function wsSendBinary(id, bytes) {
  const p = _malloc(bytes.length);
  HEAPU8.set(bytes, p);
  const rc = _CollektiveWs_SendBinary(id, p, bytes.length);
  _free(p);
  return rc;
}

/** Plays a vector over the WebSocket as WebSocketEngine does, in one of its encodings. */
async function runWebSocketVector(url, vector, encoding) {
  const id = wsOpen(url);
  if (id <= 0) return { error: 'open failed: ' + lastError('_CollektiveWs_LastError') };
  const opened = await next(id);
  if (opened.kind !== 'open') return { error: `expected open, got ${JSON.stringify(opened)}` };
  const baseline = heapLiveBlocks();
  const xyz = new Float64Array(3 * vector.nodeCount);
  const liveDuring = [];
  let rid = 0;
  const send = (obj) => { if (wsSend(id, JSON.stringify(obj)) !== 0) throw new Error('send failed: ' + lastError('_CollektiveWs_LastError')); };
  send({ op: 'createSim', data: { nodeCount: vector.nodeCount, maxDistance: num(vector.maxDistance) } });
  for (let r = 0; r < vector.rounds.length; r++) {
    const round = vector.rounds[r];
    for (const op of round.ops) {
      if (op.op === 'updatePositions') op.xyz.forEach((v, i) => { xyz[i] = num(v); });
      else if (op.op === 'updatePosition') xyz.set(op.xyz.map(num), 3 * op.node);
      else if (op.op === 'setSource') send({ op: 'setSource', data: { nodeId: op.node, isSource: op.isSource } });
      else if (op.op === 'clearSources') send({ op: 'clearSources', data: {} });
    }
    const step = { op: 'step', data: { rid: ++rid, stepCount: round.steps, ...(encoding === 'binary' ? { encoding: 'binary' } : {}) } };
    if (encoding === 'json') {
      // one text message per frame: the newPosition lines and the step line, joined by '\n' (the desktop framing)
      const lines = [];
      for (let i = 0; i < vector.nodeCount; i++) lines.push(JSON.stringify({ op: 'newPosition', data: { nodeId: i, x: xyz[3 * i], y: xyz[3 * i + 1], z: xyz[3 * i + 2] } }));
      lines.push(JSON.stringify(step));
      if (wsSend(id, lines.join('\n')) !== 0) return { error: 'send failed: ' + lastError('_CollektiveWs_LastError') };
    } else if (encoding === 'batched') {
      send({ op: 'positions', data: { xyz: Array.from(xyz) } });
    } else {
      const buf = new DataView(new ArrayBuffer(4 + 8 * xyz.length));
      buf.setInt32(0, vector.nodeCount, true);
      xyz.forEach((v, i) => buf.setFloat64(4 + 8 * i, v, true));
      if (wsSendBinary(id, new Uint8Array(buf.buffer)) !== 0) return { error: 'sendBinary failed' };
    }
    if (encoding !== 'json') send(step);
    const msg = await next(id);
    liveDuring.push(msg.liveDuring);
    let state;
    if (encoding === 'binary') {
      if (msg.kind !== 'binary') return { error: `round ${r}: expected a binary frame, got ${JSON.stringify(msg).slice(0, 200)}` };
      const s = decodeStateBuffer(msg.bytes);
      state = { values: Array.from(s.values), neighbors: Array.from(s.values, (_, i) => Array.from(s.neighborIds.subarray(s.neighborOffsets[i], s.neighborOffsets[i + 1]))) };
    } else {
      if (msg.kind !== 'text') return { error: `round ${r}: expected text, got ${msg.kind}` };
      if (!msg.terminated) return { error: 'text message not NUL-terminated on the heap' };
      const parsed = JSON.parse(msg.text.replace(/-?Infinity/g, (m) => `"${m}"`));
      if (parsed.error) return { error: `round ${r}: server error ${parsed.error}` };
      if (parsed.rid !== rid) return { error: `round ${r}: rid ${parsed.rid}, expected ${rid}` };
      state = { values: parsed.values.map((v) => num(String(v.value))), neighbors: parsed.values.map((v) => v.neighbors) };
    }
    const d = diff(state, round, `${vector.name} ${encoding} round ${r}`);
    if (d) return { error: d };
  }
  const liveAfter = heapLiveBlocks();
  _CollektiveWs_Close(id);
  const closed = await next(id);
  return { ok: true, rounds: vector.rounds.length, baseline, liveDuring: Math.max(...liveDuring), liveAfter, closed, stateAfterClose: _CollektiveWs_State(id) };
}

async function echo(url, count) {
  const id = wsOpen(url);
  await next(id);
  const rtts = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    wsSend(id, JSON.stringify({ op: 'echo', data: { seq: i } }));
    const m = await next(id);
    rtts.push(performance.now() - t0);
    if (m.kind !== 'text' || JSON.parse(m.text).data.seq !== i) return { error: `echo ${i}: ${JSON.stringify(m)}` };
  }
  _CollektiveWs_Close(id);
  await next(id);
  return { ok: true, count, medianMs: rtts.sort((a, b) => a - b)[rtts.length >> 1] };
}

async function init() {
  window.collektiveWasm = await loadWasmEngine('/collektive-wasm/build/wasm/collektive-wasm.wasm');
  const installed = [];
  for (const name of PLUGINS) {
    const src = await (await fetch(`/unity-webgl/Assets/Plugins/WebGL/${name}.jslib`)).text();
    installed.push(...installJslib(src));
  }
  return installed;
}

window.harness = {
  ready: init(), runWasmVector, runWebSocketVector, echo, readState, lastError, wsOpen, wsSend, next, scenarioLayout,
  heapLiveBlocks: () => heapLiveBlocks(),
};
