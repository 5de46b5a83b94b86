// The reference analysis functions against hand-computed values and the reference study's published CSVs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { analyseConfiguration, pairedDiff, parseTimingCsvText, quantileSorted, series, stats } from '../src/analysis.mjs';
import { readTimingCsv } from '../src/timingFiles.mjs';

test('quantiles interpolate linearly between order statistics (numpy default)', () => {
  const s = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  assert.equal(quantileSorted(s, 0.5), 5.5);
  assert.ok(Math.abs(quantileSorted(s, 0.95) - 9.55) < 1e-12);
  assert.ok(Math.abs(quantileSorted(s, 0.99) - 9.91) < 1e-12);
});

test('stats use the sample standard deviation', () => {
  const r = stats([2, 4, 4, 4, 5, 5, 7, 9]);
  assert.equal(r.count, 8);
  assert.equal(r.mean, 5);
  assert.ok(Math.abs(r.std - Math.sqrt(32 / 7)) < 1e-12);
});

test('preprocessing drops negatives, sorts by t_ns and drops the first samples per id', () => {
  const rows = parseTimingCsvText('t_ns,id,duration_ns\n30,a,3\n10,a,1\n-5,a,100\n20,a,2\n15,b,7\n40,a,-1\n', 'x');
  const s = series(rows, 1);
  assert.deepEqual(s.get('a'), [2, 3]);
  assert.deepEqual(s.get('b'), []);
});

test('a malformed CSV is rejected with its line', () => {
  assert.throws(() => parseTimingCsvText('t,id,d\n', 'f'), /f: wrong columns/);
  assert.throws(() => parseTimingCsvText('t_ns,id,duration_ns\n1,a\n', 'f'), /f: line 2/);
});

test('overhead pairs by order and truncates to the shorter series', () => {
  assert.deepEqual(pairedDiff([10, 20, 30], [1, 2]), [9, 18]);
});

test('the reference study data runs through the same analysis', () => {
  const ref = join(process.cwd(), 'public', 'data', 'runs', 'reference-study');
  const pick = (name) => readTimingCsv(join(ref, name.includes('native') ? 'native-scene' : 'socket-scene', name));
  const a = analyseConfiguration({ native: pick('native.csv'), socket: pick('socket.csv'), unityNative: pick('unity_native.csv'), unitySocket: pick('unity_socket.csv') });
  assert.equal(a.native.overhead.count, 970);
  assert.ok(a.socket.e2e.median > 150e6 && a.socket.e2e.median < 250e6, `socket e2e ≈ 200 ms tick, got ${a.socket.e2e.median}`);
  assert.ok(a.native.overhead.median > 1000 && a.native.overhead.median < 50000);
});

test('ratios: of the statistics, and paired by order like the reference script', async () => {
  const { statRatio, pairedRatio } = await import('../src/analysis.mjs');
  assert.deepEqual(statRatio({ mean: 10, median: 20, p95: 30, p99: 40 }, { mean: 1, median: 2, p95: 3, p99: 0 }), { mean: 10, median: 10, p95: 10, p99: NaN });
  const r = pairedRatio([10, 40, 90], [1, 2, 3]);
  assert.equal(r.median, 20);
  assert.equal(r.mean, 20);
});
