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
  /** One column, read without building a row object per row (large results: model/arrow.ts seriesValuesOf). */
  getChild?(name: string): { get(i: number): unknown; toArray(): ArrayLike<unknown> } | null;
}

/** A connection of its own (its own transactions), for the visitor's SQL: `sandbox.ts`. */
export interface Session {
  query(sql: string): Promise<ArrowLike>;
  close(): Promise<void>;
}

export interface Connector {
  /** Runs one or more statements; the result of the last one. */
  query(sql: string): Promise<ArrowLike>;
  /** Makes `bytes` readable as `name` (e.g. `read_csv('name')`). */
  registerFile(name: string, bytes: Uint8Array): Promise<void>;
  dropFile(name: string): Promise<void>;
  /** Appends an Arrow IPC stream to the existing table `name` (fast bulk insert of parsed uploads; columns by position, types must convert). */
  appendArrowIpc(name: string, ipc: Uint8Array): Promise<void>;
  /** Opens another connection to the same database (same tables; transactions of its own). */
  openSession(): Promise<Session>;
  /** Releases the database (terminates the worker). */
  close(): Promise<void>;
  /** Engine version string, for the footer. */
  readonly version: string;
}

/** A connector that knows when its callers have no query in flight (see `whenQuiet`). */
export interface TrackedConnector extends Connector {
  /**
   * Resolves once no query or append has been in flight for `quietMs` (counted from the call), or after `maxMs`
   * whatever happens: background
   * work (loading the runs the first view does not show) waits for it, so that it does not queue in front of the
   * first view's queries in the database's one worker.
   */
  whenQuiet(quietMs: number, maxMs: number): Promise<void>;
  /**
   * Declares `sql` a query a view runs again on every new generation of the data (its summary): `prefetch` starts
   * it before the views re-render. Returns the call that withdraws it (counted: two views may watch one query).
   */
  watch(sql: string): () => void;
  /**
   * Starts every watched query for data generation `generation`, which the caller is about to publish: they queue
   * in the database's one worker while the page renders the publication (on a full load that render took about a
   * third of a second before the views' effects asked for the same queries). Results of earlier generations not
   * taken are dropped.
   */
  prefetch(generation: number): void;
  /** The prefetched result of `sql` for `generation` (taken: a second call gets null), or null. */
  prefetched(sql: string, generation: number): Promise<ArrowLike> | null;
}

export function trackActivity(db: Connector): TrackedConnector {
  let inFlight = 0;
  let lastDone = performance.now();
  const watched = new Map<string, number>();
  let ahead: { generation: number; results: Map<string, Promise<ArrowLike>> } = { generation: -1, results: new Map() };
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight++;
    const done = () => { inFlight--; lastDone = performance.now(); };
    p.then(done, done);
    return p;
  };
  return {
    get version() { return db.version; },
    query: (sql) => track(db.query(sql)),
    registerFile: (name, bytes) => db.registerFile(name, bytes),
    dropFile: (name) => db.dropFile(name),
    appendArrowIpc: (name, ipc) => track(db.appendArrowIpc(name, ipc)),
    openSession: () => db.openSession(),
    close: () => db.close(),
    watch: (sql) => {
      watched.set(sql, (watched.get(sql) ?? 0) + 1);
      let withdrawn = false;
      return () => {
        if (withdrawn) return;
        withdrawn = true;
        const n = (watched.get(sql) ?? 1) - 1;
        if (n > 0) watched.set(sql, n); else watched.delete(sql);
      };
    },
    prefetch: (generation) => {
      const results = new Map<string, Promise<ArrowLike>>();
      for (const sql of watched.keys()) {
        const p = track(db.query(sql));
        p.catch(() => {}); // a failure is reported to the view that takes it (an untaken one is dropped)
        results.set(sql, p);
      }
      ahead = { generation, results };
    },
    prefetched: (sql, generation) => {
      if (ahead.generation !== generation) return null;
      const p = ahead.results.get(sql) ?? null;
      ahead.results.delete(sql);
      return p;
    },
    whenQuiet: (quietMs, maxMs) => new Promise<void>((resolve) => {
      const from = performance.now();
      const check = () => {
        const now = performance.now();
        const idle = now - Math.max(lastDone, from);
        if (now - from >= maxMs || (inFlight === 0 && idle >= quietMs)) resolve();
        else setTimeout(check, inFlight === 0 ? Math.max(10, quietMs - idle) : 20);
      };
      check();
    }),
  };
}
