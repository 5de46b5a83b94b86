// Toxiproxy (github.com/Shopify/toxiproxy/v2): a TCP proxy on loopback that shapes the bytes between a front-end
// and a back-end (latency, jitter, bandwidth), standing in for a network where kernel emulation (netem) is not
// available. The method, the profiles and their limits: docs/network.md. The binary is built from the Go module
// proxy by the build step `toxiproxy` (scripts/builds/35-toxiproxy.mjs) into `.toolchain/`; this module starts it,
// creates proxies through its HTTP API (plain fetch) and stops the process it started.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './toolchain.mjs';
import { freePort } from './harness.mjs';

/** The pinned Toxiproxy version (the newest the Go module proxy served when this was written). */
export const TOXIPROXY_VERSION = 'v2.5.0';
export const TOXIPROXY_MODULE = 'github.com/Shopify/toxiproxy/v2';
export const toxiproxyBinDir = join(root, '.toolchain', `toxiproxy-${TOXIPROXY_VERSION.slice(1)}`, 'bin');
/** The server binary; TOXIPROXY_SERVER overrides it (a test points it at a missing file to see the message). */
export const toxiproxyServer = process.env.TOXIPROXY_SERVER || join(toxiproxyBinDir, 'server');
/** What a user types to install it: the project's build step, which runs `go install` into .toolchain/. */
export const TOXIPROXY_INSTALL = 'node scripts/build.mjs toxiproxy';
export const goInstallCommand = () =>
  `GOBIN=${toxiproxyBinDir} go install ${TOXIPROXY_MODULE}/cmd/server@${TOXIPROXY_VERSION}`;

/** null when Go is on PATH, else a message naming what to install. */
export function goMissing() {
  if (spawnSync('sh', ['-c', 'command -v go']).status === 0) return null;
  return 'Go is not on PATH: Toxiproxy is built from source with `go install` (install Go 1.22 or newer, e.g. apt-get install -y golang-go, '
    + `then run \`${TOXIPROXY_INSTALL}\`, i.e. \`${goInstallCommand()}\`)`;
}

/** null when the pinned Toxiproxy server binary is installed, else a message naming the install command. */
export function toxiproxyMissing() {
  if (existsSync(toxiproxyServer)) return null;
  const go = goMissing();
  return `Toxiproxy ${TOXIPROXY_VERSION} is not installed at ${toxiproxyServer}: run \`${TOXIPROXY_INSTALL}\` `
    + `(it runs \`${goInstallCommand()}\`)${go ? `; ${go}` : ''}`;
}

/** For a test suite's requirements: null when Toxiproxy is installed or Go can build it (build step toxiproxy). */
export const toxiproxyInstallable = () => (existsSync(toxiproxyServer) ? null : goMissing());

/** Throws with the install message when Toxiproxy (or Go to build it) is missing. */
export function requireToxiproxy() {
  const m = toxiproxyMissing();
  if (m) throw new Error(m);
  return toxiproxyServer;
}

