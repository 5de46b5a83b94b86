import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseState, toSearch, type ViewState } from '../src/state/viewState';

describe('URL view state', () => {
  it('is empty for the defaults and parses back to the defaults', () => {
    expect(toSearch(DEFAULTS)).toBe('');
    expect(parseState('')).toEqual({ ...DEFAULTS, runs: undefined, ids: undefined, transports: undefined, n: undefined, cfg: undefined, sql: undefined, live: { ...DEFAULTS.live, wsUrl: undefined } });
  });
  it('round-trips every field', () => {
    const s: ViewState = { view: 'distributions', warmup: 5, unit: 'us', runs: ['a', 'b'], ids: ['step.service'], transports: ['native'], n: [10, 100], cfg: ['r/c', 'all'], plot: 'ecdf', logx: false, floors: false, boot: 2000, sql: "SELECT 'x, y' AS z", pair: 'web',
      live: { engine: 'websocket', pacing: 'free', nodeCount: 100, maxDistance: 2.5, scenario: 'random', wsUrl: 'ws://127.0.0.1:8791', encoding: 'binary' } };
    expect(parseState(toSearch(s))).toEqual(s);
  });
  it('clamps or ignores bad values', () => {
    const s = parseState('?view=nope&warmup=-4&unit=km&plot=pie&boot=abc&n=10,x,-1');
    expect(s).toMatchObject({ view: 'compare', warmup: 0, unit: 'auto', plot: 'box', boot: 1000, n: [10] });
    expect(parseState('?engine=tcp&nodes=0&maxd=99&pacing=x').live).toMatchObject({ engine: 'wasm', nodeCount: 1, maxDistance: 3, pacing: 'frame' });
  });
  it('the Live view opens on the random layout; the reference layout is kept in the URL and comes back', () => {
    expect(parseState('?view=live').live.scenario).toBe('random');
    const ref = parseState('?view=live&scenario=reference');
    expect(ref.live.scenario).toBe('reference');
    expect(toSearch(ref)).toBe('?view=live&scenario=reference');
    expect(toSearch(parseState('?view=live&scenario=random'))).toBe('?view=live');
  });
});
