// The published runs' loading decisions (src/data/loadPlan.ts), without a page: which arrivals are added together,
// when the driver waits for the views' queries, what is shown and when, when the rest is released, what the progress
// line counts and what a refused or failed part leaves out.
import { describe, expect, it } from 'vitest';
import { addInOneOrEach, configsFinal, ingestLabel, LoadPlan, PUBLISH_EVERY_MS, runsToAskFor, type PartArrival } from '../src/data/loadPlan';
import type { RunJson } from '../src/model/runs';

const record = (id: string, ...configs: string[]) => ({ id, configurations: configs.map((c) => ({ id: c })) }) as unknown as RunJson;
const RECORDS = [record('ref', 'a', 'b'), record('r1', 'c0', 'c1'), record('r2', 'c0')];
/** A part that arrived ready to add (options override: a failure, the background phase, invocation files). */
const part = (id: string, configs: string[], o: Partial<PartArrival> = {}): PartArrival => ({
  id, configs, first: true, last: false, invocations: false, prepared: {}, run: {}, error: null, ...o,
});
const added = (batch: PartArrival[]) => ({ added: batch, problems: [] });

describe('LoadPlan: batches', () => {
  it('on the Comparison the first part is added alone, then what has arrived of the same phase together', () => {
    const plan = new LoadPlan(RECORDS, 3, ['ref/a', 'r1/c0'], 'compare');
    const ref = part('ref', ['a']);
    expect(plan.joinsBatch(ref, part('r1', ['c0']), false)).toBe(false);
    plan.recordParts([ref], added([ref]));
    const r1 = part('r1', ['c0']);
    expect(plan.joinsBatch(r1, part('r2', ['c0']), false)).toBe(true);
    // Another phase or invocation files start a batch of their own.
    expect(plan.joinsBatch(r1, part('r2', ['c0'], { first: false }), false)).toBe(false);
    expect(plan.joinsBatch(r1, part('r2', ['c0'], { invocations: true }), false)).toBe(false);
  });
  it('on another view the first parts go together from the start', () => {
    const plan = new LoadPlan(RECORDS, 3, [], 'scale');
    expect(plan.joinsBatch(part('ref', ['a']), part('r1', ['c0']), false)).toBe(true);
  });
  it('held-back invocation files go together at the end, alone before it (a run a view asked for)', () => {
    const plan = new LoadPlan(RECORDS, 3, [], 'compare');
    const inv = part('r1', ['c1'], { first: false, invocations: true });
    expect(plan.joinsBatch(inv, part('r2', ['c0'], { first: false, invocations: true }), true)).toBe(true);
    expect(plan.joinsBatch(inv, part('r2', ['c0'], { first: false, invocations: true }), false)).toBe(false);
    expect(plan.joinsBatch(inv, part('r2', ['c0'], { first: false }), true)).toBe(false);
  });
});

describe('LoadPlan: waits', () => {
  it('waits for the first view\'s queries once, before the first background part', () => {
    const plan = new LoadPlan(RECORDS, 3, [], 'compare');
    expect(plan.beforeBatch(part('ref', ['a']), false)).toEqual({ finishRuns: false, waitForQuiet: false });
    expect(plan.beforeBatch(part('r1', ['c1'], { first: false }), false)).toEqual({ finishRuns: false, waitForQuiet: true });
    expect(plan.beforeBatch(part('r2', ['c0'], { first: false }), false)).toEqual({ finishRuns: false, waitForQuiet: false });
  });
  it('before the invocation files at the end: every run shown as complete, then a wait, once', () => {
    const plan = new LoadPlan(RECORDS, 3, [], 'compare');
    const inv = part('r1', ['c1'], { first: false, invocations: true });
    expect(plan.beforeBatch(inv, false)).toEqual({ finishRuns: false, waitForQuiet: false }); // asked for: at once
    expect(plan.beforeBatch(inv, true)).toEqual({ finishRuns: true, waitForQuiet: true });
    expect(plan.completeRuns()).toBe(true);
    expect(plan.completeRuns()).toBe(false);
    expect(plan.beforeBatch(inv, true)).toEqual({ finishRuns: false, waitForQuiet: false });
  });
});

