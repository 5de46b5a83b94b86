// Coverage-guided fuzzing of the servers' request handling and the dashboard's uploads (docs/testing.md, "Fuzzing").
//   npm run fuzz -- [--seconds 600] [--seed N] [--save] [target...]
//   targets: node, dashboard-upload, jvm-session, jvm-lines (all by default)
// node: the Node ws server's message handling (node-server.fuzz.mjs) under the V8-coverage loop (coverage-fuzz.mjs);
// dashboard-upload: the page's upload path into DuckDB-Wasm (dashboard-upload.fuzz.mjs), under the same loop;
// jvm-*: the JVM server's Session (request lines) and LineReader under Jazzer (RequestFuzzTest.kt), through
// Jazzer's own driver on the Maven test classpath. Each target prints executions per second, corpus size and
// coverage. A crashing input is written where the tests replay it (a regression test from then on): the
// @FuzzTest's inputs directory (JVM) or scripts/fuzz/regressions/<target>/ (JavaScript). --save also keeps the new
// corpus entries (JavaScript: scripts/fuzz/corpus/<target>/; JVM: the inputs directory).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../conformance/servers.mjs';
import { NODE_CORPUS } from './seed-corpus.mjs';
import { UPLOAD_CORPUS, UPLOAD_DICTIONARY } from './upload-seeds.mjs';
import { BUNDLE } from './dashboard-upload.fuzz.mjs';

export const NODE_REGRESSIONS = join(root, 'scripts', 'fuzz', 'regressions', 'node-server');
const JVM_INPUTS = join(root, 'collektive-jvm-server', 'src', 'test', 'resources', 'collektive', 'server', 'fuzz', 'RequestFuzzTestInputs');
const JVM_TARGETS = { 'jvm-session': 'sessionAnswersEveryLine', 'jvm-lines': 'lineReaderSplitsAnyStream' };
const DICTIONARY = ['"op"', '"data"', '"createSim"', '"setSource"', '"newPosition"', '"step"', '"positions"', '"clearSources"',
  '"echo"', '"hello"', '"nodeCount"', '"maxDistance"', '"nodeId"', '"isSource"', '"stepCount"', '"rid"', '"encoding"',
  '"binary"', '"json"', '"xyz"', '"program"', '"hop"', '"hop:work=1000"', 'work=', 'Infinity', 'NaN', 'null', 'true', 'false', '1e999', '-0',
  '9007199254740992', '2147483648', '\n', '[', ']', '{', '}', ':', ','];

const named = (bytes) => createHash('sha1').update(bytes).digest('hex').slice(0, 16);
const readDir = (dir) => (existsSync(dir) ? readdirSync(dir).sort().map((f) => readFileSync(join(dir, f))) : []);

/**
 * The JavaScript targets under the V8-coverage loop: the module holding `fuzz`, its committed corpus and regressions,
 * the code whose coverage guides it (a RegExp on script URLs, and how the summary names it) and its dictionary.
 */
export const JS_TARGETS = {
  node: {
    module: './node-server.fuzz.mjs', stop: 'stopServer', corpus: NODE_CORPUS, regressions: NODE_REGRESSIONS,
    // The server's requests are read by the protocol's Kotlin/JS build (collektive-protocol/build/js): its blocks guide
    // the fuzzer too, or the rules it is meant to probe would be invisible to it.
    files: /collektive-node-server\/src\/|collektive-protocol\/build\/js\//, covers: 'collektive-node-server/src and the protocol reader (Kotlin/JS)', dictionary: DICTIONARY,
  },
  'dashboard-upload': {
    module: './dashboard-upload.fuzz.mjs', stop: 'stopUploadTarget', prepare: 'prepareUploadTarget', corpus: UPLOAD_CORPUS,
    regressions: join(root, 'scripts', 'fuzz', 'regressions', 'dashboard-upload'),
    files: new RegExp(BUNDLE.replace(/\./g, '\\.')), covers: 'the dashboard upload path (bundled)', dictionary: UPLOAD_DICTIONARY,
  },
};

/** Every committed input of a JavaScript target: the corpus, then the regressions. */
export const jsInputs = (name) => [...readDir(JS_TARGETS[name].corpus), ...readDir(JS_TARGETS[name].regressions)];
export const nodeInputs = () => jsInputs('node');

/** Fuzzes a JavaScript target (JS_TARGETS) for `seconds`; findings are saved as regressions. */
export async function fuzzJs(name, { seconds, seed, save = false, log = console.log }) {
  const t = JS_TARGETS[name];
  const mod = await import(t.module);
  const { coverageFuzz } = await import('./coverage-fuzz.mjs');
  try {
    if (t.prepare) await mod[t.prepare]();
    const result = await coverageFuzz({
      target: mod.fuzz, seeds: jsInputs(name), seconds, seed, files: t.files, dictionary: t.dictionary,
      onNew: save ? (input) => writeFileSync(join(t.corpus, `cov-${named(input)}`), input) : undefined,
    });
    for (const { input, error } of result.findings) {
      mkdirSync(t.regressions, { recursive: true });
      const file = join(t.regressions, `crash-${named(input)}`);
      writeFileSync(file, input);
      log(`${name}: FINDING ${error.message}\n  input saved as ${file} (replayed by the fuzz suite from now on)`);
    }
    log(`${name}: ${result.execs} execs in ${result.seconds.toFixed(0)} s (${result.execsPerSecond}/s), corpus ${result.corpus}, `
      + `${result.blocks} V8 blocks of ${t.covers} reached, ${result.findings.length} findings, seed ${seed}`);
    return result;
  } finally {
    await mod[t.stop]();
  }
}

