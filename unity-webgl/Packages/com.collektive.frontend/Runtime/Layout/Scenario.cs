using System;
using Collektive.Frontend.Model;

namespace Collektive.Frontend.Layout
{
    /// <summary>
    /// A benchmark scenario: device positions, sources, neighbour radius. <see cref="Reference"/> is the
    /// reference study's scene (BFS-tree layout, spacing = maxDistance, source 0); <see cref="Random"/> scatters
    /// devices uniformly on a square sized for a target mean degree, so larger N keeps the same local density.
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

        /// <summary>The reference scene with <paramref name="nodeCount"/> devices (reference: 10, maxDistance 3).</summary>
        public static Scenario Reference(int nodeCount, double maxDistance)
        {
            return new Scenario("reference", TreeLayout.Reference(nodeCount, maxDistance), new[] { 0 }, maxDistance, null);
        }

        /// <summary>
        /// The scenario of a kind chosen by the caller ("reference" or "random"; the benches' rule of which N gets
        /// which is measurement/src/scenario.mjs, handed to C# in the plan or on the command line).
        /// </summary>
        public static Scenario Of(string kind, int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            if (kind == "reference") return Reference(nodeCount, maxDistance);
            if (kind == "random") return Random(nodeCount, seed, meanDegree, maxDistance);
            throw new ArgumentException("scenario must be reference or random, got '" + kind + "'");
        }

        /// <summary>
        /// Devices uniform on a square of side sqrt(N·π·maxDistance²/meanDegree) at z = 0 (expected mean degree
        /// ≈ meanDegree, less at the borders), source 0; deterministic for a seed (SplitMix64). The engine's layout
        /// (collektive.engine.Scenarios.randomPositions), number for number: ScenarioTests checks it on the test vectors.
        /// </summary>
        public static Scenario Random(int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            if (nodeCount <= 0) throw new ArgumentOutOfRangeException("nodeCount", nodeCount, "must be > 0");
            if (!(meanDegree > 0)) throw new ArgumentOutOfRangeException("meanDegree", meanDegree, "must be > 0");
            double side = Math.Sqrt(nodeCount * Math.PI * maxDistance * maxDistance / meanDegree);
            var rng = new SplitMix64(seed);
            var p = new Vec3[nodeCount];
            for (int i = 0; i < nodeCount; i++) p[i] = new Vec3(rng.NextDouble() * side, rng.NextDouble() * side, 0.0);
            return new Scenario("random", p, new[] { 0 }, maxDistance, seed);
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

        private sealed class SplitMix64
        {
            private ulong _state;
            public SplitMix64(long seed) { _state = unchecked((ulong)seed); }
            public ulong Next()
            {
                ulong z = unchecked(_state += 0x9E3779B97F4A7C15UL);
                z = unchecked((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL);
                z = unchecked((z ^ (z >> 27)) * 0x94D049BB133111EBUL);
                return z ^ (z >> 31);
            }
            public double NextDouble() { return (Next() >> 11) * (1.0 / 9007199254740992.0); }
        }
    }
}
