#!/usr/bin/env node
// Measures what the Unity WebGL in-process path adds on top of the Kotlin/Wasm facade: per step, the direct facade
// calls a page would make (updatePositions + stepAndGetState) vs the same step through CollektiveWasm.jslib as the
// IL2CPP player makes it (positions read from HEAPF64, state written into _malloc'd heap buffers, header read back,
// the three arrays copied out as Marshal.Copy would). Headless Chromium, cross-origin isolated page (5 µs clock),
// interleaved blocks; prints medians per N. The C# side itself (IL2CPP code) is not part of this: no Unity build here.
// usage: node unity-webgl/Tests~/jslib/bench-jslib.mjs [--n 10,100,1000] [--steps 2000] [--blocks 5]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../dashboard/e2e/support.mjs';
import { startStatic } from './static-server.mjs';

const { values: a } = parseArgs({ options: { n: { type: 'string', default: '10,100,1000' }, steps: { type: 'string', default: '2000' }, blocks: { type: 'string', default: '5' } } });
const http = await startStatic();
const profile = mkdtempSync(join(tmpdir(), 'jslib-bench-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const page = ctx.pages()[0] ?? await ctx.newPage();
  await page.goto(`${http.origin}/unity-webgl/Tests~/jslib/harness.html`);
  await page.waitForFunction(() => window.harness !== undefined);
  await page.evaluate(() => window.harness.ready);
  const isolated = await page.evaluate(() => crossOriginIsolated);
  console.log(`Chromium, crossOriginIsolated=${isolated}; per-step medians (µs) of 50-step batch means, ${a.blocks} interleaved blocks of ${a.steps} steps`);
  console.log('N       direct facade   through jslib   jslib overhead');
  for (const n of a.n.split(',').map(Number)) {
    const r = await page.evaluate(({ n, steps, blocks }) => {
      const f = window.collektiveWasm;
      const side = Math.ceil(Math.sqrt(n));
      const xyz = new Float64Array(3 * n);
      for (let i = 0; i < n; i++) { xyz[3 * i] = 2 * (i % side); xyz[3 * i + 1] = 2 * Math.floor(i / side); }
      const median = (v) => { const s = [...v].sort((x, y) => x - y); return s[s.length >> 1]; };
      const hd = f.create(n, 3.0); f.setSource(hd, 0, true);
      const hj = _CollektiveWasm_Create(n, 3.0); _CollektiveWasm_SetSource(hj, 0, 1);
      const pos = _malloc(8 * xyz.length); HEAPF64.set(xyz, pos >> 3);
      const header = _malloc(20);
      const values = new Float64Array(n); const offsets = new Int32Array(n + 1); let ids = new Int32Array(16 * n);
      const direct = []; const jslib = [];
      // The clock ticks in 5 µs: time batches of BATCH steps, one sample = the batch's mean per step.
      const BATCH = 50;
      const runDirect = () => {
        for (let s = 0; s < steps; s += BATCH) {
          const t0 = performance.now();
          for (let k = 0; k < BATCH; k++) { f.updatePositions(hd, xyz); f.stepAndGetState(hd, 1); }
          direct.push((performance.now() - t0) / BATCH);
        }
      };
      const runJslib = () => {
        for (let s = 0; s < steps; s += BATCH) {
          const t0 = performance.now();
          for (let k = 0; k < BATCH; k++) {
          _CollektiveWasm_UpdatePositions(hj, pos, xyz.length);
          _CollektiveWasm_StepAndGetState(hj, 1, header);
          const h = header >> 2; const total = HEAP32[h + 4];
          values.set(HEAPF64.subarray(HEAP32[h] >> 3, (HEAP32[h] >> 3) + n));
          offsets.set(HEAP32.subarray(HEAP32[h + 1] >> 2, (HEAP32[h + 1] >> 2) + n + 1));
          if (ids.length < total) ids = new Int32Array(2 * total);
          ids.set(HEAP32.subarray(HEAP32[h + 2] >> 2, (HEAP32[h + 2] >> 2) + total));
          }
          jslib.push((performance.now() - t0) / BATCH);
        }
      };
      runDirect(); runJslib(); direct.length = 0; jslib.length = 0; // warm-up
      for (let b = 0; b < blocks; b++) { if (b % 2) { runJslib(); runDirect(); } else { runDirect(); runJslib(); } }
      f.destroy(hd); _CollektiveWasm_Destroy(hj); _free(pos); _free(header);
      return { direct: 1000 * median(direct), jslib: 1000 * median(jslib) };
    }, { n, steps: Number(a.steps), blocks: Number(a.blocks) });
    console.log(`${String(n).padEnd(8)}${r.direct.toFixed(2).padStart(13)}${r.jslib.toFixed(2).padStart(16)}${(r.jslib - r.direct).toFixed(2).padStart(17)}`);
  }
} finally {
  await ctx.close();
  rmSync(profile, { recursive: true, force: true });
  http.close();
}
