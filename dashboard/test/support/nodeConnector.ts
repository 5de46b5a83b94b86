/**
 * Test-only Connector over DuckDB-Wasm's Node blocking build (same engine and SQL dialect as the browser
 * bundle), so the dashboard's SQL runs in vitest without a browser.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { ArrowLike, Connector } from '../../src/db/connector';
import { createTables, ingestRun } from '../../src/data/ingest';
import type { RunJson } from '../../src/model/runs';

const require = createRequire(import.meta.url);

export async function createNodeConnector(): Promise<Connector> {
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs');
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const bundles = {
    mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
    eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => undefined);
  const conn = db.connect();
  const version = (conn.query('SELECT version() AS v').toArray()[0].toJSON().v as string);
  return {
    version,
    query: async (sql: string) => conn.query(sql) as ArrowLike,
    registerFile: async (name: string, bytes: Uint8Array) => { db.registerFileBuffer(name, bytes); },
    dropFile: async (name: string) => { db.dropFile(name); },
    appendArrowIpc: async (name: string, ipc: Uint8Array) => { conn.insertArrowFromIPCStream(ipc, { name, create: false }); },
    openSession: async () => {
      const own = db.connect();
      return { query: async (sql: string) => own.query(sql) as ArrowLike, close: async () => { own.close(); } };
    },
    close: async () => { conn.close(); },
  };
}

export const repoRoot = join(dirname(new URL(import.meta.url).pathname), '..', '..', '..');
/** The folder of a published run (public/data/runs/<id>). */
export const runDir = (id: string): string => join(repoRoot, 'public', 'data', 'runs', id);
export const referenceRunDir = runDir('reference-study');

/** A run folder's run.json and a reader of its files (paths relative to the folder). */
export function runFrom(dir: string): { run: RunJson; bytesOf: (path: string) => Promise<Uint8Array> } {
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson;
  return { run, bytesOf: async (p) => new Uint8Array(readFileSync(join(dir, p))) };
}

/** A Node connector with the tables created and one run ingested (its files read by `bytesOf`). */
export async function dbWithRun(run: RunJson, bytesOf: (path: string) => Promise<Uint8Array>): Promise<Connector> {
  const db = await createNodeConnector();
  await createTables(db);
  await ingestRun(db, run, bytesOf);
  return db;
}

/** A Node connector with the tables created and the given run folders (at least one) loaded from disk. */
export async function loadedDb(runDirs: string[]): Promise<{ db: Connector; runs: RunJson[] }> {
  const [first, ...rest] = runDirs.map(runFrom);
  const db = await dbWithRun(first.run, first.bytesOf);
  for (const { run, bytesOf } of rest) await ingestRun(db, run, bytesOf);
  return { db, runs: [first.run, ...rest.map((r) => r.run)] };
}
