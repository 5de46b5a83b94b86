// One simulation and its requests, whichever thread hosts it (its worker, src/engine-worker.mjs, or the event
// loop for a small one under `--handoff inline`, src/engine.mjs): the commands, the step's rounds under the time and
// link budgets, and the reply's encoding (docs/protocol.md, "Budgets").

/** Rounds run per engine call start at 1 and double while a call takes under this, so the clock is read rarely. */
const CHUNK_MS = 10;

/** `{"rid":N,"values":[{"value":v,"neighbors":[ids]},...]}`, bare Infinity, as JSON.stringify would spell numbers. */
function stepJson(rid, values, offsets, ids) {
  // String(v) (a template's spelling) is JSON.stringify's for finite numbers and the bare token otherwise. One
  // string built by appending: half the time of joining per-device parts and TypedArray.join at N = 10.
  let s = rid === null ? '{"values":[' : `{"rid":${rid},"values":[`;
  for (let i = 0; i < values.length; i++) {
    s += i === 0 ? `{"value":${values[i]},"neighbors":[` : `,{"value":${values[i]},"neighbors":[`;
    const end = offsets[i + 1];
    for (let j = offsets[i]; j < end; j++) s += j === offsets[i] ? `${ids[j]}` : `,${ids[j]}`;
    s += ']}';
  }
  return `${s}]}`;
}

export class Simulation {
  /** @param {any} facade  the loaded engine facade (src/engine.mjs, loadFacade) @param {number} maxLinks */
  constructor(facade, maxLinks) {
    this.facade = facade;
    this.maxLinks = maxLinks;
    /** @type {number | null} */
    this.handle = null;
    this.nodeCount = 0;
  }

  /** Applies one command; throws the engine's error. */
  apply(cmd) {
    const { facade } = this;
    switch (cmd[0]) {
      case 'createSim': {
        const created = facade.create(cmd[1], cmd[2], cmd[3]);
        // The engine refuses a round over the link budget before allocating it (all-pairs layouts stay bounded).
        if (facade.setMaxLinks) facade.setMaxLinks(created, Math.min(this.maxLinks, 2 ** 31 - 1));
        if (this.handle !== null) facade.destroy(this.handle);
        this.handle = created;
        this.nodeCount = cmd[1];
        return;
      }
      case 'setSource': facade.setSource(this.handle, cmd[1], cmd[2]); return;
      case 'clearSources': facade.clearSources(this.handle); return;
      case 'newPosition': facade.updatePosition(this.handle, cmd[1], cmd[2], cmd[3], cmd[4]); return;
      case 'positions': facade.updatePositions(this.handle, cmd[1]); return;
      default: throw new Error(`unknown command ${cmd[0]}`);
    }
  }

