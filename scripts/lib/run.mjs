// Runs a command with inherited output; rejects with the command line and exit code on failure.
import { spawn } from 'node:child_process';
import { join } from "node:path";
import { root } from "./root.mjs";

export function run(cmd, args = [], { cwd = root, env = {}, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (quiet) { child.stdout.on('data', (d) => { out += d; }); child.stderr.on('data', (d) => { out += d; }); }
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(out)
      : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}${quiet ? `\n${out.slice(-4000)}` : ''}`))));
  });
}