/** Fuzzes the Node server for `seconds`; findings are saved as regressions. */
export const fuzzNode = (opts) => fuzzJs('node', opts);

/** The JVM server's test classpath (compiles the tests first; once per process). */
let classpathOnce = null;
function jvmClasspath() {
  if (classpathOnce) return classpathOnce;
  const out = join(mkdtempSync(join(tmpdir(), 'collektive-fuzz-')), 'cp.txt');
  const mvn = spawnSync('mvn', ['-B', '-q', '-pl', 'collektive-jvm-server', 'test-compile', 'dependency:build-classpath',
    `-Dmdep.outputFile=${out}`, '-Dmdep.includeScope=test'], { cwd: root, encoding: 'utf8' });
  if (mvn.status !== 0) throw new Error(`mvn test-compile failed:\n${mvn.stdout}${mvn.stderr}`);
  const m = (p) => join(root, 'collektive-jvm-server', 'target', p);
  classpathOnce = [m('test-classes'), m('classes'), readFileSync(out, 'utf8').trim()].join(':');
  return classpathOnce;
}

/** Fuzzes one JVM target with Jazzer's driver; crashes land in the @FuzzTest's inputs directory. */
export function fuzzJvm(name, { seconds, seed, save = false, classpath = jvmClasspath(), log = console.log }) {
  const method = JVM_TARGETS[name];
  const inputs = join(JVM_INPUTS, method);
  mkdirSync(inputs, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), `collektive-fuzz-${method}-`));
  const corpus = save ? inputs : join(work, 'corpus');
  mkdirSync(corpus, { recursive: true });
  const run = spawnSync('java', ['-cp', classpath, 'com.code_intelligence.jazzer.Jazzer',
    '--target_class=collektive.server.fuzz.RequestFuzzTest', `--target_method=${method}`, `--reproducer_path=${work}`,
    `-artifact_prefix=${inputs}/crash-`, `-max_total_time=${seconds}`, `-seed=${seed}`, corpus, ...(save ? [] : [inputs])],
  { cwd: work, encoding: 'utf8', maxBuffer: 256 << 20 });
  const output = `${run.stdout}\n${run.stderr}`;
  const done = [...output.matchAll(/#(\d+)\s+DONE\s+cov: (\d+) ft: (\d+) corp: (\d+)\/(\S+) .*?exec\/s: (\d+)/g)].at(-1);
  const crashes = [...output.matchAll(/Test unit written to (\S+)/g)].map((m) => m[1]);
  const result = done
    ? { execs: Number(done[1]), cov: Number(done[2]), features: Number(done[3]), corpus: Number(done[4]), corpusSize: done[5], execsPerSecond: Number(done[6]), crashes }
    : { execs: 0, crashes, error: output.split('\n').filter((l) => !l.startsWith('INFO: Instrumented')).slice(-30).join('\n') };
  if (crashes.length) log(`${name}: FINDING\n${output.split('\n').filter((l) => /Exception|Error|==/.test(l)).slice(0, 15).join('\n')}\n  input saved as ${crashes.join(', ')} (replayed by mvn test from now on)`);
  if (done) log(`${name}: ${result.execs} execs in ${seconds} s (${result.execsPerSecond}/s), corpus ${result.corpus} (${result.corpusSize}), cov ${result.cov} edges, ft ${result.features}, ${crashes.length} crashes, seed ${seed}`);
  else log(`${name}: Jazzer did not finish:\n${result.error}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seconds: { type: 'string', default: '600' }, seed: { type: 'string' }, save: { type: 'boolean', default: false } },
  });
  const seconds = Number(values.seconds);
  const seed = values.seed !== undefined ? Number(values.seed) : 1 + (Date.now() % 2 ** 30);
  const targets = positionals.length ? positionals : [...Object.keys(JS_TARGETS), ...Object.keys(JVM_TARGETS)];
  console.log(`fuzz: ${targets.join(', ')}, ${seconds} s each, seed ${seed} (replay with --seed ${seed})`);
  let findings = 0;
  const classpath = targets.some((t) => t.startsWith('jvm')) ? jvmClasspath() : '';
  for (const t of targets) {
    if (JS_TARGETS[t]) findings += (await fuzzJs(t, { seconds, seed, save: values.save })).findings.length;
    else if (JVM_TARGETS[t]) { const r = fuzzJvm(t, { seconds, seed, save: values.save, classpath }); findings += r.crashes.length + (r.error ? 1 : 0); }
    else throw new Error(`unknown target ${t} (${[...Object.keys(JS_TARGETS), ...Object.keys(JVM_TARGETS)].join(', ')})`);
  }
  process.exit(findings ? 1 : 0);
}
