declare module 'plotly.js-dist-min' {
  const Plotly: {
    react(el: HTMLElement, data: unknown[], layout: unknown, config?: unknown): Promise<unknown>;
    purge(el: HTMLElement): void;
    downloadImage(el: HTMLElement, opts: { format: 'png'; filename: string; width?: number; height?: number }): Promise<string>;
    toImage(el: HTMLElement, opts: { format: 'png' | 'svg'; width?: number; height?: number }): Promise<string>;
    Plots: { resize(el: HTMLElement): void };
  };
  export default Plotly;
}
declare module 'plotly.js-cartesian-dist-min' {
  const Plotly: typeof import('plotly.js-dist-min').default;
  export default Plotly;
}
