/**
 * Arrow results → plain rows. DuckDB returns BIGINT as BigInt and DOUBLE as number; durations and counts fit
 * in a double exactly (< 2^53 ns ≈ 104 days), so BigInt is converted to number, refusing values that would
 * lose precision.
 */
import type { ArrowLike } from '../db/connector';

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_EXACT = BigInt(Number.MIN_SAFE_INTEGER);

/** A BIGINT as a number, refusing one a double would not hold exactly. */
function exactNumber(v: bigint): number {
  if (v > MAX_EXACT || v < MIN_EXACT) throw new Error(`integer ${v} does not fit a double exactly`);
  return Number(v);
}

export function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return exactNumber(v);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v !== null && 'toString' in v) return String(v);
  return String(v);
}

/** Every row of an Arrow table as a plain object of cells. */
export function rowsOf(t: ArrowLike): Row[] {
  const names = t.schema.fields.map((f) => f.name);
  const out: Row[] = [];
  // Column by column where the table allows it (a row's toJSON reads the same getters, through a proxy per row).
  const columns = t.getChild ? names.map((n) => t.getChild!(n)) : [];
  if (t.getChild && columns.every((c) => c !== null) && new Set(names).size === names.length) {
    for (let i = 0; i < t.numRows; i++) out.push({});
    names.forEach((n, j) => {
      const c = columns[j]!;
      for (let i = 0; i < t.numRows; i++) out[i][n] = toCell(c.get(i));
    });
    return out;
  }
  const arr = t.toArray();
  for (let i = 0; i < arr.length; i++) {
    const raw = arr[i] as { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
    const obj = typeof raw.toJSON === 'function' ? raw.toJSON() : raw;
    const row: Row = {};
    for (const n of names) row[n] = toCell(obj[n]);
    out.push(row);
  }
  return out;
}

/**
 * The rows of seriesValuesSql as `run/config/file/id` → durations (a series key as model/stats.ts seriesKey builds
 * it): each list read as one typed array, its BigInts converted as toCell does.
 */
export function seriesValuesOf(t: ArrowLike, keyOf: (s: { run: string; config: string; file: string; id: string }) => string): Map<string, Float64Array> {
  const col = (n: string) => { const c = t.getChild?.(n); if (!c) throw new Error(`no column ${n} to read`); return c; };
  const [run, config, file, id, v] = ['run', 'config', 'file', 'id', 'v'].map(col);
  const out = new Map<string, Float64Array>();
  for (let i = 0; i < t.numRows; i++) {
    const list = v.get(i) as { toArray(): ArrayLike<unknown> } | null;
    const raw = list ? list.toArray() : [];
    const values = new Float64Array(raw.length);
    for (let j = 0; j < raw.length; j++) {
      const x = raw[j];
      values[j] = typeof x === 'bigint' ? exactNumber(x) : Number(x);
    }
    out.set(keyOf({ run: String(run.get(i)), config: String(config.get(i)), file: String(file.get(i)), id: String(id.get(i)) }), values);
  }
  return out;
}

/** Column names and types, for the SQL panel. */
export const columnsOf = (t: ArrowLike): { name: string; type: string }[] =>
  t.schema.fields.map((f) => ({ name: f.name, type: String(f.type) }));

const numOrNull = (c: Cell): number | null => (c === null ? null : Number(c));
const strOrNull = (c: Cell): string | null => (c === null ? null : String(c));
export const cells = { num: numOrNull, str: strOrNull };
