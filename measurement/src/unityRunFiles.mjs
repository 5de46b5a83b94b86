// The Unity desktop bench's Node stages (docs/measurements.md, "The Unity bench"): the plan Unity runs (written
// here, so the scenario of every configuration comes from scenario.mjs and nowhere else), and the write stage after
// Unity has measured: the raw per-block CSVs and Unity's record (unity-record.json) become the merged files and a
// run.json valid against measurement/schema, through the same merge as bench:desktop (timingFiles.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { desktopConfigurationEntry, desktopConfigurations, desktopOrders } from './assemble.mjs';
import { mergeInvocationFiles } from './timingFiles.mjs';
import { appendToManifest, collectEnvironment, writeRunRecord } from './runRecordFiles.mjs';

/** File names in a Unity run folder: the plan (Node → Unity) and what Unity ran (Unity → Node). */
const UNITY_PLAN = 'unity-plan.json';
const UNITY_RECORD = 'unity-record.json';

/**
 * The plan of a Unity desktop run: the run's identity, the measurement parameters and one entry per configuration
 * (N × pacing × encoding) with its scenario (kind by scenarioFor, seed only for a random layout) and the transport
 * order of each block (`pathOrders`, drawn from the order seed as bench:desktop draws its invocations' orders).
 * `o`: { runDir, run: { id, title, commit, createdAt, command }, nodeCounts, pacings, encodings, transports, rounds, warmup,
 * blocks, tickMs, timeScale, floors, floorBatch, seed, meanDegree, maxDistance, orderSeed, server }.
 */
export function unityPlan(o) {
  const planned = desktopConfigurations(o);
  const { pathOrders } = desktopOrders(o.orderSeed, planned.map((c) => c.id), o.blocks, o.transports);
  const configurations = planned.map((c) => ({ ...c, pathOrders: pathOrders[c.id] }));
  return {
    runDir: o.runDir, run: o.run, transports: o.transports, rounds: o.rounds, warmup: o.warmup, blocks: o.blocks,
    floors: o.floors, floorBatch: o.floorBatch, orderSeed: o.orderSeed, server: o.server, configurations,
  };
}

/** Writes the plan into its run folder; returns the plan file's path (what Unity gets as -collektivePlan). */
export function writeUnityPlan(plan) {
  const path = join(plan.runDir, UNITY_PLAN);
  writeFileSync(path, `${JSON.stringify(plan, null, 2)}\n`);
  return path;
}

/** Throws unless Unity ran each planned configuration on the planned scenario. */
function checkScenario(planned, ran) {
  if (!ran) throw new Error(`${UNITY_RECORD} has no configuration ${planned.id}: did Unity finish?`);
  const want = { kind: planned.scenario, nodeCount: planned.nodeCount, seed: planned.seed, maxDistance: planned.maxDistance };
  const got = { kind: ran.scenario?.kind, nodeCount: ran.scenario?.nodeCount, seed: ran.scenario?.seed ?? null, maxDistance: ran.scenario?.maxDistance };
  if (JSON.stringify(want) !== JSON.stringify(got)) throw new Error(`${planned.id}: Unity ran ${JSON.stringify(got)}, the plan says ${JSON.stringify(want)}`);
}

/**
 * The write stage of a Unity run whose folder holds the plan, Unity's record and the per-block CSVs: merges each
 * configuration's blocks, writes run.json (validated against measurement/schema/run.schema.json) and, with
 * `publish`, appends the run to public/data/manifest.json. Returns the run record.
 */
export async function publishUnityRun(runDir, { publish = false } = {}) {
  const plan = JSON.parse(readFileSync(join(runDir, UNITY_PLAN), 'utf8'));
  const record = JSON.parse(readFileSync(join(runDir, UNITY_RECORD), 'utf8'));
  const configurations = plan.configurations.map((c) => {
    const ran = record.configurations.find((r) => r.id === c.id);
    checkScenario(c, ran);
    const { files, record: blocks } = mergeInvocationFiles(runDir, c.id, ran.blocks, { warmup: plan.warmup });
    return desktopConfigurationEntry(c, { meanDegree: ran.scenario.meanDegree, blockOrders: ran.blocks.map((b) => b.order.join('>')), files, blocks });
  });
  const run = {
    schemaVersion: 1, id: plan.run.id, title: plan.run.title, kind: 'unity', createdAt: plan.run.createdAt, commit: plan.run.commit,
    description: 'Unity Editor in batch mode as the front-end: the shared com.collektive.frontend frame loop (the code the headless desktop host runs) driving libsimple_gradient.so via P/Invoke (native) and the Kotlin/JVM server over loopback TCP (socket, a fresh server per block), interleaved in blocks with a random order per block, all blocks in one Editor process (blocks are not independent invocations: no intervals over them). Each block\'s raw files are in <configuration>/block-<k>/; the merged files drop every block\'s own warm-up after the first. Front-end files keep the reference names (unity_*.csv).',
    frontEnd: record.frontEnd,
    environment: collectEnvironment({ timerResolutionNs: record.timerResolutionNs, runtimes: record.runtimes }),
    parameters: {
      rounds: plan.rounds, warmup: plan.warmup, blocks: plan.blocks, floors: plan.floors, floorBatch: plan.floorBatch,
      orderSeed: plan.orderSeed, transports: plan.transports, roundsPerStep: 1, command: plan.run.command,
    },
    configurations,
  };
  await writeRunRecord(run, { runsDir: join(runDir, '..') });
  if (publish) await appendToManifest(run);
  return run;
}
