// A tiny incremental build: steps are registered one file per area in scripts/builds/*.mjs (each exports
// `steps`, an array of { name, description, deps?: [names], inputs: [paths (files or dirs, relative to the
// repository root)], env?: [variable names the output depends on], outputs: [paths], run: async () => void }). A step
// is skipped when its outputs exist and the fingerprint (path, size, mtime) of its inputs and of its deps' outputs,
// and the values of its `env` variables, are unchanged since its last success.
// The check and the run of a step hold a per-step lock across processes, so a process that starts while another
// builds the step waits for it and then finds the step up to date.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './root.mjs';

export { root };
const stampDir = join(root, '.cache', 'build-stamps');
const lockDir = join(root, '.cache', 'build-locks');
const dir = join(root, 'scripts', 'builds');
const files = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
export const steps = new Map((await Promise.all(files.map((f) => import(pathToFileURL(join(dir, f)).href))))
  .flatMap((m) => m.steps).map((s) => [s.name, s]));

const IGNORED = new Set(['node_modules', 'build', 'target', '.git', 'dist', 'out', '.cache']);
function walk(p, acc, skip) {
  if (skip.has(p)) return acc;
  if (!existsSync(p)) { acc.push(`${relative(root, p)}:missing`); return acc; }
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const e of readdirSync(p).sort()) if (!IGNORED.has(e)) walk(join(p, e), acc, skip);
  } else acc.push(`${relative(root, p)}:${st.size}:${st.mtimeMs}`);
  return acc;
}
/** The step's inputs and its deps' outputs, without its own outputs (a step may write inside its inputs). */
function fingerprint(step) {
  const paths = [...step.inputs, ...(step.deps ?? []).flatMap((d) => steps.get(d).outputs)];
  const own = new Set(step.outputs.map((o) => join(root, o).replace(/\/+$/, '')));
  const env = (step.env ?? []).map((k) => `env:${k}=${process.env[k] ?? ''}`);
  return createHash('sha256').update([...paths.flatMap((p) => walk(join(root, p), [], own)), ...env].join('\n')).digest('hex');
}

/**
 * Runs `fn` holding an exclusive flock(1) on `.cache/build-locks/<name>.lock`. The lock belongs to a child `flock`
 * that exits when its stdin closes, so the kernel releases it however this process ends (no stale lock files).
 */
async function withStepLock(name, log, fn) {
  mkdirSync(lockDir, { recursive: true });
  const holder = spawn('flock', [join(lockDir, `${name}.lock`), 'sh', '-c', 'echo locked; exec cat >/dev/null'],
    { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => holder.once('close', resolve));
  await new Promise((resolve, reject) => {
    const waiting = setTimeout(() => log(`[build] ${name}: waiting for another process building it`), 1000);
    const settle = (f) => (x) => { clearTimeout(waiting); f(x); };
    holder.stdout.once('data', settle(resolve));
    holder.once('error', settle((e) => reject(new Error(`cannot lock build step ${name} (flock, util-linux): ${e.message}`))));
    exited.then(settle((code) => reject(new Error(`flock for build step ${name} exited with ${code}`))));
  });
  try { return await fn(); } finally {
    holder.stdin.end();
    await exited;
  }
}

const done = new Set();
/** Builds the named steps and their dependencies, skipping what is up to date. */
export async function ensureBuilt(names, { force = false, log = console.log } = {}) {
  for (const name of names) {
    if (done.has(name)) continue;
    const step = steps.get(name);
    if (!step) throw new Error(`unknown build step "${name}"; known: ${[...steps.keys()].join(', ')}`);
    await ensureBuilt(step.deps ?? [], { force, log });
    await withStepLock(name, log, async () => {
      const stamp = join(stampDir, `${name}.sha256`);
      const fp = fingerprint(step);
      const upToDate = !force && existsSync(stamp) && readFileSync(stamp, 'utf8') === fp
        && step.outputs.every((o) => existsSync(join(root, o)));
      if (upToDate) { log(`[build] ${name}: up to date`); return; }
      const t0 = Date.now();
      log(`[build] ${name}: ${step.description}`);
      await step.run();
      const missing = step.outputs.filter((o) => !existsSync(join(root, o)));
      if (missing.length) throw new Error(`step ${name} did not produce ${missing.join(', ')}`);
      mkdirSync(stampDir, { recursive: true });
      // The fingerprint taken before the run: a source edited while the step ran makes the next check rebuild
      // (the one taken after it would call the stale output up to date).
      writeFileSync(stamp, fp);
      log(`[build] ${name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
    done.add(name);
  }
}
