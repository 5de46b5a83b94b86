/** The URL-backed view state as a React hook: changes push a history entry; back/forward re-render. */
import { useCallback, useSyncExternalStore } from 'react';
import { parseState, toSearch, type ViewState } from './viewState';

const subscribe = (cb: () => void) => {
  window.addEventListener('popstate', cb);
  window.addEventListener('viewstate', cb);
  return () => {
    window.removeEventListener('popstate', cb);
    window.removeEventListener('viewstate', cb);
  };
};
let cacheKey: string | null = null;
let cache: ViewState = parseState('');
const snapshot = (): ViewState => {
  if (window.location.search !== cacheKey) {
    cacheKey = window.location.search;
    cache = parseState(cacheKey);
  }
  return cache;
};

export function useViewState(): [ViewState, (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void] {
  const state = useSyncExternalStore(subscribe, snapshot);
  const set = useCallback((patch: Partial<ViewState>, opts: { replace?: boolean } = {}) => {
    const next = { ...parseState(window.location.search), ...patch };
    const url = `${window.location.pathname}${toSearch(next)}${window.location.hash}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    if (opts.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    window.dispatchEvent(new Event('viewstate'));
  }, []);
  return [state, set];
}
