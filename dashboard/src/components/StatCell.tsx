/** One duration cell: formatted text, the exact value (ns) in data-ns and the tooltip. */
import { formatDuration, type Unit } from '../model/units';

export function StatCell({ ns, unit, stat }: { ns: number | null; unit: Unit; stat: string }) {
  return (
    <td className="num" data-stat={stat} data-ns={ns ?? ''} title={ns === null ? undefined : `${ns} ns`}>
      {formatDuration(ns, unit)}
    </td>
  );
}
