/**
 * Arrow results → plain rows. DuckDB returns BIGINT as BigInt and DOUBLE as number; durations and counts fit
 * in a double exactly (< 2^53 ns ≈ 104 days), so BigInt is converted to number, refusing values that would
 * lose precision.
 */
import type { ArrowLike } from '../db/connector';

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

export function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') {
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) throw new Error(`integer ${v} does not fit a double exactly`);
    return Number(v);
  }
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v !== null && 'toString' in v) return String(v);
  return String(v);
}

/** Every row of an Arrow table as a plain object of cells. */
export function rowsOf(t: ArrowLike): Row[] {
  const names = t.schema.fields.map((f) => f.name);
  const out: Row[] = [];
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

/** Column names and types, for the SQL panel. */
export const columnsOf = (t: ArrowLike): { name: string; type: string }[] =>
  t.schema.fields.map((f) => ({ name: f.name, type: String(f.type) }));

const numOrNull = (c: Cell): number | null => (c === null ? null : Number(c));
const strOrNull = (c: Cell): string | null => (c === null ? null : String(c));
export const cells = { num: numOrNull, str: strOrNull };
