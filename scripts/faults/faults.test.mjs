// Faults in the middle of a benchmark (docs/testing.md, "Faults"): bench:desktop and bench:web run small and real
// (loopback servers, Mono, Chromium) into a scratch runs folder that already holds an earlier run, and one process
// of theirs dies mid-invocation, or its CSV hits a file-size limit (the disk-full case). Each must fail with a
// message naming what died, leave the earlier run byte for byte as it was, publish nothing (no run.json: not a
// run), and a re-run must refuse the same run id cleanly; one re-run with a new id completes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fingerprint, runWithFault } from './harness.mjs';

// --spread 0: the invocations back to back (the default spreads them over two minutes: docs/measurements.md, "Drift").
const DESKTOP = ['--n', '10', '--pacing', 'fixed', '--rounds', '100', '--warmup', '10', '--invocations', '2', '--floors', '0', '--spread', '0', '--quiet'];
// The web invocation steps for about 10 s (600 frames) and its faults come 3 s after the page and the server are both
// up, so that they land mid-run: a fault timed after the page's last step would hit a browser being closed anyway.
const WEB = ['--n', '10', '--pacing', 'frame', '--engines', 'websocket', '--rounds', '600', '--warmup', '10', '--invocations', '2',
  '--floor-samples', '10', '--e2e-blocks', '0', '--spread', '0', '--no-build'];

const isJvm = (p) => p.cmd.startsWith('java') && p.cmd.includes('collektive-jvm-server.jar');
const isHost = (p) => p.cmd.startsWith('mono ') && p.cmd.includes('desktop-host.exe');
const isNodeServer = (p) => p.cmd.includes('collektive-node-server/src/cli.mjs');
const isChromium = (p) => /^\/usr\/(lib\/chromium\/chromium|bin\/chromium) /.test(p.cmd) && !p.cmd.includes('--type=');
// Mid-invocation: the front-end and the server are both up (a server killed before it listens is another fault).
const desktopUp = (all) => all.some(isJvm) && all.some(isHost);
const webUp = (all) => all.some(isNodeServer) && all.some(isChromium);

