// The values the scene shows, as text (small N only): device, value, neighbours. Props only.
import type { EngineState } from '../model';

export function ValuesTable({ state, sources, limit = 32 }: { state: EngineState | null; sources: Set<number>; limit?: number }) {
  if (!state) return <p data-testid="live-values-empty">no state yet</p>;
  const n = state.values.length;
  if (n > limit) return <p>{n} devices (values table shown for N ≤ {limit})</p>;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const v = state.values[i];
    rows.push(
      <tr key={i} data-device={i}>
        <td>{i}{sources.has(i) ? ' ★' : ''}</td>
        <td data-testid={`value-${i}`}>{Number.isFinite(v) ? String(v) : 'Infinity'}</td>
        <td data-testid={`neighbors-${i}`}>{Array.from(state.neighborIds.subarray(state.neighborOffsets[i], state.neighborOffsets[i + 1])).join(',')}</td>
      </tr>,
    );
  }
  return (
    <table data-testid="live-values" style={{ fontSize: 12, borderCollapse: 'collapse' }}>
      <thead><tr><th>device</th><th>value</th><th>neighbours</th></tr></thead>
      <tbody>{rows}</tbody>
    </table>
  );
}
