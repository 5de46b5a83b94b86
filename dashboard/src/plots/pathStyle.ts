/**
 * One visual grammar: each path keeps one colour and one marker in every plot (colour-blind-safe Okabe–Ito
 * hues). Series of other kinds (unknown path) are grey; several series of one path differ by line dash.
 */
export interface PathStyle { color: string; symbol: string; label: string }

export const PATH_STYLE: Record<string, PathStyle> = {
  native: { color: '#0072B2', symbol: 'circle', label: 'native (desktop, in-process)' },
  socket: { color: '#D55E00', symbol: 'square', label: 'socket (desktop, out-of-process)' },
  wasm: { color: '#009E73', symbol: 'diamond', label: 'wasm (web, in-process)' },
  websocket: { color: '#CC79A7', symbol: 'triangle-up', label: 'websocket (web, out-of-process)' },
};

export const OTHER_STYLE: PathStyle = { color: '#7f7f7f', symbol: 'x', label: 'other' };

/** The paths in display order: desktop in/out, web in/out. */
export const PATH_ORDER = ['native', 'socket', 'wasm', 'websocket'] as const;

export const styleOf = (path: string | null | undefined): PathStyle => (path ? PATH_STYLE[path] ?? OTHER_STYLE : OTHER_STYLE);

/** Dashes told apart in a legend, for the 2nd, 3rd … series of the same path. */
export const DASHES = ['solid', 'dot', 'dash', 'longdash', 'dashdot'] as const;

/** Sort key of a path (unknown paths last). */
export const pathRank = (path: string | null | undefined): number => {
  const i = PATH_ORDER.indexOf((path ?? '') as (typeof PATH_ORDER)[number]);
  return i < 0 ? PATH_ORDER.length : i;
};
