/**
 * DuckDB-Wasm behind the Connector interface. This is the only module that imports @duckdb/duckdb-wasm.
 * One bundle is shipped: "eh" (Wasm exceptions, single-threaded), loaded through Vite `?url` imports so the
 * wasm and its worker are served from this site (no CDN).
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import type { ArrowLike, Connector } from './connector';

export async function createWasmConnector(): Promise<Connector> {
  const t0 = performance.now();
  const worker = new Worker(ehWorker);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  try {
    await db.instantiate(ehWasm);
    performance.measure('duckdb instantiate', { start: t0 });
    await db.open({ query: { castBigIntToDouble: false } });
    const conn = await db.connect();
    const version = await db.getVersion();
    return {
      version,
      query: async (sql: string) => (await conn.query(sql)) as unknown as ArrowLike,
      registerFile: (name, bytes) => db.registerFileBuffer(name, bytes),
      dropFile: async (name) => { await db.dropFile(name); },
      appendArrowIpc: (name, ipc) => conn.insertArrowFromIPCStream(ipc, { name, create: false }),
      openSession: async () => {
        const own = await db.connect();
        return { query: async (sql: string) => (await own.query(sql)) as unknown as ArrowLike, close: () => own.close() };
      },
      close: async () => {
        await conn.close().catch(() => undefined);
        await db.terminate();
      },
    };
  } catch (e) {
    await db.terminate().catch(() => undefined);
    worker.terminate();
    throw e;
  }
}
