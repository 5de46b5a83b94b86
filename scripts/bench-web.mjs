#!/usr/bin/env node
// npm run bench:web -- [--n 10,100,1000] [--pacing frame,free] [--rounds 1000] [--engines wasm,websocket]
//                      [--encoding json[,json-split,batched,binary]] [--seed 1] [--floor-samples 1000]
//                      [--e2e-blocks 250] [--id <run-id>] [--title <text>] [--no-publish]
// Scenario as bench:desktop: N = 10 is the reference layout, larger N the random one (seed, mean degree 8, source 0).
// Web benchmark: builds what is missing (wasm, js, dashboard), starts `vite preview` (COOP/COEP) and, per
// configuration, a fresh Node ws server with --csv; drives headless Chromium through the Live view's
// window.__bench hook (the same WebGL loop users watch) for every N × pacing, both engines; writes
// public/data/runs/<run-id>/<n…-pacing>/{wasm,websocket,web_wasm,web_websocket,floors}.csv and run.json, appends the
// run to public/data/manifest.json, and prints medians, overheads and ratios (reference analysis, warm-up 30).
import { existsSync, mkdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ensureBuilt, steps } from './lib/build-steps.mjs';
import { collectEnvironment, gitCommit, publishRun, dataDir, root } from './lib/publish-run.mjs';
import { launchBrowser, openLive, startPreview, startWsServer } from '../dashboard/src/live/e2e/harness.mjs';
import { fmt, ratio, series, median, summarize } from '../dashboard/src/live/e2e/summary.mjs';
import { scenarioFor } from '../dashboard/src/live/scenarioKind.mjs';
import { blockMeans } from '../measurement/src/analysis.mjs';

