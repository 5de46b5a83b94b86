// Build step `toxiproxy`: the pinned Toxiproxy server (TCP shaping for `npm run bench:network`, docs/network.md),
// built from the Go module proxy with `go install` into .toolchain/ (scripts/lib/toxiproxy.mjs).
import { relative } from 'node:path';
import { installToxiproxy, toxiproxyServer } from '../lib/toxiproxy.mjs';
import { root } from '../lib/toolchain.mjs';

export const steps = [{
  name: 'toxiproxy',
  description: 'Toxiproxy server (go install github.com/Shopify/toxiproxy/v2/cmd/server, pinned) → .toolchain/',
  inputs: ['scripts/lib/toxiproxy.mjs', 'scripts/builds/35-toxiproxy.mjs'],
  outputs: [relative(root, toxiproxyServer)],
  run: () => installToxiproxy(),
}];
