using System;
using Collektive.Frontend.Layout;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// The engine's layouts through the C ABI (<c>scenario_positions</c> of libsimple_gradient.so): the library
    /// fills an array of this side's. A refused argument (<c>SG_INVALID_ARGUMENT</c>, or past a budget,
    /// <c>SG_LIMIT</c>) throws an <see cref="ArgumentException"/> with the library's message; any other failure an
    /// <see cref="EngineException"/>; no library, a <see cref="DllNotFoundException"/>.
    /// </summary>
    public sealed class NativeLayoutSource : ILayoutSource
    {
        // The header's SG_SCENARIO_REFERENCE, SG_SCENARIO_RANDOM and the error codes a caller's argument causes.
        private const int ScenarioReference = 0, ScenarioRandom = 1;
        private const int InvalidArgument = 2, Limit = 5;

        /// <summary>The one instance (the library holds no state for it).</summary>
        public static readonly NativeLayoutSource Instance = new NativeLayoutSource();

        private NativeLayoutSource() { }

        /// <inheritdoc />
        public double[] ReferencePositions(int nodeCount, double maxDistance)
        {
            return Fill(ScenarioReference, nodeCount, 0, 0, maxDistance);
        }

        /// <inheritdoc />
        public double[] RandomPositions(int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            return Fill(ScenarioRandom, nodeCount, seed, meanDegree, maxDistance);
        }

        private static double[] Fill(int scenario, int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            // A count the array cannot hold gets an empty one: the library then names the count in its refusal.
            var xyz = new double[nodeCount > 0 && nodeCount <= int.MaxValue / 3 ? 3 * nodeCount : 0];
            if (NativeApi.ScenarioPositions(scenario, nodeCount, seed, meanDegree, maxDistance, xyz, xyz.Length) == 0) return xyz;
            int code = NativeApi.LastError();
            string what = "scenario_positions(" + (scenario == ScenarioReference ? "reference" : "random") + ", " + nodeCount + ") failed: "
                + NativeEngine.LastErrorText();
            if (code == InvalidArgument || code == Limit) throw new ArgumentException(what);
            throw new EngineException(what);
        }
    }
}
