/** The URL-backed view state as a React hook: changes push a history entry; back/forward re-render. */
import { useSyncExternalStore } from 'react';
import { currentViewState, subscribeViewState, writeViewState } from './url';
import type { ViewState } from './viewState';

export function useViewState(): [ViewState, (patch: Partial<ViewState>, opts?: { replace?: boolean }) => void] {
  return [useSyncExternalStore(subscribeViewState, currentViewState), writeViewState];
}
