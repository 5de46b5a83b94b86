// The command-line convention of every bench:* and profile script (scripts/lib/cli.mjs): --help prints the usage and
// exits 0; an unknown option or a bad value prints the problem and the usage and exits 2, with no stack trace; the
// shared options are spelled the same in every script that takes them. Each script is a real child process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../lib/root.mjs';

const SCRIPTS = {
  'bench:desktop': 'bench-desktop.mjs', 'bench:web': 'bench-web.mjs', 'bench:engine': 'bench-engine.mjs',
  'bench:network': 'bench-network.mjs', 'bench:dashboard': 'bench-dashboard.mjs', 'bench:reproduce': 'bench-reproduce.mjs',
  'bench:calibrate': 'bench-calibrate.mjs', 'bench:node-handoff': 'bench-node-handoff.mjs', profile: 'profile.mjs',
};
/** The shared options each script's usage must list (where they apply). */
const SHARED = {
  'bench:desktop': ['--n', '--encodings', '--run-id', '--out-dir', '--no-publish'],
  'bench:web': ['--n', '--encodings', '--run-id', '--out-dir', '--no-publish'],
  'bench:network': ['--n', '--encodings', '--run-id', '--out-dir', '--no-publish'],
  'bench:engine': ['--n', '--out-dir'],
  profile: ['--n', '--run-id', '--out-dir'],
  'bench:dashboard': [],
  'bench:reproduce': [],
  'bench:calibrate': [],
  'bench:node-handoff': ['--n', '--encodings'],
};
const run = (script, args) => spawnSync(process.execPath, [join(root, 'scripts', script), ...args], { encoding: 'utf8', timeout: 60_000 });
const noStack = (text) => assert.doesNotMatch(text, /\n\s+at |ERR_PARSE_ARGS|node:internal/, `no stack trace or error code:\n${text}`);

for (const [name, script] of Object.entries(SCRIPTS)) {
  const usage = new RegExp(`usage: npm run ${name}\\b`);
  test(`${name} --help prints the usage and exits 0`, () => {
    const r = run(script, ['--help']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, usage);
    for (const option of SHARED[name]) assert.match(r.stdout, new RegExp(`${option}\\b`), `${name} usage lists ${option}`);
  });
  test(`${name} with an unknown option prints the problem and the usage and exits 2`, () => {
    const r = run(script, name === 'bench:reproduce' || name === 'bench:calibrate' ? ['desktop', '--bogus'] : ['--bogus']);
    assert.equal(r.status, 2, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stderr, /Unknown option '--bogus'/);
    assert.match(r.stderr, /usage: npm run bench:|usage: npm run profile/);
    noStack(r.stderr);
  });
}

test('a bad value exits 2 naming the option, for the shared --n and --encodings', () => {
  for (const [script, args, message] of /** @type {[string, string[], RegExp][]} */ ([
    ['bench-desktop.mjs', ['--n', 'ten'], /--n must list/],
    ['bench-web.mjs', ['--n', '0'], /--n must list integers >= 1/],
    ['bench-web.mjs', ['--encodings', 'morse'], /--encodings: "morse" is not one of json, json-split, batched, binary, binary-step/],
    ['bench-web.mjs', ['--driver', 'selenium'], /--driver: "selenium" is not one of playwright, cdp/],
    ['bench-web.mjs', ['--programs', 'euclidean,spiral'], /--programs: "spiral" is not one of euclidean, hop, gossipMax, /],
    ['bench-desktop.mjs', ['--encodings', 'json-split'], /--encodings: "json-split" is not one of json, batched, binary/],
    ['bench-desktop.mjs', ['--transports', 'tcp,pigeon'], /--transports: "pigeon" is not one of tcp, uds, shm/],
    ['bench-desktop.mjs', ['--programs', 'euclidean,spiral'], /--programs: "spiral" is not one of euclidean, hop, gossipMax, /],
    ['bench-desktop.mjs', ['--spins', '0,50', '--server-spin-us', '0,50'], /--spins sets the client and the server spin together/],
    ['bench-engine.mjs', ['--targets', 'jvm,cobol'], /--targets: "cobol" is not one of/],
    ['profile.mjs', ['--path', 'carrier-pigeon'], /--path: "carrier-pigeon" is not one of/],
    ['bench-dashboard.mjs', ['--invocations', '0'], /--invocations must be an integer >= 1/],
    ['bench-web.mjs', ['--n'], /argument missing/],
    ['bench-reproduce.mjs', ['desktop', '--run-id', 'x'], /--run-id is chosen by bench:reproduce/],
  ])) {
    const r = run(script, args);
    assert.equal(r.status, 2, `${script} ${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, `${script} ${args.join(' ')}`);
    assert.match(r.stderr, /usage: npm run/);
    noStack(r.stderr);
  }
});
