// Run packs (src/data/runPack.ts): every published run the page loads, packed as the build packs it, unpacks to its
// CSVs byte for byte in runFiles order; a pack that is not one, or does not match the run.json, is refused with the
// reason (the page then loads that run file by file).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { asColumns, isGzip, openPack, packRun, RunPackError, unpackRun } from '../src/data/runPack';
import { parseRunFiles } from '../src/data/ingest';
import { isTimingColumns } from '../../measurement/src/timingColumns.mjs';
import { loadsSamples, runFiles, type Manifest, type RunJson } from '../src/model/runs';
import { repoRoot } from './support/nodeConnector';

const data = join(repoRoot, 'public', 'data');
const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Manifest;
const files = (names: string[]) => names.map((file, i) => ({ file, bytes: new TextEncoder().encode(`t_ns,id,duration_ns\n${i},x,${i}\n`.repeat(i + 1)) }));
const names = ['a/native.csv', 'a/inv-0/native.csv', 'b/web_wasm.csv'];

describe('run packs', () => {
  it('every published run the page loads round-trips through its pack', () => {
    const loaded = manifest.runs.filter(loadsSamples);
    expect(loaded.length).toBeGreaterThan(1);
    for (const e of loaded) {
      const run = JSON.parse(readFileSync(join(data, e.run), 'utf8')) as RunJson;
      const folder = join(data, e.run.replace(/run\.json$/, ''));
      const list = runFiles(run).map(({ f }) => f.file);
      const onDisk = list.map((f) => new Uint8Array(readFileSync(join(folder, f))));
      const out = unpackRun(packRun(list.map((file, i) => ({ file, bytes: onDisk[i] }))), list);
      expect(out.length, e.id).toBe(list.length);
      out.forEach((b, i) => expect(Buffer.from(b).equals(Buffer.from(onDisk[i])), `${e.id}/${list[i]}`).toBe(true));
    }
  });

  it('opens a gzip-compressed pack (as the build writes it), and one the host already decoded', async () => {
    const pack = packRun(files(names));
    const gz = new Uint8Array(gzipSync(pack));
    expect(isGzip(gz)).toBe(true);
    expect(isGzip(pack)).toBe(false);
    expect(Buffer.from(await openPack(gz)).equals(Buffer.from(pack))).toBe(true);
    expect(await openPack(pack)).toBe(pack);
    const cut = gz.subarray(0, gz.length - 20);
    await expect(openPack(cut)).rejects.toThrow(/not valid gzip/);
  });

  it('packs each CSV as its columns (a file the parser refuses as it is), and the loader reads them as it reads the CSVs', () => {
    const e = manifest.runs.filter(loadsSamples).find((r) => r.id.includes('desktop-2fd3d76'))!;
    const run = JSON.parse(readFileSync(join(data, e.run), 'utf8')) as RunJson;
    const folder = join(data, e.run.replace(/run\.json$/, ''));
    const list = runFiles(run).map(({ f }) => f.file);
    const csvs = list.map((file) => ({ file, bytes: new Uint8Array(readFileSync(join(folder, file))) }));
    const packed = unpackRun(packRun(asColumns(csvs)), list);
    expect(packed.every(isTimingColumns)).toBe(true);
    expect(packed.reduce((a, b) => a + b.length, 0)).toBeLessThan(csvs.reduce((a, f) => a + f.bytes.length, 0) / 3);
    const fromColumns = parseRunFiles(run, packed, 1);
    const fromCsv = parseRunFiles(run, csvs.map((f) => f.bytes), 1);
    expect(fromColumns.length).toBe(fromCsv.length);
    fromColumns.forEach((f, i) => {
      for (const key of ['seq', 'k', 'tNs', 'durationNs', 'idIndex'] as const) expect(Array.from(f.parsed[key]), `${list[i]} ${key}`).toEqual(Array.from(fromCsv[i].parsed[key]));
      expect(f.parsed.ids).toEqual(fromCsv[i].parsed.ids);
    });
    // A file that is not a timing CSV stays text, so the loader names its problem as it would from the CSV.
    const bad = asColumns([{ file: 'x.csv', bytes: new TextEncoder().encode('time,what\n1,2\n') }]);
    expect(new TextDecoder().decode(bad[0].bytes)).toBe('time,what\n1,2\n');
  });

  it('keeps empty files and the order given', () => {
    const fs = [...files(names), { file: 'c/empty.csv', bytes: new Uint8Array() }];
    const out = unpackRun(packRun(fs), fs.map((f) => f.file));
    expect(out.map((b) => new TextDecoder().decode(b))).toEqual(fs.map((f) => new TextDecoder().decode(f.bytes)));
  });

  it('refuses what is not a pack, or not the pack of this run, naming why', () => {
    const pack = packRun(files(names));
    const refused = (bytes: Uint8Array, expected = names) => { try { unpackRun(bytes, expected); } catch (e) { expect(e).toBeInstanceOf(RunPackError); return (e as Error).message; } return null; };
    expect(refused(new TextEncoder().encode('t_ns,id,duration_ns\n1,x,2\n'))).toMatch(/header line is not JSON/);
    expect(refused(new Uint8Array([1, 2, 3]))).toMatch(/no header line/);
    expect(refused(new TextEncoder().encode('{"format":"collektive-run-pack","version":1,"files":[]}\n'))).toMatch(/version 2/);
    expect(refused(new TextEncoder().encode('{"format":"zip","version":1,"files":[]}\n'))).toMatch(/not a collektive-run-pack version 2/);
    expect(refused(pack, names.slice(1))).toMatch(/lists 3 files, run.json 2/);
    expect(refused(pack, [names[1], names[0], names[2]])).toMatch(/different names or order/);
    expect(refused(pack.subarray(0, pack.length - 1))).toMatch(/b\/web_wasm\.csv: the pack is shorter than its header says/);
    const longer = new Uint8Array(pack.length + 2); longer.set(pack);
    expect(refused(longer)).toMatch(/2 bytes after its last file/);
  });
});
