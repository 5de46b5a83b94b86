// A minimal shared-memory client for tests (docs/protocol.md, "Shared memory"): sends arbitrary request bytes, which
// the C# host cannot, and returns the reply slot's bytes. It reaches the file through pread/pwrite, which on a tmpfs
// go through the same page cache the server maps. No waiting flag: it polls the reply sequence number every
// millisecond and rings the server after every request (a spare wake-up byte only costs the server one extra look).
// Test use only: a sequence number is written as 8 bytes by one pwrite, which the kernel need not copy atomically;
// below 256 requests only its low byte changes, so the server cannot read a torn value.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import net from 'node:net';

const at = { magic: 0, version: 4, requestOffset: 8, requestCapacity: 12, replyOffset: 16, replyCapacity: 20, requestSeq: 64, requestLength: 72, replySeq: 128, replyLength: 136 };
const MAX_REQUESTS = 255;

/** Attaches to the channel of the shared-memory file `path`; rejects with the server's refusal line when refused. */
export async function attachShm(path, { timeoutMs = 10000 } = {}) {
  const socket = net.createConnection(`${path}.sock`);
  let received = Buffer.alloc(0);
  let ended = false;
  socket.on('data', (d) => { received = Buffer.concat([received, d]); });
  socket.on('close', () => { ended = true; });
  socket.on('error', () => { ended = true; });
  const deadline = Date.now() + timeoutMs;
  while (received.length === 0 && !ended) {
    if (Date.now() > deadline) throw new Error(`no answer on ${path}.sock within ${timeoutMs} ms`);
    await sleep(1);
  }
  if (received[0] === 0x45 /* E */) {
    while (!ended && Date.now() < deadline) await sleep(1);
    socket.destroy();
    throw new Error(`refused: ${received.subarray(1).toString('utf8').trim()}`);
  }
  if (received[0] !== 0x52 /* R */) throw new Error(`unexpected first byte ${received[0]} on ${path}.sock`);
  const fd = openSync(path, 'r+');
  const header = Buffer.alloc(256);
  readSync(fd, header, 0, header.length, 0);
  const layout = Object.fromEntries(Object.entries(at).slice(0, 6).map(([k, o]) => [k, header.readInt32LE(o)]));
  let seq = 0;
  const int32 = (value) => { const b = Buffer.alloc(4); b.writeInt32LE(value); return b; };
  const read = (offset, length) => { const b = Buffer.alloc(length); readSync(fd, b, 0, length, offset); return b; };
  return {
    layout,
    /** Publishes `bytes` (a string or Buffer) as the next request; resolves with the replies' bytes. */
    async request(bytes, { replyTimeoutMs = 30000 } = {}) {
      if (seq >= MAX_REQUESTS) throw new Error(`this test client sends at most ${MAX_REQUESTS} requests`);
      const body = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8');
      writeSync(fd, body, 0, body.length, layout.requestOffset);
      writeSync(fd, int32(body.length), 0, 4, at.requestLength);
      seq += 1;
      const s = Buffer.alloc(8);
      s.writeBigInt64LE(BigInt(seq));
      writeSync(fd, s, 0, 8, at.requestSeq);
      socket.write(Buffer.from([1]));
      const until = Date.now() + replyTimeoutMs;
      while (read(at.replySeq, 8).readBigInt64LE() !== BigInt(seq)) {
        if (ended) throw new Error(`the server closed the wake-up socket with request ${seq} unanswered`);
        if (Date.now() > until) throw new Error(`no reply to request ${seq} within ${replyTimeoutMs} ms`);
        await sleep(1);
      }
      return read(layout.replyOffset, read(at.replyLength, 4).readInt32LE());
    },
    close() {
      socket.destroy();
      closeSync(fd);
    },
  };
}

/** The JSON reply lines of a reply slot (no binary frames). */
export const jsonLines = (replies) => replies.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
