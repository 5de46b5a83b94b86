// Program specs (createSim's `program`, docs/programs.md) are checked in the main thread, with the engine's own
// registry (the Kotlin/JS build's Programs.parse), before the session reserves anything: a bad spec is refused
// like any other field, and the connection's previous simulation stays as it was.
import { loadFacade } from './engine.mjs';

// An engine that cannot be loaded is reported by the server at startup (cli.mjs: "cannot start the engine", exit 1).
const facade = await loadFacade().catch(() => null);

/** null when `spec` names a program an engine of `nodeCount` devices can run, else the engine's reason. */
export const programError = (spec, nodeCount) => (facade ? facade.checkProgram(spec, nodeCount) : null);
