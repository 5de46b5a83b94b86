using System;
using Collektive.Frontend.Model;

namespace Collektive.Frontend.Layout
{
    /// <summary>
    /// A benchmark scenario: device positions, sources, neighbour radius. <see cref="Reference(int, double)"/> is the
    /// reference study's scene (BFS-tree layout, source 0); <c>Random</c> scatters
    /// devices uniformly on a square sized for a target mean degree, so larger N keeps the same local density. The
    /// positions are the engine's (collektive.engine.Scenarios), never computed here: <see cref="ILayoutSource"/>.
    /// </summary>
    public sealed class Scenario
    {
        /// <summary>"reference" or "random".</summary>
        public string Kind { get; private set; }
        /// <summary>Device positions, indexed by id.</summary>
        public Vec3[] Positions { get; private set; }
        /// <summary>Source ids.</summary>
        public int[] Sources { get; private set; }
        /// <summary>Neighbour radius.</summary>
        public double MaxDistance { get; private set; }
        /// <summary>Seed of a random scenario, null for the reference one.</summary>
        public long? Seed { get; private set; }

        /// <summary>Creates a scenario from explicit parts.</summary>
        public Scenario(string kind, Vec3[] positions, int[] sources, double maxDistance, long? seed)
        {
            Kind = kind; Positions = positions; Sources = sources; MaxDistance = maxDistance; Seed = seed;
        }

        /// <summary>Number of devices.</summary>
        public int NodeCount { get { return Positions.Length; } }

        /// <summary>
        /// The reference scene with <paramref name="nodeCount"/> devices (reference: 10, maxDistance 3): the engine's
        /// BFS-tree layout (device 0 on top, devices 1..N−1 on one row 6 below, 3 apart), source 0.
        /// </summary>
        public static Scenario Reference(int nodeCount, double maxDistance)
        {
            return Reference(nodeCount, maxDistance, LayoutSources.Default());
        }

        /// <summary>The reference scene, its layout from <paramref name="layouts"/>.</summary>
        public static Scenario Reference(int nodeCount, double maxDistance, ILayoutSource layouts)
        {
            RequireSourceDevice(nodeCount);
            return new Scenario("reference", Positions3(layouts.ReferencePositions(nodeCount, maxDistance), nodeCount), new[] { 0 }, maxDistance, null);
        }

        /// <summary>
        /// The scenario of a kind chosen by the caller ("reference" or "random"; the benches' rule of which N gets
        /// which is measurement/src/scenario.mjs, handed to C# in the plan or on the command line).
        /// </summary>
        public static Scenario Of(string kind, int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            return Of(kind, nodeCount, seed, meanDegree, maxDistance, LayoutSources.Default());
        }

        /// <summary><see cref="Of(string, int, long, double, double)"/>, its layout from <paramref name="layouts"/>.</summary>
        public static Scenario Of(string kind, int nodeCount, long seed, double meanDegree, double maxDistance, ILayoutSource layouts)
        {
            if (kind == "reference") return Reference(nodeCount, maxDistance, layouts);
            if (kind == "random") return Random(nodeCount, seed, meanDegree, maxDistance, layouts);
            throw new ArgumentException("scenario must be reference or random, got '" + kind + "'");
        }

        /// <summary>
        /// Devices uniform on a square of side sqrt(N·π·maxDistance²/meanDegree) at z = 0 (expected mean degree
        /// ≈ meanDegree, less at the borders), source 0; deterministic for a seed. The engine's layout
        /// (collektive.engine.Scenarios.randomPositions), asked of the platform's engine (<see cref="LayoutSources"/>).
        /// </summary>
        public static Scenario Random(int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            return Random(nodeCount, seed, meanDegree, maxDistance, LayoutSources.Default());
        }

        /// <summary>The random scene, its layout from <paramref name="layouts"/>.</summary>
        public static Scenario Random(int nodeCount, long seed, double meanDegree, double maxDistance, ILayoutSource layouts)
        {
            RequireSourceDevice(nodeCount);
            return new Scenario("random", Positions3(layouts.RandomPositions(nodeCount, seed, meanDegree, maxDistance), nodeCount), new[] { 0 }, maxDistance, seed);
        }

        // Every scenario's source is device 0, so it needs one; the engine would lay out an empty scene.
        private static void RequireSourceDevice(int nodeCount)
        {
            if (nodeCount <= 0) throw new ArgumentOutOfRangeException("nodeCount", nodeCount, "must be > 0 (device 0 is the source)");
        }

        private static Vec3[] Positions3(double[] xyz, int nodeCount)
        {
            if (xyz == null || xyz.Length != 3 * nodeCount)
                throw new InvalidOperationException("the layout source returned " + (xyz == null ? "nothing" : xyz.Length + " coordinates") + " for " + nodeCount + " devices");
            var p = new Vec3[nodeCount];
            for (int i = 0; i < nodeCount; i++) p[i] = new Vec3(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
            return p;
        }

        /// <summary>Mean number of neighbours per device at these positions (unit-disk graph, radius maxDistance).</summary>
        public double MeanDegree()
        {
            long links = 0;
            for (int i = 0; i < Positions.Length; i++)
                for (int j = i + 1; j < Positions.Length; j++)
                    if (Vec3.Distance(Positions[i], Positions[j]) <= MaxDistance) links++;
            return 2.0 * links / Positions.Length;
        }
    }
}
