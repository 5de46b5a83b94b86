// The request path's warm-up: a scripted session over a loopback WebSocket to this server, run before the server
// says it is listening. The engine warm-up of src/simulation.mjs makes V8 optimize the engine, but a client's
// request also runs ws's framing, the session's parsing and validation, the inline engine's slicing and the reply
// encoding, and V8 optimizes those only after hundreds of requests: without this a fresh server's N = 10 step
// took about 2000 steps to settle (step.service 98 → 27 µs, step.compute 25 → 2.7 µs), longer than a benchmark
// invocation. The JVM server warms its request path the same way (collektive-jvm-server Warmup.kt), so both servers
// are measured warm (docs/protocol.md, "Warm-up").
import WebSocket from 'ws';
import { encodePositionsBuffer, encodeStepBuffer } from '../../collektive-wasm/src/js/state.mjs';

/** Devices of the reference scenario, and of the larger simulation run in the script's last quarter. */
const SMALL = 10;
const LARGE = 100;

/** The address a client reaches a server bound to `host` on: a wildcard bind is reached over loopback. */
export function loopbackUrl(host, port, path) {
  const h = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `ws://${h.includes(':') ? `[${h}]` : h}:${port}${path}`;
}

/** Positions of `n` devices on a line one unit apart, moved a little in round `r` (the neighbourhoods change). */
function positionsAt(n, r) {
  const xyz = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    xyz[3 * i] = (i % 25) + 0.3 * Math.sin(r * 0.1 + i);
    xyz[3 * i + 1] = Math.floor(i / 25) + 0.3 * Math.cos(r * 0.07 + i);
  }
  return xyz;
}

/**
 * The messages of round `r` as a client sends them, in every encoding the Live view uses (docs/protocol.md):
 * mostly `json` (one message of newPosition lines and the step, the reference requests), then `json-split`,
 * `batched`, `binary` and `binary-step`, and an echo now and then. Each round has exactly one reply.
 */
function round(n, r) {
  const xyz = positionsAt(n, r);
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`{"op":"newPosition","data":{"nodeId":${i},"x":${xyz[3 * i]},"y":${xyz[3 * i + 1]},"z":${xyz[3 * i + 2]}}}`);
  const step = (extra = '') => `{"op":"step","data":{"rid":${r},"stepCount":1${extra}}}`;
  switch (r % 8) {
    case 3: return [encodeStepBuffer(r, xyz)];
    case 4: return [...lines, step()];
    case 5: return [step(`,"xyz":[${Array.prototype.join.call(xyz, ',')}]`)];
    case 6: return [encodePositionsBuffer(xyz), step(',"encoding":"binary"')];
    case 7: return r % 64 === 7 ? ['{"op":"echo","data":{}}'] : [[...lines, step()].join('\n')];
    default: return [[...lines, step()].join('\n')];
  }
}

/**
 * Runs `rounds` rounds of the script against the server at `url` (its timing log must not count them: the server
 * gives this connection no log). Resolves with the rounds answered; a refused or failed warm-up ends early and
 * resolves with what it did (the server serves cold, it does not fail).
 * @param {{ url: string, rounds: number, timeoutMs?: number }} o
 * @returns {Promise<{ rounds: number, ms: number, error: string | null }>}
 */
export async function warmUpRequestPath({ url, rounds, timeoutMs = 30_000 }) {
  const t0 = performance.now();
  if (rounds <= 0) return { rounds: 0, ms: 0, error: null };
  const ws = new WebSocket(url, { perMessageDeflate: false });
  let answered = 0;
  let error = null;
  let next = null;
  const fail = (e) => { error ??= e; next?.(); };
  ws.on('error', (e) => fail(e.message));
  ws.on('close', () => fail('the server closed the warm-up connection'));
  ws.on('message', (data, isBinary) => {
    // A step answers with its state (or a binary state), an echo with itself; anything else is an error reply.
    if (!isBinary) {
      const text = data.toString('utf8');
      if (text.startsWith('{"error"')) { fail(`the server refused a warm-up request: ${text.slice(0, 200)}`); return; }
    }
    answered += 1;
    next?.();
  });
  const timer = setTimeout(() => fail(`the warm-up took over ${timeoutMs} ms`), timeoutMs);
  try {
    await new Promise((resolve) => { ws.once('open', resolve); next = resolve; });
    const larger = Math.floor((rounds * 3) / 4);
    for (let r = 0; r < rounds && error === null; r++) {
      const n = r < larger ? SMALL : LARGE;
      if (r === 0 || r === larger) {
        ws.send(`{"op":"createSim","data":{"nodeCount":${n},"maxDistance":3}}\n{"op":"setSource","data":{"nodeId":0}}`);
      }
      const replied = new Promise((resolve) => { next = resolve; });
      for (const m of round(n, r)) ws.send(m);
      await replied;
    }
  } finally {
    clearTimeout(timer);
    next = null;
    ws.removeAllListeners('close');
    ws.terminate();
  }
  return { rounds: answered, ms: performance.now() - t0, error };
}
