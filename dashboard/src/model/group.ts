/** Items grouped by a key, the groups in the order of their first item, each group's items in their order. */
export function groupBy<T, K>(items: Iterable<T>, keyOf: (x: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const x of items) {
    const k = keyOf(x);
    const group = out.get(k);
    if (group) group.push(x); else out.set(k, [x]);
  }
  return out;
}