const FAULTS = [
  { name: 'the JVM server killed mid-invocation', bench: 'desktop', victim: (p, all) => isJvm(p) && desktopUp(all), afterMs: 1000, says: /JVM server was killed by SIGKILL/ },
  { name: 'the desktop front-end (Mono host) killed mid-invocation', bench: 'desktop', victim: (p, all) => isHost(p) && desktopUp(all), afterMs: 1000, says: /desktop host \(C# front-end\) was killed by SIGKILL/ },
  { name: "the JVM server's CSV hits a file-size limit", bench: 'desktop', victim: (p, all) => isJvm(p) && desktopUp(all), fsize: 3000, says: /JVM server exited with 74[\s\S]*socket\.csv is INCOMPLETE[\s\S]*File too large/ },
  { name: "the front-end's CSV hits a file-size limit", bench: 'desktop', victim: (p, all) => isHost(p) && desktopUp(all), fsize: 3000, says: /cannot write the timing CSV \S*unity_socket\.csv completely/ },
  { name: 'the Node server killed mid-invocation', bench: 'web', victim: (p, all) => isNodeServer(p) && webUp(all), afterMs: 3000, says: /Node ws server (did not start: [^\n]*)?was killed by SIGKILL/ },
  { name: 'Chromium killed mid-invocation', bench: 'web', victim: (p, all) => isChromium(p) && webUp(all), afterMs: 3000, says: /Chromium ended during the invocation/ },
  { name: "the Node server's CSV hits a file-size limit", bench: 'web', victim: (p, all) => isNodeServer(p) && webUp(all), fsize: 3000, says: /Node ws server exited with 74[\s\S]*websocket\.csv is INCOMPLETE[\s\S]*EFBIG/ },
];

let scratch;
before(() => { scratch = mkdtempSync(join(tmpdir(), 'collektive-faults-')); });
after(() => rmSync(scratch, { recursive: true, force: true }));

const script = (bench) => `scripts/bench-${bench}.mjs`;
const argsOf = (bench) => (bench === 'desktop' ? DESKTOP : WEB);

/** A runs folder holding an earlier run (a few files that must not change). */
function runsWithEarlierRun(name) {
  const runs = join(scratch, name.replace(/\W+/g, '-'));
  const earlier = join(runs, 'earlier-run');
  mkdirSync(join(earlier, 'n10', 'inv-0'), { recursive: true });
  writeFileSync(join(earlier, 'run.json'), '{"id":"earlier-run"}\n');
  writeFileSync(join(earlier, 'n10', 'inv-0', 'socket.csv'), 't_ns,id,duration_ns\n1,step.service,2\n');
  return { runs, earlier, before: fingerprint(earlier) };
}

for (const f of FAULTS) {
  test(`${f.bench}: ${f.name} → the invocation fails naming it, nothing published, earlier run intact, same id refused`, async (t) => {
    const { runs, earlier, before: earlierBefore } = runsWithEarlierRun(f.name);
    const args = [...argsOf(f.bench), '--out-dir', runs, '--no-publish', '--run-id', 'faulty'];
    const r = await runWithFault(script(f.bench), args, {
      victim: f.victim, afterMs: f.fsize ? 200 : f.afterMs, victimFsizeBytes: f.fsize ?? null,
    });
    t.diagnostic(`${r.ms} ms; fault on: ${r.killed?.cmd.slice(0, 80) ?? 'nothing'}`);
    const tail = r.output.split('\n').filter((l) => !/[░█]/.test(l)).slice(-12).join('\n');
    assert.ok(r.killed, `the fault was never injected (no matching process):\n${tail}`);
    assert.equal(r.code, 1, `exit ${r.code ?? r.signal}:\n${tail}`);
    assert.match(r.output, f.says, tail);
    assert.match(r.output, /Nothing was published: .*has no run\.json/, tail);
    assert.ok(!existsSync(join(runs, 'faulty', 'run.json')), 'a run.json was written for the failed run');
    assert.ok(!/at \S+ \(file:\/\//.test(tail), `a stack trace instead of a message:\n${tail}`);
    assert.deepEqual(fingerprint(earlier), earlierBefore, 'the earlier run changed');
    assert.deepEqual(r.survivors.map((p) => p.cmd.slice(0, 120)), [], 'processes the bench started outlived it');
    const again = await runWithFault(script(f.bench), args);
    assert.equal(again.code, 2, `re-run with the same id: exit ${again.code}\n${again.output.slice(-500)}`);
    assert.match(again.output, /exists already: a benchmark never overwrites a run/);
  });
}

// A job runner stopping the bench itself: what it started (servers, front-end, browser) stops with it.
const STOPPED = [
  { bench: 'web', what: 'its browser and servers', victim: (p, all) => isChromium(p) && webUp(all), afterMs: 3000 },
  { bench: 'desktop', what: 'its JVM server and C# front-end', victim: (p, all) => isHost(p) && desktopUp(all), afterMs: 1000 },
];
for (const f of STOPPED) {
  test(`${f.bench}: the bench itself stopped by SIGTERM mid-invocation → exit 143, ${f.what} stop with it, nothing published, earlier run intact`, async () => {
    const { runs, earlier, before: earlierBefore } = runsWithEarlierRun(`sigterm-${f.bench}`);
    const r = await runWithFault(script(f.bench), [...argsOf(f.bench), '--out-dir', runs, '--no-publish', '--run-id', 'stopped'],
      { victim: f.victim, afterMs: f.afterMs, benchSignal: 'SIGTERM' });
    const tail = r.output.split('\n').filter((l) => !/[░█]/.test(l)).slice(-8).join('\n');
    assert.ok(r.killed, `the signal was never sent (the front-end and the server were never both up):\n${tail}`);
    assert.equal(r.code, 143, `exit ${r.code ?? r.signal}:\n${tail}`);
    assert.match(r.output, /stopped by SIGTERM\. Nothing was published: .*has no run\.json/, tail);
    assert.ok(!existsSync(join(runs, 'stopped', 'run.json')));
    assert.deepEqual(fingerprint(earlier), earlierBefore, 'the earlier run changed');
    assert.deepEqual(r.survivors.map((p) => p.cmd.slice(0, 120)), [], 'processes the bench started outlived it');
  });
}

// The other benches stopped the same way: bench:reproduce hands the signal to the bench it runs, bench:network stops
// Toxiproxy, its servers and front-ends, bench:node-handoff its servers.
const isToxiproxy = (p) => p.cmd.includes('toxiproxy');
const OTHERS = [
  { bench: 'reproduce', args: (runs) => ['web', ...WEB, '--out-dir', runs, '--no-publish'], victim: (p, all) => isChromium(p) && webUp(all), afterMs: 3000,
    says: [/\[bench:web\] stopped by SIGTERM\. Nothing was published/, /\[bench:reproduce\] stopped by SIGTERM; nothing compared\./] },
  { bench: 'network', args: (runs) => ['--paths', 'desktop', '--profiles', 'loopback', '--n', '10', '--encodings', 'json', '--pacing', 'frame', '--in-flight', '',
    '--invocations', '1', '--frames', '600', '--warmup', '10', '--only', 'grid', '--quiet', '--out-dir', runs, '--no-publish', '--run-id', 'stopped'],
  victim: (p, all) => isHost(p) && all.some(isJvm) && all.some(isToxiproxy), afterMs: 1000, says: [/\[bench:network\] stopped by SIGTERM\. Nothing was published: .*has no run\.json/] },
  { bench: 'node-handoff', args: () => ['--candidates', 'inline', '--encodings', 'json', '--invocations', '1', '--steps', '200000', '--no-jvm', '--isolation-invocations', '0'],
    victim: (p) => isNodeServer(p), afterMs: 2000, says: [/\[bench:node-handoff\] stopped by SIGTERM; nothing written\./] },
];
for (const f of OTHERS) {
  test(`${f.bench}: stopped by SIGTERM mid-run → exit 143, every process it started stops with it, nothing published, earlier run intact`, async () => {
    const { runs, earlier, before: earlierBefore } = runsWithEarlierRun(`sigterm-${f.bench}`);
    const r = await runWithFault(script(f.bench), f.args(runs), { victim: f.victim, afterMs: f.afterMs, benchSignal: 'SIGTERM' });
    const tail = r.output.split('\n').filter((l) => !/[░█]/.test(l)).slice(-8).join('\n');
    assert.ok(r.killed, `the signal was never sent (the bench never got going):\n${tail}`);
    assert.equal(r.code, 143, `exit ${r.code ?? r.signal}:\n${tail}`);
    for (const says of f.says) assert.match(r.output, says, tail);
    assert.deepEqual(readdirSync(runs).filter((d) => existsSync(join(runs, d, 'run.json')) && d !== 'earlier-run'), [], 'a run was published');
    assert.deepEqual(fingerprint(earlier), earlierBefore, 'the earlier run changed');
    assert.deepEqual(r.survivors.map((p) => p.cmd.slice(0, 120)), [], 'processes the bench started outlived it');
  });
}

test('desktop: after a failed invocation, re-running with a new id completes the run beside the failed one', async () => {
  const { runs, earlier, before: earlierBefore } = runsWithEarlierRun('rerun');
  const failed = await runWithFault(script('desktop'), [...DESKTOP, '--out-dir', runs, '--no-publish', '--run-id', 'first'],
    { victim: FAULTS[0].victim, afterMs: 1000 });
  assert.equal(failed.code, 1);
  const rerun = await runWithFault(script('desktop'), [...DESKTOP, '--out-dir', runs, '--no-publish', '--run-id', 'second']);
  assert.equal(rerun.code, 0, rerun.output.slice(-1500));
  for (const f of ['run.json', 'summary.json', 'n10-fixed/inv-0/socket.csv', 'n10-fixed/inv-1/unity_native.csv']) {
    assert.ok(existsSync(join(runs, 'second', f)), `the completed run lacks ${f}`);
  }
  assert.ok(!existsSync(join(runs, 'first', 'run.json')));
  assert.deepEqual(fingerprint(earlier), earlierBefore);
});