const { values: a } = parseArgs({
  options: {
    n: { type: 'string', default: '10,100,1000' },
    pacing: { type: 'string', default: 'frame,free' },
    rounds: { type: 'string', default: '1000' },
    engines: { type: 'string', default: 'wasm,websocket' },
    encoding: { type: 'string', default: 'json' },
    'floor-samples': { type: 'string' },
    seed: { type: 'string', default: '1' },
    'e2e-blocks': { type: 'string', default: '250' },
    warmup: { type: 'string', default: '30' },
    id: { type: 'string' },
    title: { type: 'string' },
    'no-publish': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const ns = a.n.split(',').map(Number);
const pacings = a.pacing.split(',');
const engines = a.engines.split(',');
const encodings = a.encoding.split(',');
const rounds = Number(a.rounds);
const warmup = Number(a.warmup);
const floorSamples = a['floor-samples'] ? Number(a['floor-samples']) : Math.min(rounds, 1000);
const seed = Number(a.seed);
const e2eBlocks = Number(a['e2e-blocks']);
if (ns.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(rounds) || rounds < 1
  || pacings.some((p) => !['frame', 'free'].includes(p)) || engines.some((e) => !['wasm', 'websocket'].includes(e))
  || encodings.some((e) => !['json', 'json-split', 'batched', 'binary'].includes(e))
  || !Number.isSafeInteger(seed) || !Number.isInteger(e2eBlocks) || e2eBlocks < 0) {
  console.error('bad arguments; see the usage at the top of scripts/bench-web.mjs');
  process.exit(2);
}

if (!a['no-build']) await ensureBuilt(['wasm', 'js', 'dashboard'].filter((s) => steps.has(s)));

const commit = gitCommit({ paths: ['collektive-core', 'collektive-wasm', 'collektive-node-server', 'dashboard/src/live', 'dashboard/src/pages/LivePage.tsx'] });
const createdAt = new Date().toISOString();
const runId = a.id ?? `${createdAt.slice(0, 10)}-web-${(commit ?? 'nocommit').slice(0, 7)}`;
const publish = !a['no-publish'];
const outDir = publish ? join(dataDir, 'runs', runId) : mkdtempSync(join(tmpdir(), 'bench-web-'));
mkdirSync(outDir, { recursive: true });

const preview = await startPreview();
const browser = await launchBrowser();
const bar = new cliProgress.SingleBar({
  format: '{bar} {percentage}% | {config} {engine} {steps}/{rounds} | {eta_formatted} left', hideCursor: true,
  noTTYOutput: true, notTTYSchedule: 5000, // progress lines in logs too (CI, redirected output)
}, cliProgress.Presets.shades_classic);
const perNp = engines.length + (encodings.length - 1) * (engines.includes('websocket') ? 1 : 0);
const total = ns.length * pacings.length * perNp * rounds;
let doneBefore = 0;
await browser.page.exposeFunction('__benchProgress', ({ engine, steps }) => {
  bar.update(doneBefore + steps, { engine, steps });
});
const stopAll = async () => { await browser.close().catch(() => {}); await preview.stop().catch(() => {}); };
process.on('SIGINT', async () => { bar.stop(); await stopAll(); process.exit(130); });

const configurations = [];
const summaries = [];
let timerResolutionNs = null;
let coi = null;
bar.start(total, 0, { config: '', engine: '', steps: 0, rounds });
try {
  for (const n of ns) {
   for (const encoding of encodings) {
    // The in-page engine does not depend on the WebSocket encoding: measured once per N and pacing.
    const runEngines = encoding === encodings[0] ? engines : engines.filter((e) => e === 'websocket');
    if (runEngines.length === 0) continue;
    for (const pacing of pacings) {
      const id = `n${n}-${pacing}${encoding === 'json' ? '' : `-${encoding}`}`;
      const dir = join(outDir, id);
      mkdirSync(dir, { recursive: true });
      const server = await startWsServer({ csv: join(dir, 'websocket.csv') });
      bar.update(doneBefore, { config: id, engine: '', steps: 0 });
      let result;
      try {
        await openLive(browser.page, preview.url, server.url);
        result = await browser.page.evaluate((c) => window.__bench.run(c), {
          nodeCount: n, pacing, rounds, engines: runEngines, wsUrl: server.url, encoding, floorSamples,
          scenario: scenarioFor(n), seed, e2eBlocks,
        });
      } finally {
        const code = await server.stop('SIGTERM');
        if (code !== 0) throw new Error(`ws server exited with ${code}:\n${server.output()}`);
      }
      doneBefore += runEngines.length * rounds;
      const has = (e) => runEngines.includes(e);
      bar.update(doneBefore);
      timerResolutionNs = Math.max(timerResolutionNs ?? 0, result.timerResolutionNs);
      coi = coi === null ? result.crossOriginIsolated : coi && result.crossOriginIsolated;
      const files = [];
      const put = (file, text, side, transport) => {
        writeFileSync(join(dir, file), text);
        files.push({ file: `${id}/${file}`, side, platform: 'web', transport });
      };
      if (has('wasm')) {
        put('wasm.csv', result.backendWasm ?? 't_ns,id,duration_ns\n', 'backend', 'wasm');
        put('web_wasm.csv', result.frontend.wasm, 'frontend', 'wasm');
      }
      if (has('websocket')) {
        files.push({ file: `${id}/websocket.csv`, side: 'backend', platform: 'web', transport: 'websocket' });
        put('web_websocket.csv', result.frontend.websocket, 'frontend', 'websocket');
      }
      put('floors.csv', result.floors, 'floor', null);
      configurations.push({
        id, title: `Web, ${scenarioFor(n)} scenario, N=${n}, ${pacing} pacing, ${encoding}`, scenario: scenarioFor(n), nodeCount: n, maxDistance: 3,
        seed: scenarioFor(n) === 'random' ? seed : null, meanDegree: result.meanDegree === null ? null : Math.round(result.meanDegree * 1000) / 1000,
        pacing, tickMs: pacing === 'frame' ? Math.round(result.framePeriodMs * 1000) / 1000 : null, timeScale: 1,
        encoding, files, floorNoopBatch: result.noopBatch, framePeriodMs: result.framePeriodMs,
        ...(result.e2eBlockSteps ? { e2eBlockSteps: result.e2eBlockSteps } : {}),
      });
      const read = (f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : null);
      summaries.push({ id, n, pacing, encoding, k: result.e2eBlockSteps, s: summarize({ wasm: read('wasm.csv'), websocket: read('websocket.csv'), webWasm: read('web_wasm.csv'), webWebsocket: read('web_websocket.csv'), floors: read('floors.csv') }, warmup) });
    }
   }
  }
} finally {
  bar.stop();
  await stopAll();
}

const run = {
  schemaVersion: 1,
  id: runId,
  title: a.title ?? `Web (Chromium ${browser.browserVersion?.split('.')[0] ?? '?'} headless), N=${ns.join('/')}, ${pacings.join(' and ')} pacing`,
  kind: 'web',
  createdAt,
  commit,
  description: `Live view driven by scripts/bench-web.mjs: Kotlin/Wasm in the page vs Kotlin/JS in Node behind a WebSocket (ws). Encoding per configuration: json = the reference requests (one newPosition per device, then step) as one text message of JSON lines per frame, the bytes the desktop front-end writes to its socket; json-split = the same requests, one WebSocket message each; batched = positions inside the step request; binary = binary positions and state frames. three.js apply; N = 10 reference scenario, larger N random scenario (seed ${seed}, mean degree 8, source 0), as bench:desktop. Wasm no-op floor samples are means over ${configurations[0]?.floorNoopBatch ?? '?'} calls; step.web.e2e.block samples (in-page engine, free pacing) are means over e2eBlockSteps back-to-back steps. crossOriginIsolated: ${coi}.`,
  frontEnd: { name: 'dashboard Live view (three.js, headless Chromium)', version: browser.browserVersion },
  environment: collectEnvironment({
    timerResolutionNs,
    runtimes: { browser: `Chromium ${browser.browserVersion}`, vite: JSON.parse(readFileSync(join(root, 'node_modules/vite/package.json'), 'utf8')).version },
  }),
  parameters: { rounds, warmup, blocks: 1, floorSamples, crossOriginIsolated: coi },
  configurations,
};
if (publish) {
  const { runPath } = await publishRun(run);
  console.log(`\nwrote ${runPath} and appended ${runId} to public/data/manifest.json`);
} else {
  writeFileSync(join(outDir, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
  console.log(`\nwrote ${outDir} (not published)`);
}

// Desktop native e2e on this machine, for the 1.5× target: the newest desktop run's n10-free configuration.
function desktopNativeE2e() {
  try {
    const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
    for (const entry of [...manifest.runs].reverse().filter((r) => r.kind === 'desktop')) {
      const r = JSON.parse(readFileSync(join(dataDir, entry.run), 'utf8'));
      const c = r.configurations.find((x) => x.nodeCount === 10 && x.pacing === 'free');
      const f = c?.files.find((x) => x.side === 'frontend' && x.transport === 'native');
      if (!f) continue;
      const s = series(readFileSync(join(dataDir, 'runs', entry.id, f.file), 'utf8'), warmup);
      const e2e = s.get('step.unity.e2e');
      return { run: entry.id, e2e: median(e2e), e2eBlock: (k) => median(blockMeans(e2e, k)) };
    }
  } catch { /* no desktop run */ }
  return null;
}

console.log(`\nrun ${runId}: Chromium ${browser.browserVersion}, crossOriginIsolated ${coi}, timer resolution ${fmt(timerResolutionNs)}, ${rounds} rounds, warm-up ${warmup}, medians`);
const header = ['config', 'wasm compute', 'wasm call', 'in-page ovh (mean)', 'noop', 'wasm e2e', 'e2e block (K)', 'ws compute', 'ws service', 'ws send', 'ws wait', 'transport', 'echo', 'transport/echo', 'ws e2e', 'ws/wasm e2e', 'frame.wait ws', 'wait/e2e ws', 'period wasm', 'period ws'];
const rows = summaries.map(({ id, k, s }) => [
  id, fmt(s.wasm.compute), fmt(s.wasm.call), `${fmt(s.wasm.inPageOverhead)} (${fmt(s.wasm.inPageOverheadMean)})`, fmt(s.wasm.noopFloor), fmt(s.wasm.e2e),
  k ? `${fmt(s.wasm.e2eBlock)} (${k})` : '–',
  fmt(s.websocket.compute), fmt(s.websocket.service), fmt(s.websocket.send), fmt(s.websocket.wait), fmt(s.websocket.transport), fmt(s.websocket.echoFloor),
  ratio(s.websocket.transport, s.websocket.echoFloor), fmt(s.websocket.e2e), ratio(s.websocket.e2e, s.wasm.e2e),
  fmt(s.websocket.frameWait), ratio(s.websocket.frameWait, s.websocket.e2e), fmt(s.wasm.period), fmt(s.websocket.period),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => c.padStart(widths[i])).join('  ');
console.log(line(header));
for (const r of rows) console.log(line(r));

const n10 = summaries.find((x) => x.n === 10 && x.pacing === 'free' && x.encoding === encodings[0]);
if (n10) {
  const d = desktopNativeE2e();
  const { wasm, websocket } = n10.s;
  console.log('\ntargets (N=10, free, medians):');
  console.log(`  Wasm in-page overhead (call − compute) median ${fmt(wasm.inPageOverhead)}, mean ${fmt(wasm.inPageOverheadMean)} (target ≤ 10 µs; clock resolution ${fmt(timerResolutionNs)}): ${wasm.inPageOverhead <= 10000 ? 'met' : 'NOT met'}`);
  console.log(`  WebSocket transport (wait − service) ${fmt(websocket.transport)} vs echo floor ${fmt(websocket.echoFloor)} = ${ratio(websocket.transport, websocket.echoFloor)} (target ≤ 2×): ${websocket.transport <= 2 * websocket.echoFloor ? 'met' : 'NOT met'}`);
  if (d && Number.isFinite(wasm.e2eBlock)) {
    // Same statistic on both sides: median over blocks of K consecutive steps of the mean step (the desktop's
    // per-step samples, 100 ns clock, grouped into blocks of the web run's K).
    const desk = d.e2eBlock(n10.k);
    console.log(`  web Wasm e2e, mean of ${n10.k} back-to-back steps ${fmt(wasm.e2eBlock)} vs desktop native e2e, same blocks ${fmt(desk)} (run ${d.run}; per-step median ${fmt(d.e2e)}) = ${ratio(wasm.e2eBlock, desk)} (target ≤ 1.5×): ${wasm.e2eBlock <= 1.5 * desk ? 'met' : 'NOT met'}`);
    console.log(`    per-step medians at the page's ${fmt(timerResolutionNs)} clock: web ${fmt(wasm.e2e)} vs desktop ${fmt(d.e2e)} = ${ratio(wasm.e2e, d.e2e)}`);
  } else if (d) console.log(`  web Wasm e2e ${fmt(wasm.e2e)} vs desktop native e2e ${fmt(d.e2e)} (run ${d.run}) = ${ratio(wasm.e2e, d.e2e)} (target ≤ 1.5×): ${wasm.e2e <= 1.5 * d.e2e ? 'met' : 'NOT met'}`);
  else console.log('  web Wasm e2e vs desktop native e2e: no desktop run with an n10-free native configuration in the manifest');
}
