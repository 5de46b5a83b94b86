/**
 * One visual grammar: each path keeps one colour and one marker in every plot (the catalogue's, colour-blind-safe
 * Okabe–Ito hues). Series of other kinds (unknown path) are grey; several series of one path differ by line dash.
 */
import { PATHS, PATH_ORDER } from '../../../measurement/src/catalogue.mjs';

export interface PathStyle { color: string; symbol: string; label: string }

export const PATH_STYLE: Record<string, PathStyle> = Object.fromEntries(PATH_ORDER.map((p) => [p, { color: PATHS[p].colour, symbol: PATHS[p].symbol, label: PATHS[p].legend }]));

export const OTHER_STYLE: PathStyle = { color: '#7f7f7f', symbol: 'x', label: 'other' };

export const styleOf = (path: string | null | undefined): PathStyle => (path ? PATH_STYLE[path] ?? OTHER_STYLE : OTHER_STYLE);

/** Dashes told apart in a legend, for the 2nd, 3rd … series of the same path. */
export const DASHES = ['solid', 'dot', 'dash', 'longdash', 'dashdot'] as const;

/** Sort key of a path (unknown paths last). */
export const pathRank = (path: string | null | undefined): number => {
  const i = PATH_ORDER.indexOf(path ?? '');
  return i < 0 ? PATH_ORDER.length : i;
};
