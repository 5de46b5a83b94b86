// Writes the fuzzers' seed inputs (docs/testing.md, "Fuzzing") from the protocol doc's examples and the shared
// test vectors: `node scripts/fuzz/seed-corpus.mjs` (idempotent: files are named by their content's hash).
// Input format shared by the Node target (node-server.fuzz.mjs) and the JVM one (RequestFuzzTest.kt): byte 0
// holds flags (bit 0: a createSim is sent first; bit 1, Node only: the rest is a binary message), the rest is one
// message of request lines (JVM: a stream of requests, lines and binary positions frames, as its transports carry).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binaryPositions, root } from '../conformance/servers.mjs';
import { encodeStepBuffer } from '../../collektive-wasm/src/js/state.mjs';

export const NODE_CORPUS = join(root, 'scripts', 'fuzz', 'corpus', 'node-server');
export const JVM_CORPUS = join(root, 'collektive-jvm-server', 'src', 'test', 'resources', 'collektive', 'server', 'fuzz',
  'RequestFuzzTestInputs', 'sessionAnswersEveryLine');

const input = (flags, body) => Buffer.concat([Buffer.from([flags]), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);

/** The request lines of docs/protocol.md's examples (`→ {...}` and the error/hello blocks are replies: skipped). */
function docExamples() {
  const doc = readFileSync(join(root, 'docs', 'protocol.md'), 'utf8');
  const lines = [...doc.matchAll(/^→ (\{.*\})$/gm)].map((m) => m[1]);
  return [
    input(1, lines.join('\n')),
    ...lines.map((l) => input(1, l)),
    input(1, '{"op":"hello"}'),
    input(0, '{"op":"echo","data":{"x":[1,2,3]}}'),
    input(1, '{"op":"step","data":{"rid":9007199254740991,"stepCount":0,"encoding":"binary"}}'),
    input(1, '{"op":"positions","data":{"xyz":[0,0,0,1,0,0,2,0,0,3,0,0,4,0,0]}}'),
    input(1, '{"op":"step","data":{"stepCount":2,"xyz":[0,0,0,1,0,0,2,0,0,3,0,0,4,0,0]}}'),
    input(1, '{"op":"setSource","data":{"nodeId":3,"isSource":false}}\n{"op":"clearSources"}'),
    input(1, '{"op":"createSim","data":{"nodeCount":4,"maxDistance":1.5,"program":"hop"}}\n{"op":"step"}'),
    input(1, '{"op":"createSim","data":{"nodeCount":4,"maxDistance":1.5,"program":"gossipMax:work=1000"}}\n{"op":"step"}'),
  ];
}

/** Each test vector's first two rounds as one message of requests. */
function vectorMessages() {
  const dir = join(root, 'collektive-core', 'test-vectors');
  return readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json').map((f) => {
    const v = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const lines = [JSON.stringify({ op: 'createSim', data: { nodeCount: v.nodeCount, maxDistance: Number(v.maxDistance), program: v.program.toLowerCase() } })];
    for (const [r, round] of v.rounds.slice(0, 2).entries()) {
      for (const o of round.ops) {
        if (o.op === 'updatePositions') lines.push(JSON.stringify({ op: 'positions', data: { xyz: o.xyz.map(Number) } }));
        else if (o.op === 'setSource') lines.push(JSON.stringify({ op: 'setSource', data: { nodeId: o.node, isSource: o.isSource } }));
        else if (o.op === 'updatePosition') lines.push(JSON.stringify({ op: 'newPosition', data: { nodeId: o.node, x: Number(o.x), y: Number(o.y), z: Number(o.z) } }));
        else if (o.op === 'clearSources') lines.push('{"op":"clearSources"}');
      }
      lines.push(JSON.stringify({ op: 'step', data: { rid: r, stepCount: 1, encoding: r % 2 ? 'binary' : 'json' } }));
    }
    return input(1, lines.join('\n'));
  });
}

/** The Node server's binary positions message for 5 devices. */
const nodePositions = () => input(3, binaryPositions('ws', Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? i / 3 : 0))));

/** The Node server's binary step messages for 5 devices: with positions, and without (docs/protocol.md). */
const nodeSteps = () => [
  input(3, Buffer.from(encodeStepBuffer(4, Array.from({ length: 15 }, (_, i) => (i % 3 === 0 ? i / 3 : 0)), { stepCount: 2 }))),
  input(3, Buffer.from(encodeStepBuffer(-1, [], { stepCount: 0 }))),
];

export function seeds() { return [...docExamples(), ...vectorMessages(), nodePositions(), ...nodeSteps()]; }

/** The JVM server's binary positions frame (docs/protocol.md). */
const positionsFrame = (xyz, n) => binaryPositions('tcp', xyz, n);

/**
 * Seeds of the JVM target only: frames between request lines of one stream (a Node text message holds no frame).
 * A good frame for 5 devices, then one of the wrong size, one with NaN, and a frame cut by the stream's end.
 */
export function jvmStreamSeeds() {
  const line = (text) => Buffer.from(`${text}\n`, 'utf8');
  const five = [0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0];
  return [
    input(1, Buffer.concat([line('{"op":"setSource","data":{"nodeId":0}}'), positionsFrame(five), line('{"op":"step","data":{"rid":1,"stepCount":2}}'),
      positionsFrame([0, 0, 0, 1, 0, 0]), positionsFrame(five.map((v, i) => (i === 4 ? NaN : v))),
      line('{"op":"step","data":{"rid":2,"encoding":"binary"}}'), positionsFrame(five).subarray(0, 40)])),
    input(0, Buffer.concat([positionsFrame(five), line('{"op":"echo"}'), positionsFrame([], -1)])),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of [NODE_CORPUS, JVM_CORPUS]) mkdirSync(dir, { recursive: true });
  const all = seeds();
  const name = (s) => `seed-${createHash('sha1').update(s).digest('hex').slice(0, 16)}`;
  for (const s of all) {
    writeFileSync(join(NODE_CORPUS, name(s)), s);
    if (!(s[0] & 2)) writeFileSync(join(JVM_CORPUS, name(s)), s);
  }
  const jvmOnly = jvmStreamSeeds();
  for (const s of jvmOnly) writeFileSync(join(JVM_CORPUS, name(s)), s);
  console.log(`${all.length} seeds written to ${NODE_CORPUS} and ${JVM_CORPUS}, ${jvmOnly.length} more to ${JVM_CORPUS}`);
}
