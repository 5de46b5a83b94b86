// The out-of-process path: the engine in Node (collektive-node-server) behind a WebSocket, docs/reference-study.md protocol.
import { decodeStateBuffer, encodePositionsBuffer, encodeStepBuffer, parseJsonWithInfinity, stateFromJsonValues } from '../../../../collektive-wasm/src/js/state.mjs';
import type { WsEncoding } from '../model';
import { WEB_IDS } from '../timing/ids';
import type { TimingRecorder } from '../timing/recorder';
import type { LiveEngine, StepOutcome } from './types';
import { loadJsLayouts, type SceneLayouts } from './layouts';
import { isReferenceProgram, ProgramError, REFERENCE_PROGRAM } from './programs';

interface Pending {
  /** The step request's rid: a JSON reply echoes it (docs/protocol.md); the Node server's binary reply does not. */
  rid: number;
  sentAt: number;
  rec: TimingRecorder;
  done: (o: StepOutcome) => void;
}

/** The Node ws server's default port (`npm run server:node`, `npm start`). */
export const DEFAULT_WS_PORT = 8787;

/**
 * Default server address: the port `npm start -- --ws-port N` handed to the page (`live-server.json`, answered by
 * the preview and dev servers; see vite.config.ts), else the page's host on the server's default port. A `?ws=` in
 * the URL is the visitor's choice, not the default: the view state carries it, and the URL keeps it only while it
 * differs from this default. A hosted copy (a host name that is not the visitor's machine) defaults to the visitor's
 * loopback: the server runs where the visitor cloned the repository, never on the site's host.
 */
