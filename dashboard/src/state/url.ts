/**
 * The page's URL, read and written in this module only: the view state the address bar holds now, the state the page
 * was opened on, and the load option only the opening URL carries (`?data=none`). Parsing and serialising the query
 * string are viewState.ts's (pure); this module is where they meet `location` and `history`.
 */
import { parseState, toSearch, type ViewState } from './viewState';

/** A query string as the page reads it. */
export interface PageUrl {
  state: ViewState;
  /**
   * `?data=none`: the page loads no published run (the benches open the Live view so: parsing and ingesting the
   * published CSVs in the background would share the machine with the steps they measure). The view state's writer
   * does not keep the parameter, so only the opening URL has it.
   */
  noPublishedData: boolean;
}

/** Pure: what a query string says. */
export function parsePageUrl(search: string): PageUrl {
  return { state: parseState(search), noPublishedData: new URLSearchParams(search).get('data') === 'none' };
}

const pageSearch = (): string => (typeof location === 'undefined' ? '' : location.search);

/** What the page was opened on (read once, at load). */
export const OPENED_URL: PageUrl = parsePageUrl(pageSearch());

let parsedSearch: string | null = null;
let parsed: ViewState = parseState('');
/**
 * The view state the address bar holds now: parsed once per distinct query string, the same object until it changes
 * (useSyncExternalStore compares snapshots by identity).
 */
export function currentViewState(): ViewState {
  const search = pageSearch();
  if (search !== parsedSearch) {
    parsedSearch = search;
    parsed = parseState(search);
  }
  return parsed;
}

/**
 * Pure: the URL the view state `next` is written as, keeping the page's path and hash; null when it is the URL the
 * page is at (no history entry for a change that changes nothing).
 */
export function urlOfState(next: ViewState, at: { pathname: string; search: string; hash: string }): string | null {
  const url = `${at.pathname}${toSearch(next)}${at.hash}`;
  return url === `${at.pathname}${at.search}${at.hash}` ? null : url;
}

/** Event the page's own writes dispatch (history.pushState fires no popstate). */
const CHANGED = 'viewstate';

/** Writes `patch` over the current view state into the URL: a history entry, or a replacement with `replace`. */
export function writeViewState(patch: Partial<ViewState>, opts: { replace?: boolean } = {}): void {
  const url = urlOfState({ ...currentViewState(), ...patch }, window.location);
  if (url === null) return;
  if (opts.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `onChange` when the view state may have changed (back/forward or the page's own writes); returns the unsubscriber. */
export function subscribeViewState(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}
