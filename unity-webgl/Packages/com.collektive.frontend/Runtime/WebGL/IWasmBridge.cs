using System;

namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// The calls of <c>Assets/Plugins/WebGL/CollektiveWasm.jslib</c>, one method per export, so
    /// <see cref="WasmEngine"/> can be tested off the browser with a fake. Return codes as in the jslib: handles
    /// ≥ 0, 0 = success, −1 = failure (<see cref="LastError"/> tells why).
    /// </summary>
    public interface IWasmBridge
    {
        /// <summary>True when the hosting page has set <c>window.collektiveWasm</c>.</summary>
        bool IsAvailable();
        /// <summary>Creates an engine in the page running <paramref name="program"/> (a spec; null: the reference program); returns its handle or −1.</summary>
        int Create(int nodeCount, double maxDistance, string program);
        /// <summary>Destroys an engine and frees its heap buffers.</summary>
        void Destroy(int handle);
        /// <summary>Marks or unmarks a source.</summary>
        int SetSource(int handle, int node, bool isSource);
        /// <summary>Clears every source.</summary>
        int ClearSources(int handle);
        /// <summary>Hands the first <paramref name="length"/> values of <paramref name="xyz"/> (x0 y0 z0 x1 …) to the engine.</summary>
        int UpdatePositions(int handle, double[] xyz, int length);
        /// <summary>
        /// Steps <paramref name="rounds"/> rounds and describes where the state lies in native memory (the
        /// Emscripten heap). The memory belongs to the bridge and stays valid until the next call on this handle.
        /// </summary>
        int StepAndGetState(int handle, int rounds, out WasmStateView state);
        /// <summary>One call of the facade's no-op (the in-process web floor).</summary>
        int Noop();
        /// <summary>
        /// The engine's layout of a scenario (<see cref="WasmLayoutSource.ScenarioReference"/> or
        /// <see cref="WasmLayoutSource.ScenarioRandom"/>) written into <paramref name="xyz"/> (3 × nodeCount doubles);
        /// −1 when the facade refuses (the array untouched).
        /// </summary>
        int ScenarioPositions(int scenario, int nodeCount, double seed, double meanDegree, double maxDistance, double[] xyz);
        /// <summary>The last error message.</summary>
        string LastError();
    }

    /// <summary>Where a step's state lies in native memory: values (float64 × n), neighbour offsets (int32 × (n+1), CSR) and ids (int32 × total).</summary>
    public struct WasmStateView
    {
        /// <summary>Address of the values.</summary>
        public IntPtr Values;
        /// <summary>Address of the neighbour offsets.</summary>
        public IntPtr Offsets;
        /// <summary>Address of the neighbour ids.</summary>
        public IntPtr Ids;
        /// <summary>Number of devices.</summary>
        public int Count;
        /// <summary>Number of neighbour ids.</summary>
        public int Total;
    }

    /// <summary>The bridge of the running platform: the jslib in a WebGL player, otherwise one that says it is unavailable.</summary>
    public static class WasmBridges
    {
        /// <summary>The platform's bridge.</summary>
        public static IWasmBridge Default()
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            return new JslibWasmBridge();
#else
            return new UnavailableWasmBridge();
#endif
        }
    }

    /// <summary>Stands in for the jslib where there is no browser page (Editor, desktop players, the headless host).</summary>
    public sealed class UnavailableWasmBridge : IWasmBridge
    {
        private const string Why = "the Wasm engine runs only in a WebGL player whose page sets window.collektiveWasm";
        /// <inheritdoc />
        public bool IsAvailable() { return false; }
        /// <inheritdoc />
        public int Create(int nodeCount, double maxDistance, string program) { return -1; }
        /// <inheritdoc />
        public void Destroy(int handle) { }
        /// <inheritdoc />
        public int SetSource(int handle, int node, bool isSource) { return -1; }
        /// <inheritdoc />
        public int ClearSources(int handle) { return -1; }
        /// <inheritdoc />
        public int UpdatePositions(int handle, double[] xyz, int length) { return -1; }
        /// <inheritdoc />
        public int StepAndGetState(int handle, int rounds, out WasmStateView state) { state = default(WasmStateView); return -1; }
        /// <inheritdoc />
        public int Noop() { return -1; }
        /// <inheritdoc />
        public int ScenarioPositions(int scenario, int nodeCount, double seed, double meanDegree, double maxDistance, double[] xyz) { return -1; }
        /// <inheritdoc />
        public string LastError() { return Why; }
    }
}
