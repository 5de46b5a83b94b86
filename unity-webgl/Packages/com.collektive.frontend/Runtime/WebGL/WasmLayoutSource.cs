using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;

namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// The engine's layouts in a WebGL player: the page's Kotlin/Wasm facade (<c>randomPositions</c>,
    /// <c>referencePositions</c>) through CollektiveWasm.jslib, which writes them into an array of this side's.
    /// A refusal throws an <see cref="ArgumentException"/> with the facade's message; a page without the facade an
    /// <see cref="EngineException"/>.
    /// </summary>
    public sealed class WasmLayoutSource : ILayoutSource
    {
        /// <summary>The jslib's scenario numbers (the C ABI's SG_SCENARIO_REFERENCE, SG_SCENARIO_RANDOM).</summary>
        public const int ScenarioReference = 0, ScenarioRandom = 1;

        /// <summary>The largest seed the facade takes (2^53 − 1, a safe integer: it receives the seed as a JS number).</summary>
        public const long MaxSeed = 9007199254740991L;

        private readonly IWasmBridge _bridge;

        /// <summary>A source over <paramref name="bridge"/> (<see cref="WasmBridges.Default"/> in a player).</summary>
        public WasmLayoutSource(IWasmBridge bridge)
        {
            if (bridge == null) throw new ArgumentNullException("bridge");
            _bridge = bridge;
        }

        /// <inheritdoc />
        public double[] ReferencePositions(int nodeCount, double maxDistance)
        {
            return Fill(ScenarioReference, nodeCount, 0, 0, maxDistance);
        }

        /// <inheritdoc />
        public double[] RandomPositions(int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            if (seed > MaxSeed || seed < -MaxSeed) throw new ArgumentOutOfRangeException("seed", seed, "must be a safe integer (within ±(2^53 − 1)) on the Wasm engine, which takes it as a JS number");
            return Fill(ScenarioRandom, nodeCount, seed, meanDegree, maxDistance);
        }

        private double[] Fill(int scenario, int nodeCount, long seed, double meanDegree, double maxDistance)
        {
            if (!_bridge.IsAvailable()) throw new EngineException("the scene's layout comes from the Wasm engine: " + _bridge.LastError());
            // A count the array cannot hold gets an empty one: the facade then names the count in its refusal.
            var xyz = new double[nodeCount > 0 && nodeCount <= int.MaxValue / 3 ? 3 * nodeCount : 0];
            if (_bridge.ScenarioPositions(scenario, nodeCount, seed, meanDegree, maxDistance, xyz) == 0) return xyz;
            throw new ArgumentException(_bridge.LastError());
        }
    }
}
