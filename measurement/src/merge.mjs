// Merging a configuration's invocations into the reference-named files (docs/measurements.md, "Invocations"): the
// reference analysis reads the merged file unchanged and drops the first `warmup` samples per id once, so every
// invocation after the first loses its own warm-up here.

/**
 * `parts`: one { rows, offsetNs } per invocation in run order (rows as parsed, t_ns since that process's logger
 * started; offsetNs: when that process started, on the bench's clock). `warmupOf(id)`: samples per id dropped from
 * invocations after the first. Returns rows in time order on the bench's clock.
 */
export function mergeInvocations(parts, warmupOf) {
  const out = [];
  parts.forEach(({ rows, offsetNs }, k) => {
    const own = rows.map((r, i) => ({ ...r, i })).sort((x, y) => x.t - y.t || x.i - y.i);
    const seen = new Map();
    for (const r of own) {
      const n = (seen.get(r.id) ?? 0) + 1;
      seen.set(r.id, n);
      if (k > 0 && n <= warmupOf(r.id)) continue;
      out.push({ t: r.t + offsetNs, id: r.id, d: r.d });
    }
  });
  return out.sort((x, y) => x.t - y.t);
}

/** The long-format CSV text of rows. */
export const timingCsv = (rows) => `t_ns,id,duration_ns\n${rows.map((r) => `${r.t},${r.id},${r.d}`).join('\n')}\n`;
