// The parts of d3-flame-graph (no bundled types) and d3-selection the flame graph component uses.
declare module 'd3-flame-graph' {
  interface HierarchyNode<T> { data: T; value: number; depth: number }
  export interface FlameGraph<T> {
    (selection: unknown): void;
    width(w: number): FlameGraph<T>;
    cellHeight(h: number): FlameGraph<T>;
    minFrameSize(px: number): FlameGraph<T>;
    transitionDuration(ms: number): FlameGraph<T>;
    sort(s: boolean | ((a: HierarchyNode<T>, b: HierarchyNode<T>) => number)): FlameGraph<T>;
    title(t: string): FlameGraph<T>;
    label(f: (d: HierarchyNode<T>) => string): FlameGraph<T>;
    setColorMapper(f: (d: HierarchyNode<T>, original: string) => string): FlameGraph<T>;
    resetZoom(): void;
    destroy(): FlameGraph<T>;
  }
  export default function flamegraph<T = unknown>(): FlameGraph<T>;
}
declare module 'd3-selection' {
  interface Selection { datum(d: unknown): Selection; call(f: (s: Selection) => void): Selection }
  export function select(el: Element): Selection;
}
