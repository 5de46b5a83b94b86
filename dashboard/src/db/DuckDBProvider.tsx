/**
 * Owns the database for the React tree: one initialisation in flight (shared by StrictMode's double mount),
 * the worker terminated when the provider unmounts. Components get it through `useDuckDB()`.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Connector } from './connector';

export type DbState =
  | { status: 'loading' }
  | { status: 'ready'; db: Connector }
  | { status: 'error'; error: string };

const Ctx = createContext<DbState>({ status: 'loading' });

type Factory = () => Promise<Connector>;
let inflight: { factory: Factory; promise: Promise<Connector>; users: number } | null = null;

function acquire(factory: Factory): Promise<Connector> {
  if (!inflight || inflight.factory !== factory) inflight = { factory, promise: factory(), users: 0 };
  inflight.users += 1;
  return inflight.promise;
}

function release(factory: Factory): void {
  const held = inflight;
  if (!held || held.factory !== factory) return;
  held.users -= 1;
  // Deferred so that an immediate re-mount (StrictMode, fast refresh) reuses the same database.
  setTimeout(() => {
    if (held.users === 0 && inflight === held) {
      inflight = null;
      held.promise.then((db) => db.close()).catch(() => undefined);
    }
  }, 0);
}

export function DuckDBProvider({ connect, children }: { connect: Factory; children: ReactNode }) {
  const [state, setState] = useState<DbState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    acquire(connect).then(
      (db) => live && setState({ status: 'ready', db }),
      (e: unknown) => live && setState({ status: 'error', error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
      release(connect);
    };
  }, [connect]);
  return <Ctx.Provider value={state}>{children}</Ctx.Provider>;
}

/** The database state: loading, ready (with the connector) or error. */
export const useDuckDB = (): DbState => useContext(Ctx);
