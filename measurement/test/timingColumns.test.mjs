// The run packs' binary columns (src/timingColumns.mjs): decoding gives exactly what the CSV parser gives, for edge
// cases and for every published CSV; a damaged encoding is refused with the reason.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { decodeTimingColumns, encodeTimingColumns, isTimingColumns, TimingColumnsError } from '../src/timingColumns.mjs';
import { parseTimingBytes } from '../src/timingCsv.mjs';

const parse = (text) => parseTimingBytes(new TextEncoder().encode(text), { rejectNegative: false, allowEmpty: true });
const same = (a, b, what) => {
  assert.equal(a.rows, b.rows, `${what}: rows`);
  assert.deepEqual(a.ids, b.ids, `${what}: ids`);
  for (const key of ['seq', 'k', 'tNs', 'durationNs', 'idIndex']) assert.deepEqual(Array.from(a[key]), Array.from(b[key]), `${what}: ${key}`);
};
const roundTrip = (p) => decodeTimingColumns(encodeTimingColumns(p));

test('edge cases decode as the parser reads them: negative values (k 0), times out of order, large values, no rows, many ids', () => {
  const cases = {
    negative: 't_ns,id,duration_ns\n1,a,5\n-3,a,7\n2,b,-1\n4,a,0\n',
    unsorted: 't_ns,id,duration_ns\n50,a,1\n10,a,2\n30,b,3\n20,a,4\n',
    large: `t_ns,id,duration_ns\n0,x,999999999999999\n999999999999999,x,1\n-999999999999999,y,-999999999999999\n`,
    empty: 't_ns,id,duration_ns\n',
    ids: `t_ns,id,duration_ns\n${Array.from({ length: 300 }, (_, i) => `${i},id.${i % 290},${i * 7}`).join('\n')}\n`,
    quotedUnicode: 't_ns,id,duration_ns\n"1","step.é",2\n3,step.é,4\n',
  };
  for (const [name, text] of Object.entries(cases)) same(roundTrip(parse(text)), parse(text), name);
});

test('every published CSV decodes from its columns exactly as parsed, in fewer bytes', () => {
  const runs = fileURLToPath(new URL('../../public/data/runs/', import.meta.url));
  let files = 0; let csvBytes = 0; let columnBytes = 0;
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) { walk(path); continue; }
      if (!name.endsWith('.csv')) continue;
      const bytes = readFileSync(path);
      let parsed;
      try { parsed = parseTimingBytes(bytes, { rejectNegative: false, allowEmpty: true }); } catch { continue; } // not a timing CSV
      const encoded = encodeTimingColumns(parsed);
      same(decodeTimingColumns(encoded), parsed, path);
      files++; csvBytes += bytes.length; columnBytes += encoded.length;
    }
  };
  walk(runs);
  assert.ok(files > 100, `${files} published CSVs`);
  assert.ok(columnBytes < csvBytes / 2, `${columnBytes} bytes of columns for ${csvBytes} of CSV`);
});

test('a damaged encoding is refused, naming what is wrong', () => {
  const good = encodeTimingColumns(parse('t_ns,id,duration_ns\n1,a,2\n3,a,4\n'));
  assert.ok(isTimingColumns(good));
  assert.ok(!isTimingColumns(new TextEncoder().encode('t_ns,id,duration_ns\n')));
  const refused = (bytes) => { try { decodeTimingColumns(bytes); } catch (e) { assert.ok(e instanceof TimingColumnsError); return e.message; } return null; };
  assert.match(refused(good.subarray(0, good.length - 1)), /cut short: 2 rows announced/);
  const longer = new Uint8Array(good.length + 1); longer.set(good);
  assert.match(refused(longer), /1 bytes after the last row/);
  const version = good.slice(); version[4] = 9;
  assert.match(refused(version), /version 9/);
  assert.match(refused(new Uint8Array([1, 2, 3])), /not timing columns/);
  const huge = good.slice(); new DataView(huge.buffer).setUint32(5, 0xffffffff, true);
  assert.match(refused(huge), /cut short: 4294967295 rows announced/);
  const badIds = encodeTimingColumns({ ...parse('t_ns,id,duration_ns\n1,a,2\n'), ids: /** @type {any} */ ([7]) });
  assert.match(refused(badIds), /ids are not a list of names/);
  const outOfRange = encodeTimingColumns({ ...parse('t_ns,id,duration_ns\n1,a,2\n'), idIndex: Int32Array.of(3) });
  assert.match(refused(outOfRange), /row 1: id index 3 of 1 ids/);
});
