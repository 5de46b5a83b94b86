// The out-of-process path: the engine in Node (collektive-node-server) behind a WebSocket, DESIGN §2 protocol.
import { fromJsonValues, parseJsonWithInfinity, parseStateBuffer, type WsEncoding } from '../model';
import { WEB_IDS } from '../timing/ids';
import type { TimingRecorder } from '../timing/recorder';
import type { LiveEngine, StepOutcome } from './types';

interface Pending {
  sentAt: number;
  rec: TimingRecorder;
  done: (o: StepOutcome) => void;
}

/** Default server address: the page's host on the server's default port, overridable with ?ws=ws://host:port. */
export function defaultWsUrl(): string {
  const fromQuery = new URLSearchParams(location.search).get('ws')
    ?? new URLSearchParams(location.hash.split('?')[1] ?? '').get('ws');
  return fromQuery ?? 'ws://127.0.0.1:8787';
}

export class WsEngine implements LiveEngine {
  readonly kind = 'websocket' as const;
  private ws: WebSocket | null = null;
  private nodeCount = 0;
  private rid = 0;
  private pending: Pending | null = null;
  private echoWaiter: ((t: number) => void) | null = null;

  constructor(private readonly url: string, private readonly encoding: WsEncoding = 'json') {}

  private async connect(): Promise<WebSocket> {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return this.ws;
    const ws = new WebSocket(this.url);
    ws.binaryType = 'arraybuffer';
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`cannot connect to ${this.url} (start it: npm run server:node -- --port 8787)`));
    });
    ws.onmessage = (ev) => this.onMessage(ev);
    ws.onclose = () => { if (this.ws === ws) this.ws = null; };
    this.ws = ws;
    return ws;
  }

  private onMessage(ev: MessageEvent): void {
    const arrived = performance.now();
    const data = ev.data as string | ArrayBuffer;
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
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    p.rec.add(WEB_IDS.wsWait, p.sentAt, arrived);
    let state;
    if (typeof data === 'string') {
      const msg = parseJsonWithInfinity(data) as { values: Array<{ value: number; neighbors: number[] }> };
      state = fromJsonValues(msg.values);
    } else {
      state = parseStateBuffer(data);
    }
    const parsed = performance.now();
    p.rec.add(WEB_IDS.wsParse, arrived, parsed);
    p.done({ state, readyAt: parsed });
  }

  async create(nodeCount: number, maxDistance: number, sources: Iterable<number>): Promise<void> {
    const ws = await this.connect();
    this.nodeCount = nodeCount;
    ws.send(JSON.stringify({ op: 'createSim', data: { nodeCount, maxDistance } }));
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
    } else {
      ws.send(packPositions(positions, n));
      ws.send(`{"op":"step","data":{"rid":${this.rid},"stepCount":1,"encoding":"binary"}}`);
    }
    const sent = performance.now();
    rec.add(WEB_IDS.wsSend, t0, sent);
    this.pending = { sentAt: sent, rec, done };
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
    this.pending = null;
  }
}

/** LE int32 n, then n × float64 x, y, z (the batched positions buffer). */
function packPositions(positions: Float64Array, n: number): Uint8Array {
  const out = new Uint8Array(4 + 24 * n);
  const view = new DataView(out.buffer);
  view.setInt32(0, n, true);
  for (let i = 0; i < 3 * n; i++) view.setFloat64(4 + 8 * i, positions[i], true);
  return out;
}