/** Builds the pinned server into .toolchain/ (the build step). */
export async function installToxiproxy({ log = console.log } = {}) {
  if (existsSync(toxiproxyServer)) return toxiproxyServer;
  const go = goMissing();
  if (go) throw new Error(go);
  log(`[toxiproxy] ${goInstallCommand()}`);
  const child = spawn('go', ['install', `${TOXIPROXY_MODULE}/cmd/server@${TOXIPROXY_VERSION}`],
    { env: { ...process.env, GOBIN: toxiproxyBinDir, GOFLAGS: '-mod=mod' }, stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = await once(child, 'exit');
  if (code !== 0 || !existsSync(toxiproxyServer)) throw new Error(`go install of Toxiproxy failed (${code}); command: ${goInstallCommand()}`);
  return toxiproxyServer;
}

/**
 * Network profiles: `rttMs` added round-trip time, `jitterMs` its ± range, `rateKBps` bandwidth per direction
 * (KB/s, null = no limit). Toxiproxy's latency and jitter are whole milliseconds per direction, so the RTT is split
 * floor(rtt/2) upstream + the rest downstream, the jitter likewise; each chunk's delay is drawn uniformly in
 * latency ± jitter. A LAN's 0.25 ms is below that resolution: the `loopback` profile (the proxy hop alone, no
 * toxic) stands for it, and its measured added RTT is reported (docs/network.md, "Profiles").
 */
export const PROFILES = Object.freeze({
  loopback: { rttMs: 0, jitterMs: 0, rateKBps: null, label: 'loopback / LAN (proxy hop only)' },
  wifi: { rttMs: 2, jitterMs: 1, rateKBps: null, label: 'Wi-Fi 2 ms ± 1 ms' },
  rtt5: { rttMs: 5, jitterMs: 0, rateKBps: null, label: '5 ms RTT' },
  metro: { rttMs: 10, jitterMs: 0, rateKBps: null, label: 'metro 10 ms' },
  wan: { rttMs: 40, jitterMs: 5, rateKBps: null, label: 'WAN 40 ms ± 5 ms' },
  mobile: { rttMs: 80, jitterMs: 20, rateKBps: 125, label: 'mobile 80 ms ± 20 ms, 1 Mbit/s' },
});

export function toxicsOf(profile) {
  if (!Number.isInteger(profile.rttMs) || !Number.isInteger(profile.jitterMs)) throw new Error('Toxiproxy latency and jitter are whole milliseconds');
  const t = [];
  const up = Math.floor(profile.rttMs / 2);
  const jUp = Math.floor(profile.jitterMs / 2);
  const split = { upstream: [up, jUp], downstream: [profile.rttMs - up, profile.jitterMs - jUp] };
  for (const [stream, [latency, jitter]] of Object.entries(split)) {
    if (latency > 0) t.push({ name: `latency_${stream}`, type: 'latency', stream, toxicity: 1, attributes: { latency, jitter } });
  }
  if (profile.rateKBps) {
    for (const stream of ['upstream', 'downstream']) {
      t.push({ name: `bandwidth_${stream}`, type: 'bandwidth', stream, toxicity: 1, attributes: { rate: profile.rateKBps } });
    }
  }
  return t;
}

/**
 * Starts the Toxiproxy server on a free loopback port. Resolves { api, proxy(name, upstreamPort) → { port,
 * setProfile(profile), remove() }, stop() }.
 */
export async function startToxiproxy({ seed = 1 } = {}) {
  const bin = requireToxiproxy();
  const port = await freePort();
  const child = spawn(bin, ['-host', '127.0.0.1', '-port', String(port), '-seed', String(seed)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } });
  let out = '';
  const keep = (d) => { out = (out + d).slice(-8000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r(code ?? signal)));
  const api = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const res = await fetch(`${api}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`toxiproxy ${method} ${path}: ${res.status} ${text}`);
    try { return text ? JSON.parse(text) : null; } catch { return text; }
  };
  const deadline = Date.now() + 15000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`toxiproxy exited early (${child.exitCode}):\n${out}`);
    try { await call('GET', '/version'); break; } catch (e) {
      if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`toxiproxy API not up on ${api} within 15 s:\n${out}`); }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  let proxies = 0;
  return {
    api,
    pid: child.pid,
    async proxy(upstreamPort, name = `p${proxies += 1}`) {
      const p = await call('POST', '/proxies', { name, listen: '127.0.0.1:0', upstream: `127.0.0.1:${upstreamPort}`, enabled: true });
      const listenPort = Number(String(p.listen).split(':').pop());
      let current = [];
      return {
        port: listenPort,
        name,
        async setProfile(profile) {
          for (const t of current) await call('DELETE', `/proxies/${name}/toxics/${t.name}`);
          current = toxicsOf(profile);
          for (const t of current) await call('POST', `/proxies/${name}/toxics`, t);
        },
        toxics: () => call('GET', `/proxies/${name}/toxics`),
        remove: () => call('DELETE', `/proxies/${name}`),
      };
    },
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
}
