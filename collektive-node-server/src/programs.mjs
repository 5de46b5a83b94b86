// Program specs (createSim's `program`, docs/programs.md) are checked in the main thread, with the engine's own
// registry (the Kotlin/JS build's Programs.parse), before the session reserves anything: a bad spec is refused
// like any other field, and the connection's previous simulation stays as it was.
import { loadFacade } from './engine.mjs';

const facade = await loadFacade();

/** null when `spec` names a program an engine of `nodeCount` devices can run, else the engine's reason. */
export const programError = (spec, nodeCount) => facade.checkProgram(spec, nodeCount);
