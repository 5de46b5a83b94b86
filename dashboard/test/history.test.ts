// The History view's model over the published summaries (public/data/runs/*/summary.json), and the exports'
// pure parts: the data behind a figure as CSV rows and the provenance stamped into an SVG.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesAgainst, compareWith, defaultBaseline, figureKeys, HEADLINE_FIGURE, historyPoints, shownPoints } from '../src/model/history';
import type { Manifest, RunJson } from '../src/model/runs';
import { figureCsvRows, provenanceOf, stampSvg } from '../src/plots/figureExport';
import { historyFigure } from '../src/plots/historyFigure';
import { repoRoot } from './support/nodeConnector';

const data = join(repoRoot, 'public', 'data');
const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8')) as Manifest;
const published = manifest.runs.filter((e) => e.kind === 'desktop' || e.kind === 'web').map((e) => {
  const dir = join(data, e.run.replace(/run\.json$/, ''));
  return { run: JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson, summary: existsSync(join(dir, 'summary.json')) ? JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) : null };
}).filter((x) => x.summary);
const SPIN = '2026-11-24-desktop-5781bf9-202243-ad5a';

describe('history', () => {
  const points = historyPoints(published);
  it('one point per configuration with a summary, in time order; the headline figure first', () => {
    expect(points.length).toBeGreaterThan(8);
    for (let i = 1; i < points.length; i++) expect(points[i - 1].createdAt <= points[i].createdAt).toBe(true);
    expect(figureKeys(points)[0]).toBe(HEADLINE_FIGURE);
    expect(points.find((p) => p.key === `${SPIN}-a/n10-free-sspin0`)?.commit).toMatch(/^5781bf9/);
  });
  it('against the spin fix\'s "before" as baseline, the "after" is flagged an improvement, reproduced by the twin runs', () => {
    const shown = shownPoints(points, false);
    const base = shown.find((p) => p.key === `${SPIN}-a/n10-free-sspin0`)!;
    const changes = changesAgainst(shown, base, HEADLINE_FIGURE, points);
    const after = changes.find((c) => c.point.key === `${SPIN}-a/n10-free-sspin50`)!;
    expect(after.flag).toBe('improvement');
    expect(after.overlap).toBe(false);
    expect(after.changePct!).toBeLessThan(-25);
    expect(after.reproduce).toBe('reproduced');
    expect(after.otherMachine).toEqual([]);
    const self = changes.find((c) => c.point.key === base.key)!;
    expect(self.flag).toBeNull();
    // The other way round, the "before" is a regression.
    const back = changesAgainst(shown, after.point, HEADLINE_FIGURE, points).find((c) => c.point.key === base.key)!;
    expect(back.flag).toBe('regression');
    const rows = compareWith(points, base, after.point);
    expect(rows.find((r) => r.figure === 'socket.e2e_median')?.flag).toBe('improvement');
    const fig = historyFigure(changes, HEADLINE_FIGURE, base, shown);
    expect(fig.data.some((t) => String(t.name).includes('wholly below'))).toBe(true);
  });
  it('the default baseline is the first point with an interval; runs without invocations have estimates only', () => {
    const base = defaultBaseline(points, HEADLINE_FIGURE)!;
    expect(base.figures.get(HEADLINE_FIGURE)!.ci95).not.toBeNull();
    const old = points.find((p) => p.run === '2026-11-21-desktop-n10');
    expect(old?.figures.get(HEADLINE_FIGURE)?.ci95).toBeNull();
  });
});

describe('figure exports', () => {
  it('the data behind a figure: one row per point, with the interval where error bars are drawn', () => {
    const { columns, rows } = figureCsvRows({ data: [{ name: 'a<br>b', type: 'scatter', x: ['p', 'q'], y: [2, 3], error_y: { array: [1, 1], arrayminus: [0.5, 1] } }, { name: 'box', type: 'box', y: [1, 2, 3] }], layout: {} });
    expect(columns).toEqual(['trace', 'type', 'x', 'y', 'lower', 'upper']);
    expect(rows[0]).toEqual({ trace: 'a b', type: 'scatter', x: 'p', y: 2, lower: 1.5, upper: 3 });
    expect(rows.filter((r) => r.trace === 'box').map((r) => r.y)).toEqual([1, 2, 3]);
  });
  it('an SVG carries its run ids and commits: metadata and a visible line, one line taller', () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400"><rect/></svg>';
    const p = provenanceOf([{ id: 'r1', commit: 'abcdef1234567890' }, { id: 'r2', commit: null }], ['r1', 'r2', 'r1']);
    expect(p).toEqual({ runs: ['r1', 'r2'], commits: ['abcdef1234567890'] });
    const out = stampSvg(svg, p, 'history-x');
    expect(out).toContain('height="417"');
    expect(out).toContain('viewBox="0 0 800 417"');
    expect(out).toMatch(/<metadata data-provenance="collektive-bench">\{&quot;figure&quot;:&quot;history-x&quot;,&quot;runs&quot;:\[&quot;r1&quot;,&quot;r2&quot;\]/);
    expect(out).toMatch(/<text [^>]*>history-x · runs: r1, r2 · commit: abcdef123456<\/text><\/svg>$/);
    expect(() => stampSvg('<html/>', p, 'x')).toThrow(/not an SVG/);
    const many = provenanceOf([], Array.from({ length: 12 }, (_, i) => `2026-11-24-desktop-5781bf9-202243-ad5a-${i}`));
    const wrapped = stampSvg(svg, many, 'wide');
    expect((wrapped.match(/<text /g) ?? []).length).toBeGreaterThan(1);
    for (const id of many.runs) expect(wrapped).toContain(id);
  });
});