describe('LoadPlan: what is shown', () => {
  it('shows the runs with the configurations added so far; progress counts runs with no part to come', () => {
    const plan = new LoadPlan(RECORDS, 3, ['ref/a'], 'compare');
    expect(plan.publication(0)).toBeNull(); // nothing added yet
    const ref = part('ref', ['a']);
    plan.recordParts([ref], added([ref]));
    expect(plan.progress()).toEqual({ done: 0, total: 3 });
    const shown = plan.publication(10)!;
    expect(shown.runs.map((r) => [r.id, r.configurations.map((c) => c.id)])).toEqual([['ref', ['a']]]);
    expect([...shown.tried]).toEqual(['ref/a']);
    expect(plan.publication(20)).toBeNull(); // shown already
    const rest = part('ref', ['b'], { first: false, last: true });
    plan.recordParts([rest], added([rest]));
    expect(plan.progress()).toEqual({ done: 1, total: 3 });
    expect(plan.publication(30)!.runs[0].configurations.map((c) => c.id)).toEqual(['a', 'b']);
  });
  it('a failed part shows nothing of its run, takes all its configurations as tried and names the failure', () => {
    const plan = new LoadPlan(RECORDS, 3, ['r1/c0'], 'compare');
    const failed = part('r1', [], { prepared: null, last: true, error: 'r1: HTTP 404' });
    plan.recordParts([failed], { added: [], problems: ['r1: HTTP 404'] });
    const shown = plan.publication(0)!;
    expect(shown.runs).toEqual([]);
    expect([...shown.tried].sort()).toEqual(['r1/c0', 'r1/c1']);
    expect(shown.error).toBe('r1: HTTP 404');
    expect(plan.progress()).toEqual({ done: 1, total: 3 });
  });
  it('shows the opened view\'s parts, a run a view asked for and the last batch at once; the rest at most every PUBLISH_EVERY_MS', () => {
    const plan = new LoadPlan(RECORDS, 3, [], 'compare');
    const first = part('ref', ['a']);
    const bg = part('r1', ['c0'], { first: false });
    expect(plan.publishWhen([first], new Set(), false, 0)).toEqual({ now: true });
    expect(plan.publishWhen([bg], new Set(['r1']), false, 0)).toEqual({ now: true });
    expect(plan.publishWhen([bg], new Set(), true, 0)).toEqual({ now: true });
    plan.recordParts([first], added([first]));
    plan.publication(1000);
    expect(plan.publishWhen([bg], new Set(), false, 1000 + 1500)).toEqual({ now: false, inMs: PUBLISH_EVERY_MS - 1500 });
    expect(plan.publishWhen([bg], new Set(), false, 1000 + PUBLISH_EVERY_MS)).toEqual({ now: true });
  });
  it('releases the rest once, when every configuration of the opened view is tried', () => {
    const plan = new LoadPlan(RECORDS, 3, ['ref/a', 'r1/c0'], 'compare');
    expect(plan.releaseDue()).toBe(false);
    const ref = part('ref', ['a']);
    plan.recordParts([ref], added([ref]));
    expect(plan.releaseDue()).toBe(false);
    const r1 = part('r1', [], { prepared: null, error: 'r1 failed', last: true }); // failed: tried all the same
    plan.recordParts([r1], { added: [], problems: ['r1 failed'] });
    expect(plan.releaseDue()).toBe(true);
    expect(plan.releaseDue()).toBe(false);
    expect(new LoadPlan(RECORDS, 3, [], 'live').releaseDue()).toBe(true); // nothing opened: at once
  });
  it('invocation files: read at once for a run a view asked for, at the end once all are in', () => {
    const plan = new LoadPlan(RECORDS, 3, [], 'compare');
    const inv = part('r1', ['c1'], { first: false, invocations: true });
    expect(plan.recordInvocations(added([inv]), false)).toEqual({ readNow: true });
    expect(plan.invocationsAddedAtEnd()).toBe(true);
    const other = new LoadPlan(RECORDS, 3, [], 'compare');
    expect(other.recordInvocations({ added: [], problems: ['refused'] }, true)).toEqual({ readNow: false });
    expect(other.invocationsAddedAtEnd()).toBe(false);
    expect(other.errorText()).toBe('refused');
  });
});

describe('adding a batch', () => {
  it('adds the ready parts in one call and names the parts that failed before', async () => {
    const calls: string[][] = [];
    const batch = [part('ref', ['a']), part('r1', [], { prepared: null, error: 'r1: parse error' }), part('r2', ['c0'])];
    const out = await addInOneOrEach(batch, async (xs) => { calls.push(xs.map((x) => x.id)); });
    expect(calls).toEqual([['ref', 'r2']]);
    expect(out.added.map((x) => x.id)).toEqual(['ref', 'r2']);
    expect(out.problems).toEqual(['r1: parse error']);
  });
  it('when the batch is refused, adds its parts one by one: only the refused one is missing, and named', async () => {
    const out = await addInOneOrEach([part('ref', ['a']), part('r1', ['c0']), part('r2', ['c0'])], async (xs) => {
      if (xs.some((x) => x.id === 'r1')) throw new Error('column count');
    });
    expect(out.added.map((x) => x.id)).toEqual(['ref', 'r2']);
    expect(out.problems).toEqual(['run r1: column count']);
  });
  it('labels its ingest in the performance timeline', () => {
    expect(ingestLabel([part('ref', ['a', 'b']), part('r1', ['c0'])])).toBe('ingest ref (2), r1 (1)');
    expect(ingestLabel([part('r1', ['c0'], { invocations: true })])).toBe('ingest invocations of r1');
  });
});

describe('what a view waits for', () => {
  it('a figure is final once its configurations are tried or uploads, or once everything is', () => {
    const tried = new Set(['ref/a']);
    expect(configsFinal(['ref/a'], { complete: false, ready: true, tried, uploadRun: null })).toBe(true);
    expect(configsFinal(['ref/a', 'r1/c0'], { complete: false, ready: true, tried, uploadRun: null })).toBe(false);
    expect(configsFinal(['ref/a', 'uploads/x'], { complete: false, ready: true, tried, uploadRun: 'uploads' })).toBe(true);
    expect(configsFinal(['ref/a'], { complete: false, ready: false, tried, uploadRun: null })).toBe(false);
    expect(configsFinal(undefined, { complete: false, ready: true, tried, uploadRun: null })).toBe(false);
    expect(configsFinal(undefined, { complete: true, ready: true, tried, uploadRun: null })).toBe(true);
  });
  it('a view asks for the runs of configurations neither tried nor coming first, each once', () => {
    expect(runsToAskFor(['ref/a', 'r1/c0', 'r1/c1', 'r2/c0'], new Set(['ref/a']), new Set(['r2/c0']))).toEqual(['r1']);
    expect(runsToAskFor(['ref/a'], new Set(['ref/a']), new Set())).toEqual([]);
  });
});
