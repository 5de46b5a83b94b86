// Type-checks the JavaScript (tsconfig.js.json: allowJs + checkJs over the JSDoc) with the repository's TypeScript.
// The dashboard's own TypeScript is checked by its build step (tsconfig.json).
import { tsc } from '../lib/parsers.mjs';

export const suites = [{
  name: 'types',
  description: 'tsc over the JavaScript from its JSDoc (tsconfig.js.json: the measurement library, the engine facade, the Node server, every script and bench, the Node-side and e2e tests; it excludes only node_modules and build outputs); fails with tsc\'s messages',
  cmd: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.js.json', '--pretty', 'false'],
  parse: tsc,
}];
