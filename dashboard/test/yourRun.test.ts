import { describe, expect, it } from 'vitest';
import { describeUserAgent, mediansOfCsv, normalise, runFiles, WARMUP } from '../src/live/run/yourRun';
import type { BenchResult } from '../src/live/run/benchHook';
import { parseTimingCsv } from '../src/data/csvParse';

const csv = (rows: [string, number][]) => `t_ns,id,duration_ns\n${rows.map(([id, d], i) => `${i},${id},${d}`).join('\n')}\n`;

describe('your run beside ours', () => {
  it('reads browser and OS from user agents', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36'))
      .toEqual({ browser: 'Headless Chromium 156', os: 'Linux' });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'))
      .toEqual({ browser: 'Edge 131', os: 'Windows' });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ browser: 'Firefox 128', os: 'macOS' });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'))
      .toEqual({ browser: 'Safari 17', os: 'macOS' });
  });
  it('drops the warm-up of step ids, not of floors', () => {
    const m = mediansOfCsv(csv([...Array.from({ length: WARMUP }, (): [string, number] => ['step.web.e2e', 1e6]), ['step.web.e2e', 10], ['step.web.e2e', 20], ['step.web.e2e', 30],
      ['floor.web.wasm.noop', 4], ['floor.web.wasm.noop', 6]]));
    expect(m.get('step.web.e2e')).toBe(20);
    expect(m.get('floor.web.wasm.noop')).toBe(5);
  });
  it('joins the run\'s CSVs into upload files row for row, whatever their line breaks', async () => {
    // Dropping every CR and cutting at LF once joined two rows where a lone CR ended one (docs/testing.md, "Fuzzing").
    const result = {
      frontend: { wasm: 't_ns,id,duration_ns\r1,step.web.e2e,10\r2,step.web.e2e,20\r' },
      backendWasm: 't_ns,id,duration_ns\r\n1,step.service,5\r\n2,step.service,6',
      floors: 't_ns,id,duration_ns\r3,floor.web.wasm.noop,4\n',
    } as unknown as BenchResult;
    const env = { browser: 'Chromium 1', os: 'Linux', cores: 2, timerResolutionNs: 5000, crossOriginIsolated: true };
    const files = runFiles(result, env, 10, 'free');
    expect(files.map((f) => f.name.replace(/^.* /, ''))).toEqual(['web_wasm_n10_free.csv', 'floors_n10_free.csv']);
    const parsed = await Promise.all(files.map(async (f) => parseTimingCsv(new Uint8Array(await f.arrayBuffer()))));
    expect(parsed.map((p) => [...p.durationNs])).toEqual([[10, 20, 5, 6], [4]]);
    const noFloors = runFiles({ ...result, floors: 't_ns,id,duration_ns\r\n' } as BenchResult, env, 10, 'free');
    expect(noFloors).toHaveLength(1);
  });
  it('divides each path by the floor of its own page; no floor, no multiple', () => {
    const wasm = new Map([['step.web.e2e.block', 5000], ['step.web.e2e', 10000]]);
    const websocket = new Map([['step.web.e2e', 600000], ['step.web.ws.wait', 500000]]);
    const { cells, floors } = normalise({ wasm, websocket, floors: new Map([['floor.web.wasm.noop', 4], ['floor.web.ws.echo', 250000]]) });
    expect(floors).toEqual({ noopNs: 4, echoNs: 250000 });
    expect(cells.map((c) => c.multiple)).toEqual([1250, 2.4, 2]);
    expect(cells[0].id).toBe('step.web.e2e.block');
    const inPageOnly = normalise({ wasm: new Map([['step.web.e2e', 10000]]), websocket: null, floors: new Map([['floor.web.wasm.noop', 4]]) });
    expect(inPageOnly.cells.map((c) => [c.id, c.rawNs, c.multiple])).toEqual([['step.web.e2e', 10000, 2500], [null, null, null], [null, null, null]]);
  });
});

describe('starting a WebSocket server for this page', () => {
  it('names the port of the address, and --allow-origin only for a page served from elsewhere', async () => {
    const { startCommand, isLocalOrigin } = await import('../src/live/engines/wsServerCheck');
    expect(startCommand('ws://127.0.0.1:8791', 'http://127.0.0.1:4173')).toBe('npm run server:node -- --port 8791');
    expect(startCommand('ws://127.0.0.1:8787', 'https://someone.github.io')).toBe('npm run server:node -- --port 8787 --allow-origin https://someone.github.io');
    expect(startCommand('not an address', 'http://localhost:5173')).toBe('npm run server:node -- --port 8787');
    expect(isLocalOrigin('http://[::1]:4173')).toBe(true);
    expect(isLocalOrigin('http://127.0.0.1.example.com')).toBe(false);
  });
});
