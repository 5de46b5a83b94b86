/**
 * Collapsed stacks (docs/profiles.md, "Output") → the tree a flame graph draws. Every stack is classified with the
 * profile pipeline's own rules (measurement/src/profiles.mjs), so a frame's colour is the category of most samples
 * through it, the same categories as the bars and the profile's `usPerStep`.
 */
import { CATEGORIES, classify, type Category } from '../../../measurement/src/profiles.mjs';

export type { Category };
export { CATEGORIES };

export interface FlameNode {
  name: string;
  /** samples through this frame (its own and its callees') */
  value: number;
  /** the category of most of those samples */
  category: Category;
  counts: Record<Category, number>;
  children: FlameNode[];
}

export interface FlameInput {
  /** the process, e.g. `jvm-server`: replaces the stack's root frame so processes of one path stay apart */
  process: string;
  text: string;
}

const zero = (): Record<Category, number> => Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
const node = (name: string): FlameNode => ({ name, value: 0, category: 'other', counts: zero(), children: [] });

/**
 * One tree for the processes of a path. `idle: false` leaves out the stacks classified idle (V8's wall-time idle
 * ticks, the CPU of entering and leaving waits), so the graph shows busy time. Frames under `minShare` of all kept
 * samples are cut (their samples stay in the caller's width), which keeps the SVG to a few thousand rectangles.
 */
export function flameTree(root: string, inputs: readonly FlameInput[], { idle = false, minShare = 0.001 } = {}): { tree: FlameNode; samples: number; idleSamples: number } {
  const tree = node(root);
  const index = new Map<FlameNode, Map<string, FlameNode>>();
  const child = (parent: FlameNode, name: string): FlameNode => {
    let m = index.get(parent);
    if (!m) index.set(parent, (m = new Map()));
    let c = m.get(name);
    if (!c) { c = node(name); m.set(name, c); parent.children.push(c); }
    return c;
  };
  let idleSamples = 0;
  for (const { process, text } of inputs) {
    for (const line of text.split('\n')) {
      const m = line.match(/^(.*) (\d+)$/);
      if (!m) continue;
      const count = Number(m[2]);
      const cat = classify(m[1]);
      if (cat === 'idle') { idleSamples += count; if (!idle) continue; }
      const frames = m[1].split(';');
      frames[0] = process;
      let cur = tree;
      cur.value += count; cur.counts[cat] += count;
      for (const f of frames) { cur = child(cur, f); cur.value += count; cur.counts[cat] += count; }
    }
  }
  const cut = tree.value * minShare;
  const finish = (n: FlameNode) => {
    n.category = CATEGORIES.reduce((a, c) => (n.counts[c] > n.counts[a] ? c : a), CATEGORIES[0]);
    n.children = n.children.filter((c) => c.value >= cut).sort((a, b) => a.name.localeCompare(b.name));
    n.children.forEach(finish);
  };
  finish(tree);
  return { tree, samples: tree.value, idleSamples };
}

/** Number of frames (nodes) of a tree, root included. */
export const frameCount = (n: FlameNode): number => 1 + n.children.reduce((a, c) => a + frameCount(c), 0);
