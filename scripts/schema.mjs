#!/usr/bin/env node
// npm run schema: rewrites the lists of measurement/schema/run.schema.json that name the catalogue's paths,
// platforms, pacings and encodings (measurement/src/catalogue.mjs, SCHEMA_ENUMS), so a new path or encoding is an
// entry in the catalogue and this command. `--check`: exits 1 with the difference instead of writing (the
// `generated` suite runs the same comparison).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_ENUMS } from '../measurement/src/catalogue.mjs';
import { root } from './lib/root.mjs';

export const RUN_SCHEMA = join(root, 'measurement', 'schema', 'run.schema.json');

/** The run schema's text with the catalogue's enums in place. */
export function schemaFromCatalogue(text = readFileSync(RUN_SCHEMA, 'utf8')) {
  const schema = JSON.parse(text);
  for (const [pointer, values] of Object.entries(SCHEMA_ENUMS)) {
    const keys = pointer.split('/').slice(1);
    const parent = keys.slice(0, -1).reduce((o, k) => o?.[k], schema);
    if (!parent || !Array.isArray(parent[keys.at(-1)])) throw new Error(`run.schema.json has no list at ${pointer}`);
    parent[keys.at(-1)] = values;
  }
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const now = readFileSync(RUN_SCHEMA, 'utf8');
  const want = schemaFromCatalogue(now);
  if (process.argv.includes('--check')) {
    if (now !== want) { console.error('measurement/schema/run.schema.json differs from the catalogue: npm run schema'); process.exit(1); }
  } else if (now !== want) {
    writeFileSync(RUN_SCHEMA, want);
    console.log('rewrote measurement/schema/run.schema.json from measurement/src/catalogue.mjs');
  } else console.log('measurement/schema/run.schema.json is up to date');
}