  /**
   * A step's rounds, then its reply: yields (nothing) whenever `sliceMs` has passed since the last yield, so a host
   * that shares its thread can serve others between slices; returns the step's result (StepResult of
   * src/engine.mjs, the JSON reply as text, the binary reply as a view the host copies or transfers).
   * @param {import('./engine.mjs').StepRequest} request
   * @param {number} sliceMs  Infinity: never yields
   */
  *stepSlices({ rid, stepCount, encoding, stepTimeBudgetMs, maxLinks, maxReplyBytes }, sliceMs = Infinity) {
    const { facade, handle, nodeCount } = this;
    const c0 = process.hrtime.bigint();
    const deadline = c0 + BigInt(stepTimeBudgetMs) * 1_000_000n;
    const sliceNs = Number.isFinite(sliceMs) ? BigInt(Math.round(sliceMs * 1e6)) : null;
    let sliceEnd = sliceNs === null ? null : c0 + sliceNs;
    let done = 0;
    let chunk = 1;
    while (done < stepCount) {
      const k = Math.min(chunk, stepCount - done);
      const t = process.hrtime.bigint();
      try {
        facade.step(handle, k);
      } catch (e) {
        if (!/link budget/.test(e?.message)) throw e;
        return { c0, c1: process.hrtime.bigint(), error: `${e.message}: over this server's limit ${maxLinks} (maxLinks); the simulation is as before that round`, limit: 'maxLinks' };
      }
      done += k;
      let now = process.hrtime.bigint();
      if (done < stepCount && now > deadline) {
        return { c0, c1: now, error: `step time budget of ${stepTimeBudgetMs} ms exceeded after ${done} of ${stepCount} rounds (stepTimeBudgetMs); the simulation keeps the rounds run`, limit: 'stepTimeBudgetMs' };
      }
      if (now - t < CHUNK_MS * 1_000_000) chunk *= 2;
      if (sliceEnd !== null && done < stepCount && now >= sliceEnd) {
        yield;
        now = process.hrtime.bigint();
        sliceEnd = now + sliceNs;
        chunk = 1;
      }
      // A call may not outlast a slice: chunks grow only while they fit in one.
      if (sliceNs !== null && now - t > sliceNs / 2n) chunk = Math.max(1, chunk >> 2);
    }
    const c1 = process.hrtime.bigint();
    if (encoding === 'binary') {
      const bytes = facade.stateBuffer(handle);
      const links = (bytes.byteLength - 4 - 12 * nodeCount) / 4;
      if (links > maxLinks) return { c0, c1, error: `the state has ${links} neighbour links, over this server's limit ${maxLinks} (maxLinks)`, limit: 'maxLinks' };
      if (bytes.byteLength > maxReplyBytes) return { c0, c1, error: `the reply would be ${bytes.byteLength} bytes, over this server's limit ${maxReplyBytes} (maxReplyBytes)`, limit: 'maxReplyBytes' };
      return { c0, c1, reply: bytes, binary: true };
    }
    const { values, neighborOffsets, neighborIds } = facade.state(handle);
    const links = neighborOffsets[values.length];
    if (links > maxLinks) return { c0, c1, error: `the state has ${links} neighbour links, over this server's limit ${maxLinks} (maxLinks)`, limit: 'maxLinks' };
    const text = stepJson(rid, values, neighborOffsets, neighborIds);
    // UTF-8 bytes of pure-ASCII text: its length, known before encoding.
    if (text.length > maxReplyBytes) return { c0, c1, error: `the reply would be ${text.length} bytes, over this server's limit ${maxReplyBytes} (maxReplyBytes)`, limit: 'maxReplyBytes' };
    return { c0, c1, reply: text, binary: false };
  }

  /**
   * Applies a batch's commands in order; each failing one is reported and the rest still run.
   * @param {Array<Array<any>>} commands
   * @returns {Array<{ op: string, error: string }>}
   */
  commands(commands) {
    const errors = [];
    for (const cmd of commands) {
      try {
        if (cmd[0] !== 'createSim' && this.handle === null) throw new Error('no simulation: send createSim first');
        this.apply(cmd);
      } catch (e) {
        errors.push({ op: cmd[0], error: `engine error: ${e?.message ?? e}` });
      }
    }
    return errors;
  }

  /** A step run to its end on this thread (no slices); errors become the result. */
  step(request) {
    if (this.handle === null) return { error: 'no simulation: send createSim first' };
    try {
      const it = this.stepSlices(request);
      let r = it.next();
      while (!r.done) r = it.next();
      return r.value;
    } catch (e) { return { error: `engine error: ${e?.message ?? e}` }; }
  }

  /** The commands, then the step if any: { errors, nodeCount, result }. */
  runBatch(commands, request) {
    const errors = this.commands(commands);
    const result = request ? this.step(request) : null;
    return { errors, nodeCount: this.nodeCount, result };
  }

  destroy() {
    if (this.handle !== null) this.facade.destroy(this.handle);
    this.handle = null;
    this.nodeCount = 0;
  }
}

/**
 * A scripted session run before a host serves requests (a worker before it reports ready, the event loop before
 * the server listens), so V8 has optimized the engine and the reply encoding before the first request: every
 * session starts warm, as the JVM server does with its warm-up.
 */
export function warmup(facade, rounds) {
  if (rounds <= 0) return;
  const sim = new Simulation(facade, 2 ** 31 - 1);
  const n = 100;
  const xyz = facade.randomPositions(n, 1);
  sim.apply(['createSim', n, 3, 'euclidean']);
  sim.apply(['positions', xyz]);
  sim.apply(['setSource', 0, true]);
  const unbounded = { stepTimeBudgetMs: 60_000, maxLinks: 2 ** 31 - 1, maxReplyBytes: 2 ** 31 - 1 };
  const encoder = new TextEncoder();
  for (let r = 0; r < rounds; r++) {
    const batch = [];
    for (let i = 0; i < n; i++) batch.push(['newPosition', i, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]]);
    const { result } = sim.runBatch(batch, { rid: r, stepCount: 1, encoding: r % 8 === 7 ? 'binary' : 'json', ...unbounded });
    if (typeof result.reply === 'string') encoder.encode(result.reply);
  }
  sim.destroy();
}
