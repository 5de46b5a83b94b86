/** SQL literal helpers: every value that reaches SQL text goes through one of these. */

/** A single-quoted SQL string literal (quotes doubled). */
export const str = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** A finite number literal; throws on NaN/Infinity so bad input never becomes SQL. */
export const num = (n: number): string => {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return String(n);
};

/** A non-negative integer literal. */
export const int = (n: number): string => {
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${n}`);
  return String(n);
};

/** `col IN ('a', 'b')`, or TRUE when the list is undefined (no filter), FALSE when empty. */
export const inList = (col: string, values: readonly string[] | undefined): string =>
  values === undefined ? 'TRUE' : values.length === 0 ? 'FALSE' : `${col} IN (${values.map(str).join(', ')})`;

/** `col IN (1, 2)` for integers, TRUE when undefined. */
export const inInts = (col: string, values: readonly number[] | undefined): string =>
  values === undefined ? 'TRUE' : values.length === 0 ? 'FALSE' : `${col} IN (${values.map(int).join(', ')})`;
