/** The published soaks (data/soak/index.json lists them, scripts/soak.mjs --publish; docs/testing.md "Soak"). */
import { soakProblem, type SoakFile } from '../plots/soakFigure';
import { dataUrl, fetchDataJson } from './dataFiles';

/** The soak index as scripts/soak.mjs writes it, oldest first. */
interface SoakIndex { soaks?: { file: string }[] }

/**
 * The newest published soak; null when none is published (no index, or one that cannot be read: a host's fallback
 * page). A listed file that is missing or malformed is an error naming it.
 */
export async function loadNewestSoak(): Promise<SoakFile | null> {
  const index = await fetch(dataUrl('soak/index.json')).then((r) => (r.ok ? (r.json() as Promise<SoakIndex>).catch(() => null) : null), () => null);
  const newest = index?.soaks?.at(-1)?.file;
  if (!newest) return null;
  const json = await fetchDataJson<unknown>(`soak/${newest}`).catch((e: unknown) => {
    throw new Error(`data/soak/${newest}: ${e instanceof Error ? e.message : String(e)}`);
  });
  const problem = soakProblem(json);
  if (problem) throw new Error(`data/soak/${newest}: ${problem}`);
  return json as SoakFile;
}
