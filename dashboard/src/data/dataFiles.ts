/**
 * The page's requests for its published files (public/data/): the URL of a path, and each JSON file fetched once per
 * page, whichever view reads it (the manifest is read by the loader, the History, Programs, Network and "Your case"
 * views). A failed request is tried again on the next call. Components read these files through data/ functions.
 */
import type { Manifest } from '../model/runs';

/** URL of a path under the site's data folder, whatever the base path. */
export const dataUrl = (path: string): string => new URL(`${import.meta.env.BASE_URL}data/${path}`, document.baseURI).href;

/** fetch that turns an HTTP error status into an error naming the URL. */
export async function fetchOk(url: string): Promise<Response> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

/**
 * `load` memoised by key: one call per key while its promise stands; a rejected one is forgotten, so that the next
 * call tries again (a network blip does not break the view for the rest of the visit).
 */
export function onceByKey<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const pending = new Map<string, Promise<T>>();
  return (key) => {
    let p = pending.get(key);
    if (!p) {
      const started = load(key);
      p = started;
      pending.set(key, started);
      started.catch(() => { if (pending.get(key) === started) pending.delete(key); });
    }
    return p;
  };
}

const jsonOf = onceByKey((path) => fetchOk(dataUrl(path)).then((r) => r.json() as Promise<unknown>));

/** A JSON file under data/ (fetched once per page; the object is shared: read it, do not change it). */
export const fetchDataJson = <T,>(path: string): Promise<T> => jsonOf(path) as Promise<T>;

/** A text file under data/, fetched on each call (the large ones, read once: a profile's stacks, the headline's SVG). */
export const fetchDataText = async (path: string): Promise<string> => (await fetchOk(dataUrl(path))).text();

/** The published runs' manifest (public/data/manifest.json). */
export const loadManifest = (): Promise<Manifest> => fetchDataJson<Manifest>('manifest.json');
