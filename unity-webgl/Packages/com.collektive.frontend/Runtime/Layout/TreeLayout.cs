using System;
using System.Collections.Generic;
using Collektive.Frontend.Model;

namespace Collektive.Frontend.Layout
{
    /// <summary>
    /// The reference scene's BFS-tree layout: device 0 on top, each BFS level one row lower
    /// (<c>verticalSpacing</c>), devices of a row <c>horizontalSpacing</c> apart and centred on x = 0, unreachable
    /// devices on an extra bottom row. Row order is BFS discovery order over the given neighbour lists.
    /// </summary>
    public static class TreeLayout
    {
        /// <summary>
        /// Computes the layout. <paramref name="neighborsOf"/> returns the neighbour ids of a device (may return
        /// null for none).
        /// </summary>
        public static Vec3[] Compute(int nodeCount, Func<int, IList<int>> neighborsOf, double horizontalSpacing, double verticalSpacing)
        {
            if (nodeCount <= 0) throw new ArgumentOutOfRangeException("nodeCount", nodeCount, "must be > 0");
            var visited = new bool[nodeCount];
            var depth = new int[nodeCount];
            var layers = new List<List<int>>();
            var queue = new Queue<int>();
            visited[0] = true;
            layers.Add(new List<int> { 0 });
            queue.Enqueue(0);
            while (queue.Count > 0)
            {
                int current = queue.Dequeue();
                var neighbors = neighborsOf(current);
                if (neighbors == null) continue;
                foreach (var n in neighbors)
                {
                    if (n < 0 || n >= nodeCount || visited[n]) continue;
                    visited[n] = true;
                    int d = depth[current] + 1;
                    depth[n] = d;
                    while (layers.Count <= d) layers.Add(new List<int>());
                    layers[d].Add(n);
                    queue.Enqueue(n);
                }
            }
            var unreachable = new List<int>();
            for (int i = 0; i < nodeCount; i++) if (!visited[i]) unreachable.Add(i);
            if (unreachable.Count > 0) layers.Add(unreachable);

            var positions = new Vec3[nodeCount];
            for (int layer = 0; layer < layers.Count; layer++)
            {
                var row = layers[layer];
                if (row.Count == 0) continue;
                // Single-precision arithmetic like the reference (UnityEngine.Vector3), then widened.
                float h = (float)horizontalSpacing;
                float startX = -((row.Count - 1) * h) / 2f;
                float y = -layer * (float)verticalSpacing;
                for (int i = 0; i < row.Count; i++) positions[row[i]] = new Vec3(startX + i * h, y, 0.0);
            }
            return positions;
        }

        /// <summary>
        /// The layout of the reference scene: computed from the neighbourhoods of the engine's first round, when
        /// every device is still at the origin, i.e. everyone neighbours everyone (ascending ids).
        /// </summary>
        public static Vec3[] Reference(int nodeCount, double spacing)
        {
            var all = new List<int>(nodeCount);
            for (int i = 0; i < nodeCount; i++) all.Add(i);
            return Compute(nodeCount, delegate (int id) { return all; }, spacing, spacing * 2);
        }
    }
}