export async function defaultWsUrl(): Promise<string> {
  const name = location.hostname;
  const ipLiteral = /^[\d.]+$|^\[/.test(name);
  const host = name && name !== 'localhost' && ipLiteral ? name : '127.0.0.1';
  try {
    const r = await fetch(new URL(`${import.meta.env.BASE_URL}live-server.json`, document.baseURI));
    const j = r.ok ? await r.json() as { wsPort?: number | null } : null;
    if (j && Number.isInteger(j.wsPort) && j.wsPort! > 0) return `ws://${host}:${j.wsPort}`;
  } catch { /* static hosting without the file: the default below */ }
  return `ws://${host}:${DEFAULT_WS_PORT}`;
}

/**
 * Why a WebSocket to `url` could not open, as a message with the next step. The browser hides the HTTP status of
 * a failed upgrade, so the server's `GET /origin-check` (CORS-readable) tells a 403 from the Origin check apart
 * from no server at all.
 */
export async function explainConnectFailure(url: string): Promise<string> {
  let u: URL;
  try { u = new URL(url); } catch { return `"${url}" is not a WebSocket address; type one such as ws://127.0.0.1:${DEFAULT_WS_PORT} and press Enter`; }
  if (u.protocol !== 'ws:' && u.protocol !== 'wss:') return `"${url}" is not a WebSocket address (ws:// or wss://); type one such as ws://127.0.0.1:${DEFAULT_WS_PORT} and press Enter`;
  const port = u.port || (u.protocol === 'wss:' ? '443' : '80');
  try {
    const r = await fetch(`${u.protocol === 'wss:' ? 'https' : 'http'}://${u.host}/origin-check`, { cache: 'no-store' });
    const j = await r.json() as { allowed?: boolean; origin?: string | null };
    if (j.allowed === false) {
      const origin = j.origin ?? location.origin;
      return `the server at ${url} refused this page: its Origin check does not allow ${origin}. `
        + `Restart it allowing this origin: npm run server:node -- --port ${port} --allow-origin ${origin}`;
    }
    return `the server at ${url} answers but refused the WebSocket; see its log`;
  } catch {
    return `cannot connect to ${url}: no server there. Start it: npm run server:node -- --port ${port} (or npm start -- --ws-port ${port})`;
  }
}

export class WsEngine implements LiveEngine {
  readonly kind = 'websocket' as const;
  private ws: WebSocket | null = null;
  private nodeCount = 0;
  private rid = 0;
  /** Steps sent and not yet answered, oldest first (the server answers a connection's requests in order). */
  private pending: Pending[] = [];
  /**
   * Replies that answered no pending step (a JSON reply whose rid is not the oldest pending step's). Each
   * simulation gets its own connection, so this stays 0; it is reported so a bench can check it (docs/network.md).
   */
  staleReplies = 0;
  private echoWaiter: ((t: number) => void) | null = null;
  /** A createSim with a program waits for its answer: its error reply, or the echo sent right after it. */
  private createWaiter: ((error: string | null) => void) | null = null;

  constructor(private readonly url: string, private readonly encoding: WsEncoding = 'json') {}

  private async connect(): Promise<WebSocket> {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return this.ws;
    let ws: WebSocket;
    try { ws = new WebSocket(this.url); } catch { throw new Error(await explainConnectFailure(this.url)); }
    ws.binaryType = 'arraybuffer';
    const opened = await new Promise<boolean>((resolve) => {
      ws.onopen = () => resolve(true);
      ws.onerror = () => resolve(false);
    });
    if (!opened) throw new Error(await explainConnectFailure(this.url));
    ws.onmessage = (ev) => this.onMessage(ev);
    ws.onclose = () => { if (this.ws === ws) this.ws = null; };
    this.ws = ws;
    return ws;
  }

  private onMessage(ev: MessageEvent): void {
    const arrived = performance.now();
    const data = ev.data as string | ArrayBuffer;
    if (typeof data === 'string' && this.createWaiter && (data === CREATE_CONFIRM || data.startsWith('{"error"'))) {
      // The server answers in request order: createSim's error reply comes before the echo that follows it.
      const w = this.createWaiter;
      this.createWaiter = null;
      w(data === CREATE_CONFIRM ? null : (JSON.parse(data) as { error: string }).error);
      return;
    }
    if (typeof data === 'string' && data.startsWith('{"op":"echo"')) {
      const w = this.echoWaiter;
      this.echoWaiter = null;
      w?.(arrived);
      return;
    }
    if (typeof data === 'string' && data.startsWith('{"error"')) {
      console.error(`server error: ${data}`);
      return;
    }
    // A step's wait is timed against the request it answers, never against whichever step happens to be pending:
    // a JSON reply's rid must be the oldest pending step's (binary replies carry none; the order is the check).
    const p = this.pending[0];
    const rid = typeof data === 'string' ? REPLY_RID.exec(data) : null;
    if (!p || (rid && Number(rid[1]) !== p.rid)) { this.staleReplies += 1; return; }
    this.pending.shift();
    p.rec.add(WEB_IDS.wsWait, p.sentAt, arrived);
    let state;
    if (typeof data === 'string') {
      const msg = parseJsonWithInfinity(data) as { values: Array<{ value: number; neighbors: number[] }> };
      state = stateFromJsonValues(msg.values);
    } else {
      state = decodeStateBuffer(data);
    }
    const parsed = performance.now();
    p.rec.add(WEB_IDS.wsParse, arrived, parsed);
    p.done({ state, readyAt: parsed });
  }

  /** The engine runs in the server: the page's own Kotlin/JS build of it lays the scene out (loaded on first use). */
  layouts(): Promise<SceneLayouts> {
    return loadJsLayouts();
  }

  async create(nodeCount: number, maxDistance: number, sources: Iterable<number>, program: string = REFERENCE_PROGRAM): Promise<void> {
    // A new simulation on a new connection: a reply still travelling on the old one (a step in flight when the
    // runner was reconfigured) can then never be taken for the answer to one of the new simulation's steps.
    this.ws?.close();
    this.ws = null;
    this.pending = [];
    this.createWaiter = null;
    const ws = await this.connect();
    this.nodeCount = nodeCount;
    if (isReferenceProgram(program)) {
      // The reference request, byte for byte: no `program`, no reply expected.
      ws.send(JSON.stringify({ op: 'createSim', data: { nodeCount, maxDistance } }));
    } else {
      // An opt-in extension (docs/protocol.md): createSim is silent when it succeeds, so an echo right behind it
      // tells success (the echo comes back) from a refused spec (createSim's error reply comes first).
      const answered = new Promise<string | null>((resolve) => { this.createWaiter = resolve; });
      const closed = new Promise<string>((resolve) => ws.addEventListener('close', () => resolve('the server closed the connection'), { once: true }));
      ws.send(JSON.stringify({ op: 'createSim', data: { nodeCount, maxDistance, program } }));
      ws.send(CREATE_CONFIRM);
      const error = await Promise.race([answered, closed]);
      this.createWaiter = null;
      if (error !== null) {
        ws.close();
        if (this.ws === ws) this.ws = null;
        // The server's message is `createSim: program: <the registry's reason>` (docs/protocol.md, "Error reply": the
        // op, then the field), the facade's reason behind a field name.
        const reason = error.replace(/^createSim: /, '');
        if (reason.startsWith('program: ')) throw new ProgramError(program, reason.slice('program: '.length));
        throw new Error(`the server refused createSim: ${error}`);
      }
    }
    for (const nodeId of sources) ws.send(JSON.stringify({ op: 'setSource', data: { nodeId } }));
  }

  setSource(node: number, isSource: boolean): void {
    this.ws?.send(JSON.stringify({ op: 'setSource', data: { nodeId: node, isSource } }));
  }

  step(positions: Float64Array, rec: TimingRecorder, done: (o: StepOutcome) => void): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) throw new Error('WebSocket not connected');
    const t0 = performance.now();
    const n = this.nodeCount;
    this.rid += 1;
    if (this.encoding === 'json' || this.encoding === 'json-split') {
      // The reference protocol: one newPosition request per device, then step. `json` hands the frame's requests
      // over in one message of JSON lines, as the desktop front-end writes them to its socket; `json-split` sends
      // each request as its own WebSocket message.
      const lines = new Array<string>(n + 1);
      for (let i = 0; i < n; i++) {
        lines[i] = `{"op":"newPosition","data":{"nodeId":${i},"x":${positions[3 * i]},"y":${positions[3 * i + 1]},"z":${positions[3 * i + 2]}}}`;
      }
      lines[n] = `{"op":"step","data":{"rid":${this.rid},"stepCount":1}}`;
      if (this.encoding === 'json') ws.send(lines.join('\n'));
      else for (const line of lines) ws.send(line);
    } else if (this.encoding === 'batched') {
      // One message per frame: the positions ride inside the step request.
      ws.send(`{"op":"step","data":{"rid":${this.rid},"stepCount":1,"xyz":[${Array.prototype.join.call(positions.subarray(0, 3 * n), ',')}]}}`);
    } else if (this.encoding === 'binary-step') {
      // One binary message per frame: the step request with the positions inside it.
      ws.send(encodeStepBuffer(this.rid, positions.subarray(0, 3 * n)));
    } else {
      ws.send(encodePositionsBuffer(positions.subarray(0, 3 * n)));
      ws.send(`{"op":"step","data":{"rid":${this.rid},"stepCount":1,"encoding":"binary"}}`);
    }
    const sent = performance.now();
    rec.add(WEB_IDS.wsSend, t0, sent);
    this.pending.push({ rid: this.rid, sentAt: sent, rec, done });
  }

  async floor(rec: TimingRecorder, samples: number): Promise<void> {
    const ws = await this.connect();
    const msg = '{"op":"echo","data":{}}';
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      const arrived = await new Promise<number>((resolve) => { this.echoWaiter = resolve; ws.send(msg); });
      rec.add(WEB_IDS.wsEcho, t0, arrived);
    }
  }

  backendCsv(): string | null {
    return null;
  }

  close(): void {
    this.ws?.close();
    this.ws = null;
    this.pending = [];
  }
}

/** The echo sent behind a createSim with a program; its reply is the request text unchanged (docs/protocol.md). */
const CREATE_CONFIRM = '{"op":"echo","data":{"confirm":"createSim"}}';

/** The rid of a JSON step reply, `{"rid":N,"values":…}` (docs/protocol.md). */
const REPLY_RID = /^\{"rid":(\d+)/;

