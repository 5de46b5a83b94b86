import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseState, toSearch, type ViewState } from '../src/state/viewState';
import { WS_ENCODINGS } from '../src/live/model';
import { ENCODINGS } from '../../measurement/src/catalogue.mjs';

describe('URL view state', () => {
  it('is empty for the defaults and parses back to the defaults', () => {
    expect(toSearch(DEFAULTS)).toBe('');
    expect(parseState('')).toEqual({ ...DEFAULTS, runs: undefined, ids: undefined, transports: undefined, n: undefined, cfg: undefined, sql: undefined, live: { ...DEFAULTS.live, wsUrl: undefined }, history: { all: false, figure: undefined, base: undefined, vs: undefined } });
  });
  it('round-trips every field (each view\'s own settings on that view)', () => {
    const h: ViewState = { ...parseState(''), view: 'history', history: { figure: 'socket.e2e_median', base: 'r-a/c0', vs: 'r-a/c1', all: true } };
    expect(parseState(toSearch(h))).toEqual(h);
    const s: ViewState = { view: 'live', warmup: 5, unit: 'us', runs: ['a', 'b'], ids: ['step.service'], transports: ['native'], n: [10, 100], cfg: ['r/c', 'all'], plot: 'ecdf', logx: false, floors: false, boot: 2000, sql: "SELECT 'x, y' AS z", pair: 'web',
      live: { engine: 'websocket', pacing: 'free', nodeCount: 100, maxDistance: 2.5, scenario: 'random', wsUrl: 'ws://127.0.0.1:8791', encoding: 'binary', program: 'boundedElection:bound=2' }, history: { all: false } };
    expect(parseState(toSearch(s))).toEqual({ ...s, history: { all: false, figure: undefined, base: undefined, vs: undefined } });
  });
  it('the Live view takes every web encoding of the catalogue, and only those', () => {
    expect([...WS_ENCODINGS]).toEqual([...ENCODINGS.web]);
    for (const e of WS_ENCODINGS) expect(parseState(`?view=live&engine=websocket&enc=${e}`).live.encoding).toBe(e);
    expect(parseState('?view=live&enc=morse').live.encoding).toBe('json');
  });
  it('clamps or ignores bad values', () => {
    const s = parseState('?view=nope&warmup=-4&unit=km&plot=pie&boot=abc&n=10,x,-1');
    expect(s).toMatchObject({ view: 'compare', warmup: 0, unit: 'auto', plot: 'box', boot: 1000, n: [10] });
    expect(parseState('?engine=tcp&nodes=0&maxd=99&pacing=x').live).toMatchObject({ engine: 'wasm', nodeCount: 1, maxDistance: 3, pacing: 'frame' });
  });
  it('the Live view\'s and the History view\'s settings stay out of the other views\' links', () => {
    const live = parseState('?view=live&engine=websocket&nodes=100&hfig=x');
    expect(toSearch({ ...live, view: 'compare' })).toBe('');
    expect(toSearch(live)).toBe('?view=live&engine=websocket&nodes=100');
    expect(toSearch({ ...parseState('?view=history&hbase=a%2Fb'), view: 'distributions' })).toBe('?view=distributions');
  });
  it('the Live view opens on the random layout; the reference layout is kept in the URL and comes back', () => {
    expect(parseState('?view=live').live.scenario).toBe('random');
    const ref = parseState('?view=live&scenario=reference');
    expect(ref.live.scenario).toBe('reference');
    expect(toSearch(ref)).toBe('?view=live&scenario=reference');
    expect(toSearch(parseState('?view=live&scenario=random'))).toBe('?view=live');
  });
  it('the plot views\' program is kept in the URL on those views; on the Live view the same parameter is the program it runs', () => {
    const d = parseState('?view=distributions&program=gossipMax');
    expect(d.program).toBe('gossipMax');
    expect(toSearch(d)).toBe('?view=distributions&program=gossipMax');
    expect(toSearch({ ...d, view: 'scale' })).toBe('?view=scale&program=gossipMax');
    expect(parseState('?view=live&program=gossipMax').program).toBeUndefined();
    expect(toSearch({ ...d, view: 'live' })).toBe('?view=live');
    expect(parseState('?program=').program).toBeUndefined();
  });
  it('the Live view\'s program is kept in the URL as typed (the engine decides whether it is valid); the reference program is not written', () => {
    expect(parseState('?view=live').live.program).toBe('euclidean');
    const g = parseState('?view=live&program=gossipMax');
    expect(g.live.program).toBe('gossipMax');
    expect(toSearch(g)).toBe('?view=live&program=gossipMax');
    expect(parseState(`?view=live&program=${encodeURIComponent('channel:destination=9,width=1')}`).live.program).toBe('channel:destination=9,width=1');
    expect(toSearch(parseState('?view=live&program=euclidean'))).toBe('?view=live');
    expect(parseState('?view=live&program=').live.program).toBe('euclidean');
    expect(parseState(`?view=live&program=${'x'.repeat(500)}`).live.program).toHaveLength(200);
  });
});
