// A small coverage-guided fuzzing loop for JavaScript targets (docs/testing.md, "Fuzzing"), used for the Node
// server because Jazzer.js cannot load on this platform (its prebuilt addon needs glibc 2.38; Debian 12 has 2.36,
// and the package ships no sources to rebuild it). Coverage comes from V8's own block coverage (the inspector's
// Profiler.takePreciseCoverage, counts reset at each take), restricted to the files under test; an input that
// reaches a block no earlier input reached joins the corpus. Mutations are libFuzzer's basic ones (bit flips, byte
// changes, inserts, erases, splices, dictionary words) from a seeded generator, so a run is replayable by its seed.
import { Session } from 'node:inspector/promises';

/** xorshift32 from a seed: the run's only randomness. */
function random(seed) {
  let s = (seed >>> 0) || 1;
  return (n) => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s % n; };
}

function mutate(input, corpus, dictionary, rnd) {
  let b = Buffer.from(input);
  const rounds = 1 + rnd(4);
  for (let r = 0; r < rounds; r++) {
    const at = b.length ? rnd(b.length) : 0;
    switch (rnd(8)) {
      case 0: if (b.length) b[at] ^= 1 << rnd(8); break;
      case 1: if (b.length) b[at] = rnd(256); break;
      case 2: b = Buffer.concat([b.subarray(0, at), Buffer.from([rnd(256)]), b.subarray(at)]); break;
      case 3: if (b.length > 1) { const len = 1 + rnd(Math.min(16, b.length - at)); b = Buffer.concat([b.subarray(0, at), b.subarray(at + len)]); } break;
      case 4: { const word = Buffer.from(dictionary[rnd(dictionary.length)]); b = Buffer.concat([b.subarray(0, at), word, b.subarray(at)]); break; }
      case 5: { const other = corpus[rnd(corpus.length)]; const from = rnd(other.length + 1); b = Buffer.concat([b.subarray(0, at), other.subarray(from, from + 1 + rnd(64))]); break; }
      case 6: if (b.length) { const digits = '0123456789-.eE'; b[at] = digits.charCodeAt(rnd(digits.length)); } break;
      default: if (b.length > 2) { const len = 1 + rnd(Math.min(32, b.length - at)); b = Buffer.concat([b.subarray(0, at + len), b.subarray(at, at + len), b.subarray(at + len)]); }
    }
  }
  return b.length > 64 << 10 ? b.subarray(0, 64 << 10) : b;
}

/**
 * Fuzzes `target(bytes)` (async; throws on a finding) for `seconds`, starting from `seeds`. Returns the run's
 * figures and its findings (inputs and errors); `onNew(input)` is called for each input added to the corpus.
 * `files` (a RegExp on script URLs) picks the code whose coverage guides the run.
 */
export async function coverageFuzz({ target, seeds, seconds, seed = 1, files, dictionary = ['{', '}', '"op"'], onNew = (/** @type {Buffer} */ _input) => {}, maxFindings = 5 }) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  const seen = new Set();
  /** Blocks (script:start:end) reached since the last take that no input reached before. */
  const newBlocks = async () => {
    const { result } = await session.post('Profiler.takePreciseCoverage');
    let fresh = 0;
    for (const script of result) {
      if (!files.test(script.url)) continue;
      for (const fn of script.functions) {
        for (const range of fn.ranges) {
          if (range.count === 0) continue;
          const key = `${script.url}:${range.startOffset}:${range.endOffset}`;
          if (!seen.has(key)) { seen.add(key); fresh++; }
        }
      }
    }
    return fresh;
  };
  const rnd = random(seed);
  const corpus = [];
  const findings = [];
  let execs = 0;
  const run = async (input) => {
    execs++;
    try { await target(input); } catch (e) { findings.push({ input, error: e }); }
    return newBlocks();
  };
  await newBlocks(); // the target's start-up is not the inputs' coverage
  for (const s of seeds) if (await run(s) > 0 || corpus.length === 0) corpus.push(s);
  const started = Date.now();
  while (Date.now() - started < seconds * 1000 && findings.length < maxFindings) {
    const input = mutate(corpus[rnd(corpus.length)], corpus, dictionary, rnd);
    if (await run(input) > 0) { corpus.push(input); onNew(input); }
  }
  const elapsed = (Date.now() - started) / 1000;
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  return { execs, seconds: elapsed, execsPerSecond: Math.round(execs / Math.max(elapsed, 0.001)), corpus: corpus.length, blocks: seen.size, findings };
}
