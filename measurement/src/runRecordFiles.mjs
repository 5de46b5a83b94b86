// The run record (docs/measurements.md): the environment block every bench records, writing a run's run.json, and
// appending the run to public/data/manifest.json (newest last, never removing other runs; re-publishing an id
// replaces its entry). Both files are validated against the JSON Schemas beside this package (measurement/schema/)
// and written atomically under a lock so two benches can publish at the same time.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dataDir = join(root, 'public', 'data');
/** The JSON Schemas of run.json and manifest.json (draft-07, normative: docs/measurements.md). */
const schemaDir = join(root, 'measurement', 'schema');

const tryRun = (cmd, args) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 || r.stdout || r.stderr ? `${r.stdout ?? ''}${r.stderr ?? ''}` : null;
};

/**
 * Git commit of HEAD, with "-dirty" when tracked files under `paths` (default: all) differ from it; null outside a
 * repository. Pass the folders the run's code comes from, so unrelated edits in a shared tree do not count.
 */
export function gitCommit({ paths = [] } = {}) {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = spawnSync('git', ['diff', '--quiet', 'HEAD', '--', ...paths], { cwd: root }).status === 1;
    return dirty ? `${head}-dirty` : head;
  } catch { return null; }
}

/** Versions of the runtimes involved: jdk, mono, kotlin, node (null when not installed). */
function runtimeVersions() {
  const java = tryRun('java', ['-version']);
  const mono = tryRun('mono', ['--version']);
  let kotlin = null;
  try { kotlin = JSON.parse(readFileSync(join(root, 'node_modules', 'kotlin-compiler', 'package.json'), 'utf8')).version; } catch { /* not installed */ }
  return {
    jdk: java?.match(/version "([^"]+)"/)?.[1] ?? null,
    mono: mono?.match(/version (\S+)/)?.[1] ?? null,
    kotlin,
    node: process.versions.node,
  };
}

/**
 * The environment block of run.json: CPU model, cores, memory, OS, kernel, runtimes, the front-end's timer
 * resolution (ns) and the pinning (string or null). Extra runtimes (e.g. browser) are merged in.
 * @param {{ timerResolutionNs?: number | null; pinning?: string | null; runtimes?: Record<string, string> }} options
 */
export function collectEnvironment({ timerResolutionNs, pinning = null, runtimes = {} }) {
  let osName = null;
  try { osName = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)"?/m)?.[1] ?? null; } catch { /* not Linux */ }
  return {
    cpuModel: os.cpus()[0]?.model?.trim() ?? null,
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    os: osName ?? `${os.type()} ${os.release()}`,
    kernel: os.release(),
    runtimes: { ...runtimeVersions(), ...runtimes },
    timerResolutionNs: timerResolutionNs ?? null,
    pinning,
  };
}

let validators = null;
async function validate(kind, value) {
  const file = join(schemaDir, `${kind}.schema.json`);
  if (!validators) {
    const { Ajv } = await import('ajv');
    validators = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  }
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  const check = validators.getSchema(schema.$id) ?? validators.compile(schema);
  if (!check(value)) throw new Error(`${kind} does not match ${relative(root, file)}: ${validators.errorsText(check.errors)}`);
}

function writeJsonAtomic(path, value) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, path);
}

async function withLock(dir, fn) {
  const lock = join(dir, '.manifest.lock');
  for (let i = 0; ; i += 1) {
    try { mkdirSync(lock); break; } catch (e) {
      if (e.code !== 'EEXIST' || i > 200) throw new Error(`cannot lock ${lock} (${e.code}); remove it if no bench is running`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try { return await fn(); } finally { rmdirSync(lock); }
}

/** Throws when `run` does not match measurement/schema/run.schema.json. */
export const validateRun = (run) => validate('run', run);

/**
 * Validates and writes `<runsDir>/<run.id>/run.json` (default runsDir: `<dir>/runs`, i.e. public/data/runs);
 * returns its path.
 */
export async function writeRunRecord(run, { dir = dataDir, runsDir = join(dir, 'runs') } = {}) {
  await validate('run', run);
  const runDir = join(runsDir, run.id);
  mkdirSync(runDir, { recursive: true });
  const path = join(runDir, 'run.json');
  writeJsonAtomic(path, run);
  return path;
}

/**
 * Appends the run (already written with {@link writeRunRecord}) to `<dataDir>/manifest.json`, with its summary.json
 * when the run folder holds one. An entry with the same id is replaced in place; every other entry is kept as is.
 */
export async function appendToManifest(run, { dir = dataDir } = {}) {
  if (!existsSync(join(dir, 'runs', run.id, 'run.json'))) throw new Error(`runs/${run.id}/run.json missing: write it first`);
  return withLock(dir, async () => {
    const path = join(dir, 'manifest.json');
    const manifest = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { schemaVersion: 1, runs: [] };
    const entry = { id: run.id, kind: run.kind, title: run.title, createdAt: run.createdAt, run: `runs/${run.id}/run.json` };
    // Listed only when written (the benches write it before they publish): the page requests what the manifest lists.
    if (existsSync(join(dir, 'runs', run.id, 'summary.json'))) entry.summary = `runs/${run.id}/summary.json`;
    const at = manifest.runs.findIndex((r) => r.id === run.id);
    if (at >= 0) manifest.runs[at] = entry; else manifest.runs.push(entry);
    await validate('manifest', manifest);
    writeJsonAtomic(path, manifest);
    return path;
  });
}

/** writeRunRecord + appendToManifest (both under `dir`, default public/data). */
export async function publishRun(run, { dir = dataDir } = {}) {
  const runPath = await writeRunRecord(run, { dir });
  const manifestPath = await appendToManifest(run, { dir });
  return { runPath, manifestPath };
}
