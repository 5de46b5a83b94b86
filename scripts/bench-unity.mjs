#!/usr/bin/env node
// npm run bench:unity -- --unity <Unity executable> [options]: the desktop benchmark with the Unity Editor (batch
// mode) as the front-end. Three stages (docs/measurements.md, "The Unity bench"): Node writes the plan
// (measurement/src/unityRunFiles.mjs: configurations and their scenarios), Unity measures
// (unity-webgl/Assets/Editor/BenchmarkRunner.RunDesktop: raw per-block CSVs and unity-record.json), Node writes the
// run (the same merge as bench:desktop, run.json valid against measurement/schema, the manifest).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { ensureBuilt, root } from './lib/build-steps.mjs';
import { ENCODINGS } from '../measurement/src/catalogue.mjs';
import { publishUnityRun, unityPlan as planUnityRun, writeUnityPlan } from '../measurement/src/unityRunFiles.mjs';
import { COMMON, orderSeedOf } from './lib/cli.mjs';
import { runBench } from './lib/bench.mjs';

const USAGE = `usage: npm run bench:unity -- --unity <Unity executable> [options]
  --unity PATH             the Unity Editor (e.g. ~/Unity/Hub/Editor/6000.2.15f1/Editor/Unity); also $UNITY
  --n 10[,100,1000]        device counts (the scenario of each: measurement/src/scenario.mjs)
  --pacing fixed,free      pacings
  --encodings json         json | batched | binary, comma-separated
  --transports native,socket
  --rounds 1000            measured frames per path and configuration (split over the blocks)
  --warmup 30              warm-up frames per block
  --blocks 5               blocks per configuration, in one Unity process (a fresh JVM server per socket block)
  --tick-ms 20 --time-scale 1   fixed pacing
  --floors 200 --floor-batch 100   floor samples per path, no-op calls per native floor sample
  --seed 1 --mean-degree 8 --max-distance 3   random scenario
  --order-seed S           seed of the per-block transport order, drawn as bench:desktop draws it (default: random,
                           recorded in run.json)
  --server npm|jar         start the JVM server with npm run server:jvm (rebuilds when stale) or the built jar
  --run-id ID --title T    run folder name / title
  --out-dir DIR            runs folder (default public/data/runs; the manifest is only updated there)
  --no-publish             do not append the run to public/data/manifest.json`;

const OPTIONS = {
  ...COMMON,
  unity: { type: 'string', default: process.env.UNITY }, n: { type: 'string', default: '10' },
  pacing: { type: 'string', default: 'fixed,free' }, encodings: { type: 'string', default: 'json' },
  transports: { type: 'string', default: 'native,socket' }, rounds: { type: 'string', default: '1000' },
  warmup: { type: 'string', default: '30' }, blocks: { type: 'string', default: '5' },
  'tick-ms': { type: 'string', default: '20' }, 'time-scale': { type: 'string', default: '1' },
  floors: { type: 'string', default: '200' }, 'floor-batch': { type: 'string', default: '100' },
  seed: { type: 'string', default: '1' }, 'mean-degree': { type: 'string', default: '8' },
  'max-distance': { type: 'string', default: '3' }, 'order-seed': { type: 'string' },
  server: { type: 'string', default: 'npm' }, title: { type: 'string' },
};

function parse({ cli: { values: args, fail } }) {
  if (!args.unity) fail('--unity <Unity executable> (or $UNITY) is required');
  if (!['npm', 'jar'].includes(args.server)) fail(`--server must be npm or jar, got ${args.server}`);
  return { unity: args.unity };
}

/** The run's folder and the plan Unity measures (measurement/src/unityRunFiles.mjs). */
function plan(ctx) {
  const { values: args, fail, list, ints, int, positive: num } = ctx.cli;
  const { runDir, runId, commit, createdAt } = ctx.runFolder('unity', ['collektive-core', 'collektive-native', 'collektive-jvm-server', 'unity-webgl', 'measurement', 'scripts']);
  const nodeCounts = ints('n', 1);
  const transports = list('transports', ['native', 'socket']);
  const unityPlan = planUnityRun({
    runDir, nodeCounts, pacings: list('pacing', ['fixed', 'free']), encodings: list('encodings', [...ENCODINGS.desktop]), transports,
    rounds: int('rounds', 1), warmup: int('warmup', 0), blocks: int('blocks', 1), tickMs: num('tick-ms'), timeScale: num('time-scale'),
    floors: int('floors', 0), floorBatch: int('floor-batch', 1), seed: int('seed', 0), meanDegree: num('mean-degree'),
    maxDistance: num('max-distance'), orderSeed: orderSeedOf(args, int),
    server: args.server,
    run: {
      id: runId, commit, createdAt, command: ctx.command,
      title: args.title ?? `Unity, desktop ${transports.join('+')}, N=${nodeCounts.join(',')}`,
    },
  });
  if (!nodeCounts.length || !transports.length || !unityPlan.configurations.length) fail('--n, --pacing, --encodings and --transports must each name at least one value');
  return { transports, unityPlan };
}

/**
 * Unity in batch mode on the plan; resolves when it exits 0 (its log goes to this process's output). It runs in a
 * scratch folder: the native library writes its default timing CSV (native.csv) into the working directory.
 */
function runUnity(unity, planPath, cwd) {
  const unityArgs = ['-batchmode', '-nographics', '-projectPath', join(root, 'unity-webgl'),
    '-executeMethod', 'Collektive.Unity.Editor.BenchmarkRunner.RunDesktop', '-collektivePlan', planPath, '-logFile', '-'];
  return new Promise((resolveRun, reject) => {
    const child = spawn(unity, unityArgs, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (e) => reject(new Error(`cannot start Unity (${unity}): ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolveRun() : reject(new Error(`Unity exited with ${code}: ${unity} ${unityArgs.join(' ')}`))));
  });
}

async function measure({ unity, runId, runDir, transports, unityPlan }) {
  console.log(`[bench:unity] run ${runId} → ${relative(root, runDir) || runDir}`);
  await ensureBuilt(transports.includes('socket') ? ['native', 'jvm-server'] : ['native']);
  mkdirSync(runDir, { recursive: true });
  const scratch = mkdtempSync(join(os.tmpdir(), 'collektive-bench-unity-'));
  try { await runUnity(unity, writeUnityPlan(unityPlan), scratch); } finally { rmSync(scratch, { recursive: true, force: true }); }
}

/** run.json from what Unity wrote (the same merge as bench:desktop); the skeleton publishes it. */
async function write({ runDir }) {
  return { run: await publishUnityRun(runDir, { publish: false }) };
}

function report({ runDir, run, unityPlan, publish }) {
  console.log(`[bench:unity] wrote ${relative(root, runDir) || runDir}/ (run.json, ${run.configurations.length} configuration folder(s) with ${unityPlan.blocks} block folders each)${publish ? '; added to public/data/manifest.json' : ''}`);
}

runBench({ name: 'bench:unity', usage: USAGE, options: OPTIONS, parse, plan, measure, write, report });
