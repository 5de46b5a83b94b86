// What the layout on screen is, and why the reference layout shows a grey row (docs/reference-study.md). Props only.
import type { ScenarioKind } from '../model';

export function ScenarioNote({ scenario, nodeCount, maxDistance, busy, onScenario }:
  { scenario: ScenarioKind; nodeCount: number; maxDistance: number; busy: boolean; onScenario: (s: ScenarioKind) => void }) {
  if (scenario === 'random') {
    return (
      <p className="muted small" data-testid="scenario-note" style={{ margin: 0 }}>
        Random layout (seed 1, mean degree 8): the gradient spreads from source 0 to the devices it reaches.{' '}
        <button type="button" className="link" data-testid="show-reference" disabled={busy} onClick={() => onScenario('reference')}>
          Show the reference study&apos;s layout</button>{' '}
        (what the benchmarks run at N = 10).
      </p>
    );
  }
  return (
    <p className="note small" data-testid="scenario-note" style={{ margin: 0 }}>
      <b>Reference layout, kept for comparability.</b> It is degenerate: the reference scene lays devices out from a
      first round in which all sit at the origin, so source 0 ends up alone on the top row and devices 1…{nodeCount - 1} on
      a row 6 below it, farther from it than maxDistance ({maxDistance}); no device reaches the source, and every one
      but the source shows +∞ (grey). The benchmarks still run it at N = 10 so their timings compare with the reference
      study&apos;s (docs/reference-study.md).{' '}
      <button type="button" className="link" data-testid="show-random" disabled={busy} onClick={() => onScenario('random')}>
        Show the random layout</button>
    </p>
  );
}
