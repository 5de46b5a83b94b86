/**
 * The only thing the rest of the dashboard knows about the database: run SQL, get an Arrow-like table back;
 * register file bytes under a name that SQL can read. The DuckDB-Wasm implementation lives in `duckdbWasm.ts`
 * (the one module importing @duckdb/duckdb-wasm); tests use the same interface over DuckDB's Node build.
 */

/** The part of an Apache Arrow Table the model layer reads. */
export interface ArrowLike {
  readonly numRows: number;
  readonly schema: { readonly fields: ReadonlyArray<{ readonly name: string; readonly type: { toString(): string } }> };
  toArray(): ArrayLike<{ toJSON(): Record<string, unknown> } | Record<string, unknown>>;
}

export interface Connector {
  /** Runs one or more statements; the result of the last one. */
  query(sql: string): Promise<ArrowLike>;
  /** Makes `bytes` readable as `name` (e.g. `read_csv('name')`). */
  registerFile(name: string, bytes: Uint8Array): Promise<void>;
  dropFile(name: string): Promise<void>;
  /** Appends an Arrow IPC stream to the existing table `name` (fast bulk insert of parsed uploads; columns by position, types must convert). */
  appendArrowIpc(name: string, ipc: Uint8Array): Promise<void>;
  /** Releases the database (terminates the worker). */
  close(): Promise<void>;
  /** Engine version string, for the footer. */
  readonly version: string;
}
