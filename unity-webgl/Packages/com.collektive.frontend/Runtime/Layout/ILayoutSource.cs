using Collektive.Frontend.Engines;
using Collektive.Frontend.WebGL;

namespace Collektive.Frontend.Layout
{
    /// <summary>
    /// Where a scene's layout comes from: the engine's own computation (<c>collektive.engine.Scenarios</c>,
    /// docs/engine-api.md), reached through the engine the platform has, so no front-end keeps a copy of its
    /// arithmetic. Both calls return x0 y0 z0 x1 … (3 × nodeCount doubles) and throw an
    /// <see cref="System.ArgumentException"/> carrying the engine's message when it refuses an argument.
    /// </summary>
    public interface ILayoutSource
    {
        /// <summary>The reference study's BFS-tree layout of <paramref name="nodeCount"/> devices (docs/reference-study.md).</summary>
        double[] ReferencePositions(int nodeCount, double maxDistance);

        /// <summary>
        /// <paramref name="nodeCount"/> devices uniform on a square sized for <paramref name="meanDegree"/> neighbours
        /// within <paramref name="maxDistance"/>, drawn from SplitMix64(<paramref name="seed"/>), z = 0.
        /// </summary>
        double[] RandomPositions(int nodeCount, long seed, double meanDegree, double maxDistance);
    }

    /// <summary>The layout source of the running platform.</summary>
    public static class LayoutSources
    {
        /// <summary>
        /// A WebGL player: the page's Kotlin/Wasm facade through CollektiveWasm.jslib (the page sets it before the
        /// player starts, whichever engine runs). Everywhere else (desktop players, the Editor, the headless host,
        /// the tests): the C ABI of libsimple_gradient.so, whichever engine runs — the socket engine's engine is in
        /// another process, and the library is the same engine's code.
        /// </summary>
        public static ILayoutSource Default()
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            return new WasmLayoutSource(WasmBridges.Default());
#else
            return NativeLayoutSource.Instance;
#endif
        }
    }
}
