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
// @ts-expect-error: plain ES modules without types (the measurement library's Node side)
import { computeHeadline, publishedRuns } from '../../measurement/src/headlineFiles.mjs';
// @ts-expect-error: see above
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
      const written = JSON.parse(readFileSync(summary, 'utf8')).configurations.find((c: { id: string }) => c.id === p.config).ratios.e2e_median;
      expect(p.ratio.estimate).toBeCloseTo(written.estimate, 3);
      expect(p.ratio.ci95![0]).toBeCloseTo(written.ci95[0], 3);
      expect(p.ratio.ci95![1]).toBeCloseTo(written.ci95[1], 3);
    }
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
