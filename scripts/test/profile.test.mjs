// The profile pipeline (scripts/profile.mjs, docs/profiles.md) on a short real run of all four paths at N = 10:
// every path yields non-empty collapsed stacks containing the engine's step function, under its exact name; the
// classification rules put known frames in their categories; a bad option exits 2 with the usage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classify, parseCollapsed, perfScriptToCollapsed } from '../../measurement/src/profiles.mjs';

const root = join(import.meta.dirname, '..', '..');
const STEP = {
  native: { process: 'csharp-host', frame: 'kfun:collektive.engine.GradientEngine#step(kotlin.Int){}' },
  socket: { process: 'jvm-server', frame: /^collektive\/engine\/GradientEngine\.step_\[[ij01]\]$/ },
  wasm: { process: 'page', frame: /^collektive\.engine\.GradientEngine\.step.* \[collektive-wasm-[^\]]+\.wasm\]$/ },
  websocket: { process: 'node-worker', frame: 'step_gqwpj0_k$ [collektive-wasm.mjs]' },
};

test('perf is installed and cpu-clock sampling works', () => {
  const r = spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', 'true'], { encoding: 'utf8' });
  assert.ok(!r.error, 'perf is missing: install it with apt-get install -y linux-perf');
  assert.equal(r.status, 0, `perf record -e cpu-clock true fails: ${r.stderr}`);
});

test('classification rules (docs/profiles.md, "Categories")', () => {
  assert.equal(classify('mono;X;kfun:collektive.engine.GradientEngine#step(kotlin.Int){}'), 'engine');
  assert.equal(classify('java;collektive/server/connection/Connection.serve;collektive/codec/JsonCodec.parse'), 'serialization');
  assert.equal(classify('java;a;sun/nio/ch/Net.poll;poll;entry_SYSCALL_64_after_hwframe_[k];do_sys_poll_[k];__schedule_[k]'), 'idle');
  assert.equal(classify('mono;a;__GI___libc_write;entry_SYSCALL_64_after_hwframe_[k];tcp_sendmsg_[k]'), 'transport');
  assert.equal(classify('js;(garbage collector)'), 'runtime');
  assert.equal(classify('mono;frob'), 'other');
  const perf = 'mono 12\n\tffff a (/x/libsimple_gradient.so)\n\tffff kfun:collektive.engine.GradientEngine#step(kotlin.Int){}+0x1f (/x/libsimple_gradient.so)\n\tffff [unknown] ([unknown])\n\tffff [unknown] ([unknown])\n\n';
  assert.deepEqual([...perfScriptToCollapsed(perf)], [['mono;[unknown];kfun:collektive.engine.GradientEngine#step(kotlin.Int){};a', 1]]);
});

test('a bad option exits 2 with the usage', () => {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'profile.mjs'), '--path', 'carrier-pigeon'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /usage: npm run profile/);
});

test('short profile of the four paths at N = 10: non-empty stacks with the engine step function', { timeout: 420000 }, () => {
  const out = mkdtempSync(join(tmpdir(), 'collektive-profile-test-'));
  try {
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'profile.mjs'), '--path', 'native,socket,wasm,websocket', '--n', '10',
      '--seconds', '3', '--warmup-seconds', '1', '--out-dir', out, '--run-id', 't'], { encoding: 'utf8', timeout: 400000, cwd: root });
    assert.equal(r.status, 0, `npm run profile failed:\n${r.stdout}\n${r.stderr}`);
    const index = JSON.parse(readFileSync(join(out, 't', 'profiles.json'), 'utf8'));
    assert.deepEqual(index.entries.map((e) => e.id).sort(), ['native-n10', 'socket-n10', 'wasm-n10', 'websocket-n10']);
    for (const [path, want] of Object.entries(STEP)) {
      const rec = JSON.parse(readFileSync(join(out, 't', `${path}-n10`, 'profile.json'), 'utf8'));
      assert.ok(rec.window.steps > 0, `${path}: no step in the profiled window`);
      const procs = Object.keys(rec.processes).filter((p) => p.startsWith(want.process));
      assert.ok(procs.length, `${path}: no ${want.process} profile (have ${Object.keys(rec.processes).join(', ')})`);
      let hits = 0;
      for (const p of procs) {
        const file = join(out, 't', rec.processes[p].file);
        assert.ok(existsSync(file), file);
        const map = parseCollapsed(readFileSync(file, 'utf8'));
        assert.ok(map.size > 0, `${path}/${p}: empty collapsed stacks`);
        for (const [stack, count] of map) {
          if (stack.split(';').some((f) => (typeof want.frame === 'string' ? f === want.frame : want.frame.test(f)))) hits += count;
        }
      }
      assert.ok(hits > 0, `${path}: no stack contains the step function ${want.frame}`);
      const shares = Object.values(rec.shares).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(shares - 1) < 1e-9, `${path}: category shares sum to ${shares}`);
      assert.ok(rec.shares.engine > 0, `${path}: no sample classified as engine`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
