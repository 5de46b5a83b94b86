/** One duration cell: formatted text, the exact value (ns) in data-ns and the tooltip (`title`, else the value). */
import { formatDuration, type Unit } from '../model/units';

export function StatCell({ ns, unit, stat, title }: { ns: number | null; unit: Unit; stat: string; title?: string }) {
  return (
    <td className="num" data-stat={stat} data-ns={ns ?? ''} title={title ?? (ns === null ? undefined : `${ns} ns`)}>
      {formatDuration(ns, unit)}
    </td>
  );
}
