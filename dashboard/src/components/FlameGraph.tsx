/**
 * A flame graph of one path (d3-flame-graph, an SVG partition; loaded on first use): frames coloured by category,
 * click to zoom, a frame's title says its samples, share and category. Props only.
 */
import { useEffect, useRef, useState } from 'react';
import { CATEGORY_COLORS, CATEGORY_LABELS } from '../model/profiles';
import type { FlameNode } from '../model/flameTree';

type Lib = { flamegraph: typeof import('d3-flame-graph').default; select: typeof import('d3-selection').select };
let lib: Promise<Lib> | null = null;
const load = (): Promise<Lib> => (lib ??= Promise.all([import('d3-flame-graph'), import('d3-selection')])
  .then(([f, s]) => ({ flamegraph: f.default, select: s.select })));

export function FlameGraph({ tree, name, caption }: { tree: FlameNode | null; name: string; caption: string }) {
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const node = el.current;
    if (!node || !tree) return;
    let gone = false;
    setState('loading');
    load().then(({ flamegraph, select }) => {
      if (gone) return;
      node.replaceChildren();
      const total = tree.value;
      const chart = flamegraph<FlameNode>()
        .width(Math.max(300, node.clientWidth))
        .cellHeight(16)
        .minFrameSize(1)
        .transitionDuration(250)
        .sort(true)
        .label((d) => `${d.data.name}\n${d.value} samples, ${((100 * d.value) / total).toFixed(1)} % of ${name}; mostly ${CATEGORY_LABELS[d.data.category]}`)
        .setColorMapper((d) => CATEGORY_COLORS[d.data.category]);
      select(node).datum(tree).call(chart);
      // Roots are at the bottom: a deep graph opens scrolled to them.
      node.scrollTop = node.scrollHeight;
      setState('ready');
    }).catch((e: unknown) => { if (!gone) { setError(String(e)); setState('error'); } });
    return () => { gone = true; };
  }, [tree, name]);
  return (
    <figure className="flame" data-flame={name} data-state={tree ? state : 'loading'} data-samples={tree?.value ?? 0}>
      <figcaption>{caption}</figcaption>
      {error && <p className="error" role="alert">{error}</p>}
      <div ref={el} className="flame-area" />
    </figure>
  );
}
