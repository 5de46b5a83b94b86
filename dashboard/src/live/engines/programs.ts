// The aggregate program an engine runs (docs/programs.md): a spec, `name` or `name:key=value,...`. The names and
// output kinds are the catalogue's (measurement/src/catalogue.mjs); the engines' registry decides what is valid.
import { PROGRAMS, REFERENCE_PROGRAM, isReferenceProgram, programName, programSuffix } from '../../../../measurement/src/catalogue.mjs';

export { PROGRAMS, REFERENCE_PROGRAM, isReferenceProgram, programSuffix };

/** What a program's value is: a distance (+∞ unreachable), a device id, a count, or a boolean (1 / 0). */
export type ProgramOutput = 'distance' | 'id' | 'count' | 'boolean';

/** The catalogue's entry for a spec's name (names ignore case, as the engines' registry does), or null. */
export function programEntry(spec: string | null | undefined): (typeof PROGRAMS)[string] | null {
  const name = programName(spec).trim().toLowerCase();
  return Object.values(PROGRAMS).find((p) => p.name.toLowerCase() === name) ?? null;
}

/** How the scene colours a program's values; a name the catalogue does not know is drawn as a distance. */
export const programOutput = (spec: string | null | undefined): ProgramOutput => programEntry(spec)?.output ?? 'distance';

/** A program spec the engine refused (unknown name, bad parameter): the registry's reason, the same on every path. */
export class ProgramError extends Error {
  constructor(readonly spec: string, readonly reason: string) {
    super(`program "${spec}" refused: ${reason}`);
    this.name = 'ProgramError';
  }
}
