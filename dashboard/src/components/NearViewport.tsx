/**
 * Drawing what a visitor can see: a box whose content is made only once it comes near the viewport. The Comparison
 * has a block per pairing of every published run (hundreds of tables); drawing them all on every load, warm-up
 * change and upload was most of the page's work (docs/hosting.md, "Blocks drawn near the viewport").
 */
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode, type RefObject } from 'react';

/** How far outside the viewport a box starts to be drawn: about two screens, so a scroll rarely meets a placeholder. */
const MARGIN = '1600px 0px';

// One observer for every box (hundreds of them): each box's callback runs once, when it first comes near.
const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;
function whenNear(el: Element, near: () => void): () => void {
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      const cb = waiting.get(e.target);
      waiting.delete(e.target);
      observer?.unobserve(e.target);
      cb?.();
    }
  }, { rootMargin: MARGIN });
  waiting.set(el, near);
  observer.observe(el);
  return () => { waiting.delete(el); observer?.unobserve(el); };
}

/**
 * `[ref, drawn]`: attach `ref` to the box; `drawn` is true at once when `lazy` is false, else from the moment the box
 * first comes within MARGIN of the viewport (a box inside a closed <details> is not near: it has no layout). Once
 * drawn, a box stays drawn (its text stays on the page for find-in-page, its height for the scroll position).
 */
export function useNearViewport<T extends Element>(lazy: boolean): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(!lazy);
  if (!lazy && !seen) setSeen(true); // drawn once, drawn for good (also when it becomes lazy later)
  const drawn = seen || !lazy;
  useEffect(() => {
    if (drawn || !ref.current) return undefined;
    return whenNear(ref.current, () => setSeen(true));
  }, [drawn]);
  return [ref, drawn];
}

/**
 * A table's row group drawn once near the viewport; until then one row of about the drawn height holding
 * `placeholder` (something cheap that still names what is there, e.g. the run).
 */
export function LazyTbody({ lazy, heightPx, colSpan, placeholder, children, ...rest }: {
  lazy: boolean; heightPx: number; colSpan: number; placeholder: ReactNode; children: () => ReactNode;
} & Omit<HTMLAttributes<HTMLTableSectionElement>, 'children'>) {
  const [ref, drawn] = useNearViewport<HTMLTableSectionElement>(lazy);
  return (
    <tbody ref={ref} data-drawn={drawn ? '1' : '0'} {...rest}>
      {drawn ? children() : <tr className="pending"><td colSpan={colSpan} className="muted small" style={{ height: heightPx }}>{placeholder}</td></tr>}
    </tbody>
  );
}

/** The page-wide switch that draws every lazy block and row group at once (find in page; printing sets it too). */
export function DrawAllToggle({ on, set, what }: { on: boolean; set: (on: boolean) => void; what: string }) {
  return (
    <label className="small draw-all"><input type="checkbox" data-testid="draw-all" checked={on} onChange={(e) => set(e.target.checked)} />{' '}
      draw every {what} now (for find in page; otherwise drawn as it scrolls into view)</label>
  );
}
