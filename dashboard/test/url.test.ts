// The page's URL read in one place (src/state/url.ts): a query string round-trips through the view state, the
// opening URL's `data=none` is read and never written back, a write that changes nothing makes no history entry, and
// the current state is parsed once per query string.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentViewState, parsePageUrl, urlOfState } from '../src/state/url';
import { DEFAULTS, parseState, toSearch, type ViewState } from '../src/state/viewState';

const states: ViewState[] = [
  DEFAULTS,
  { ...parseState(''), view: 'scale', warmup: 0, unit: 'us', runs: ['a', 'b'], cfg: ['r/c'], program: 'gradient', boot: 2000, focus: 'r/c' },
  { ...parseState(''), view: 'history', history: { figure: 'socket.e2e_median', base: 'r-a/c0', vs: 'r-a/c1', all: true } },
  { ...parseState('?view=yourcase'), yourCase: { platform: 'web', devices: '50', cost: '12', per: 'round', preset: 'p', hz: '30', rtt: '5' } },
  { ...parseState(''), view: 'live', live: { ...DEFAULTS.live, engine: 'websocket', nodeCount: 100, wsUrl: 'ws://127.0.0.1:8791' } },
];

describe('the page URL', () => {
  it('round-trips each view\'s state through its query string', () => {
    for (const s of states) expect(toSearch(parsePageUrl(toSearch(s)).state)).toBe(toSearch(s));
    expect(toSearch(states[3])).toContain('platform=web');
    for (const s of states.slice(1)) expect(parsePageUrl(toSearch(s)).state).toMatchObject({ view: s.view });
    expect(parsePageUrl(toSearch(states[1])).state).toMatchObject({ runs: ['a', 'b'], cfg: ['r/c'], program: 'gradient', boot: 2000, focus: 'r/c' });
    expect(parsePageUrl(toSearch(states[4])).state.live).toMatchObject({ engine: 'websocket', nodeCount: 100, wsUrl: 'ws://127.0.0.1:8791' });
  });
  it('reads data=none from the opening URL, and the view state\'s writer drops it', () => {
    const opened = parsePageUrl('?view=live&data=none');
    expect(opened).toMatchObject({ noPublishedData: true, state: { view: 'live' } });
    expect(parsePageUrl('?data=all').noPublishedData).toBe(false);
    expect(toSearch(opened.state)).not.toContain('data=');
  });
  it('writes a state as the page\'s URL, path and hash kept; the same URL is no change', () => {
    const at = { pathname: '/bench/', search: '?view=scale', hash: '#top' };
    expect(urlOfState({ ...parseState('?view=scale') }, at)).toBeNull();
    expect(urlOfState({ ...parseState('?view=scale'), warmup: 5 }, at)).toBe('/bench/?view=scale&warmup=5#top');
    expect(urlOfState(DEFAULTS, at)).toBe('/bench/#top');
  });
});

describe('the current view state', () => {
  afterEach(() => { vi.unstubAllGlobals(); });
  it('is parsed once per query string: the same object until the URL changes', () => {
    vi.stubGlobal('location', { search: '?view=warmup&warmup=7' });
    const a = currentViewState();
    expect(a).toMatchObject({ view: 'warmup', warmup: 7 });
    expect(currentViewState()).toBe(a);
    vi.stubGlobal('location', { search: '?view=sql' });
    const b = currentViewState();
    expect(b).not.toBe(a);
    expect(b.view).toBe('sql');
  });
});
