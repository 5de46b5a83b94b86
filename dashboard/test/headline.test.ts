// The headline (public/data/headline.json and headline.svg, the dashboard's first view) is recomputed from the
// published runs' CSVs by the measurement code (npm run headline) and must equal the committed files; its runs are
// the canonical ones every other view opens on, and its ratios are those the benchmarks wrote (summary.json).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalConfigs } from '../src/model/canonical';
import type { RunJson } from '../src/model/runs';
import type { Headline } from '../src/model/headline';
import { headlineSpec } from '../../measurement/src/headline.mjs';
import { computeHeadline, publishedRuns } from '../../measurement/src/headlineFiles.mjs';
import { renderSvg } from '../../measurement/src/reproduce.mjs';

const dataDir = join(__dirname, '..', '..', 'public', 'data');
const committed = (name: string) => readFileSync(join(dataDir, name), 'utf8');

describe('headline', () => {
  const h = computeHeadline(dataDir) as Headline;

  it('equals the committed headline.json and headline.svg (run `npm run headline` after publishing runs)', async () => {
    expect(JSON.parse(committed('headline.json'))).toEqual(JSON.parse(JSON.stringify(h)));
    expect(committed('headline.svg')).toBe(`${await renderSvg(headlineSpec(h))}\n`);
  });

  it('opens on the canonical configurations of the other views, one per platform', () => {
    const runs = publishedRuns(dataDir) as RunJson[];
    expect(h.platforms.map((p) => `${p.run}/${p.config}`)).toEqual(canonicalConfigs(runs));
    expect(h.platforms.map((p) => p.platform)).toEqual(['desktop', 'web']);
  });

  it('has the e2e ratio and interval the benchmark wrote into the run (summary.json), and an interval around each figure', () => {
    for (const p of h.platforms) {
      const summary = join(dataDir, 'runs', p.run, 'summary.json');
      for (const f of [p.inProcess.e2e, p.outOfProcess.e2e, p.ratio]) {
        expect(f.ci95).not.toBeNull();
        expect(f.ci95![0]).toBeLessThanOrEqual(f.estimate);
        expect(f.estimate).toBeLessThanOrEqual(f.ci95![1]);
      }
      expect(p.ratio.estimate / (p.outOfProcess.e2e.estimate / p.inProcess.e2e.estimate)).toBeCloseTo(1, 4);
      if (!existsSync(summary)) continue;
      // Same estimate as the run's median ratio (the web: its ratio of step medians), the interval that one widened by
      // the clock (docs/measurements.md, "Clock resolution").
      const written = JSON.parse(readFileSync(summary, 'utf8')).configurations.find((c: { id: string }) => c.id === p.config).ratios.e2e_median;
      const medians = p.ratioOfStepMedians ?? p.ratio;
      expect(medians.estimate).toBeCloseTo(written.estimate, 3);
      if (written.ci95 === null) {
        // A per-step median of one clock tick whose interval reaches zero ticks: the ratio has no interval, and the
        // headline claims none (its figure is the block-mean ratio).
        expect(medians.ci95).toBeNull();
        expect(medians.clockLimited).toBe(true);
        continue;
      }
      expect(medians.ci95![0]).toBeLessThanOrEqual(written.ci95[0] + 1e-3);
      expect(medians.ci95![1]).toBeGreaterThanOrEqual(written.ci95[1] - 1e-3);
    }
  });

  it('adds the cost of the process boundary, out − in in ns per step, paired by invocation, for the reference design and the best', () => {
    for (const p of h.platforms) {
      const pairs: [NonNullable<typeof p.addedCost>, number, number][] = [[p.addedCost!, p.outOfProcess.e2e.estimate, p.inProcess.e2e.estimate]];
      if (p.best) pairs.push([p.best.addedCost!, p.best.outOfProcess.estimate, p.best.inProcess.estimate]);
      for (const [added, out, inside] of pairs) {
        // A mean over invocations of each one's difference is the difference of the two means.
        expect(added.estimate / (out - inside)).toBeCloseTo(1, 4);
        expect(added.paired).toBe(true);
        expect(added.invocations).toBe(p.invocations);
        expect(added.ci95![0]).toBeLessThanOrEqual(added.estimate);
        expect(added.estimate).toBeLessThanOrEqual(added.ci95![1]);
        expect(added.ci95![0]).toBeGreaterThan(0);
      }
      if (p.best) expect(p.best.addedCost!.estimate).toBeLessThan(p.addedCost!.estimate);
    }
  });

  it('divides by no clock tick: no zero-width interval, and the web in-page figure is a block mean beside its clock-limited step', () => {
    for (const p of h.platforms) {
      for (const f of [p.inProcess.e2e, p.outOfProcess.e2e, p.ratio]) expect(f.ci95![1]).toBeGreaterThan(f.ci95![0]);
      expect(p.inProcess.e2e.clockLimited).toBe(false);
    }
    const web = h.platforms.find((p) => p.platform === 'web')!;
    // Block means whenever the run has them (docs/measurements.md, "Clock resolution"), the per-step median beside.
    expect(web.statistic).toMatch(/^mean step/);
    const step = web.inProcess.e2eStep!;
    expect(step).toBeDefined();
    // The block mean resolves finer than the per-step median, whose interval its 5 µs clock widens on each side.
    const width = (f: { ci95?: number[] | null }) => f.ci95![1] - f.ci95![0];
    expect(width(web.inProcess.e2e)).toBeLessThan(width(step));
    expect(web.ratioPaired!.invocations).toBe(web.invocations);
  });

  it('names out-of-process done as well as the canonical run measured it: the lowest e2e ratio among its configurations of that N and pacing', () => {
    const runs = publishedRuns(dataDir) as RunJson[];
    const desktop = h.platforms.find((p) => p.platform === 'desktop')!;
    const run = runs.find((r) => r.id === desktop.run)!;
    // The same program (a work level or an engine preset is another engine: docs/programs.md, "Work").
    const canonical = run.configurations.find((c) => c.id === desktop.config)!;
    const siblings = run.configurations.filter((c) => c.nodeCount === desktop.nodeCount && c.pacing === desktop.pacing
      && (c.program ?? null) === (canonical.program ?? null));
    if (siblings.length < 2) { expect(desktop.best).toBeUndefined(); return; }
    expect(desktop.best).toBeDefined();
    const best = desktop.best!;
    expect(best.ratio.estimate).toBeLessThan(desktop.ratio.estimate);
    expect(siblings.map((c) => c.id)).toContain(best.config);
    // Its figures are the ones the benchmark wrote for that configuration.
    const written = JSON.parse(readFileSync(join(dataDir, 'runs', run.id, 'summary.json'), 'utf8')).configurations;
    const ratioOf = (id: string) => written.find((c: { id: string }) => c.id === id).ratios.e2e_median.estimate;
    expect(best.ratio.estimate).toBeCloseTo(ratioOf(best.config), 3);
    for (const c of siblings) expect(ratioOf(c.id)).toBeGreaterThanOrEqual(ratioOf(best.config) - 1e-6);
    expect(desktop.sentence).toContain('Done as well as this machine allowed');
    if (best.osFloor) expect(best.osFloor.id).toMatch(/^floor\.os\./);
  });

  it("on the web, sets the other encodings' configurations (no page engine of their own) against the canonical configuration's page engine", () => {
    const runs = publishedRuns(dataDir) as RunJson[];
    const web = h.platforms.find((p) => p.platform === 'web')!;
    const run = runs.find((r) => r.id === web.run)!;
    // The same program (a work level is another engine, with a page engine of its own: docs/programs.md, "Work").
    const canonical = run.configurations.find((c) => c.id === web.config)!;
    const others = run.configurations.filter((c) => c.id !== web.config && c.nodeCount === web.nodeCount && c.pacing === web.pacing
      && (c.program ?? null) === (canonical.program ?? null));
    if (others.length === 0) { expect(web.best).toBeUndefined(); return; }
    expect(others.every((c) => !c.files.some((f) => f.transport === 'wasm'))).toBe(true);
    const best = web.best!;
    expect(others.map((c) => c.id)).toContain(best.config);
    expect(best.inProcess).toEqual(web.inProcess.e2e);
    expect(best.ratio.estimate).toBeLessThan(web.ratio.estimate);
    expect(Number.isFinite(best.ratio.ci95![0]) && best.ratio.ci95![0] <= best.ratio.estimate && best.ratio.estimate <= best.ratio.ci95![1]).toBe(true);
    expect(web.sentence).toContain(`WebSocket, ${best.encoding} encoding`);
    if (web.repeat) expect(Number.isFinite(best.repeat?.ratio.estimate)).toBe(true); // the pair's other run, the same way
  });

  it("sets the reference study's claim beside its own CSVs recomputed, and names the tick", () => {
    const ref = h.reference!;
    expect(ref.claim.ratio).toBe(337);
    // The reference's socket e2e is its 200 ms tick (docs/reference-study.md): within 1 % of the period.
    expect(ref.recomputed.outOfProcessTick.periodMs).toBe(200);
    expect(Math.abs(ref.recomputed.outOfProcessNs / 1e6 - 200)).toBeLessThan(2);
    expect(ref.recomputed.ratio / (ref.recomputed.outOfProcessNs / ref.recomputed.inProcessNs)).toBeCloseTo(1, 4);
    expect(ref.sentences.join(' ')).toMatch(/337×.*200 ms/);
  });
});
