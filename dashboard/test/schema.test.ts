// The published data validates against the JSON Schemas in measurement/schema/, and the schemas reject
// malformed records. Every file a run lists exists and has the CSV header.
import Ajv from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/nodeConnector';

const dataDir = join(repoRoot, 'public', 'data');
const read = (p: string) => JSON.parse(readFileSync(join(dataDir, p), 'utf8'));
const schema = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'measurement', 'schema', name), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const manifestOk = ajv.compile(schema('manifest.schema.json'));
const runOk = ajv.compile(schema('run.schema.json'));

describe('published data', () => {
  const manifest = read('manifest.json');
  it('manifest validates and lists the reference study', () => {
    expect(manifestOk(manifest), JSON.stringify(manifestOk.errors)).toBe(true);
    expect(manifest.runs.map((r: { id: string }) => r.id)).toContain('reference-study');
  });
  it.each(read('manifest.json').runs.map((r: { id: string; run: string }) => [r.id, r.run]) as [string, string][])('run %s validates and its files exist with the CSV header', (id, path) => {
    const run = read(path as string);
    expect(runOk(run), JSON.stringify(runOk.errors)).toBe(true);
    expect(run.id).toBe(id);
    const folder = join(dataDir, (path as string).replace(/run\.json$/, ''));
    for (const c of run.configurations) {
      for (const f of c.files) {
        expect(existsSync(join(folder, f.file)), f.file).toBe(true);
        expect(readFileSync(join(folder, f.file), 'utf8').slice(0, 20).split(/\r?\n/)[0]).toBe('t_ns,id,duration_ns');
      }
    }
  });
  it('lists each run\'s summary.json exactly when the run has one (the page requests no file the manifest does not list)', () => {
    for (const e of manifest.runs as { id: string; run: string; summary?: string }[]) {
      const onDisk = existsSync(join(dataDir, e.run.replace(/run\.json$/, 'summary.json')));
      expect(e.summary, e.id).toBe(onDisk ? e.run.replace(/run\.json$/, 'summary.json') : undefined);
    }
    expect((manifest.runs as { summary?: string }[]).filter((e) => e.summary === undefined).length).toBeGreaterThan(0);
  });
  it('keeps the reference study licence beside its data', () => {
    expect(readFileSync(join(dataDir, 'runs/reference-study/LICENSE'), 'utf8')).toMatch(/MIT License/);
  });
});

describe('schemas reject malformed records', () => {
  const good = read('runs/reference-study/run.json');
  it.each([
    ['unknown kind', { ...good, kind: 'mobile' }],
    ['no configurations', { ...good, configurations: [] }],
    ['bad transport', { ...good, configurations: [{ ...good.configurations[0], files: [{ file: 'a.csv', side: 'backend', platform: 'desktop', transport: 'pigeon' }] }] }],
    ['bad pacing', { ...good, configurations: [{ ...good.configurations[0], pacing: 'sometimes' }] }],
    ['missing timer resolution', { ...good, environment: {} }],
  ])('%s', (_, bad) => expect(runOk(bad)).toBe(false));
  it('manifest entries need a run path under runs/', () => {
    expect(manifestOk({ schemaVersion: 1, runs: [{ id: 'x', kind: 'web', title: 't', createdAt: null, run: '../etc/run.json' }] })).toBe(false);
    expect(manifestOk({ schemaVersion: 1, runs: [{ id: 'x', kind: 'web', title: 't', createdAt: null, run: 'runs/x/run.json', summary: '../x/summary.json' }] })).toBe(false);
  });
});
