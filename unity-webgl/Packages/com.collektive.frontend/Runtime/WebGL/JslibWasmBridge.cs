#if UNITY_WEBGL && !UNITY_EDITOR
using System;
using System.Runtime.InteropServices;

namespace Collektive.Frontend.WebGL
{
    /// <summary>The <see cref="IWasmBridge"/> of a WebGL player: the exports of CollektiveWasm.jslib.</summary>
    public sealed class JslibWasmBridge : IWasmBridge
    {
        [DllImport("__Internal")] private static extern int CollektiveWasm_IsAvailable();
        [DllImport("__Internal")] private static extern int CollektiveWasm_Create(int nodeCount, double maxDistance, string program);
        [DllImport("__Internal")] private static extern void CollektiveWasm_Destroy(int handle);
        [DllImport("__Internal")] private static extern int CollektiveWasm_SetSource(int handle, int node, int isSource);
        [DllImport("__Internal")] private static extern int CollektiveWasm_ClearSources(int handle);
        [DllImport("__Internal")] private static extern int CollektiveWasm_UpdatePositions(int handle, double[] xyz, int length);
        [DllImport("__Internal")] private static extern int CollektiveWasm_StepAndGetState(int handle, int rounds, int[] header);
        [DllImport("__Internal")] private static extern int CollektiveWasm_Noop();
        [DllImport("__Internal")] private static extern int CollektiveWasm_ScenarioPositions(int scenario, int nodeCount, double seed, double meanDegree, double maxDistance, [Out] double[] xyz, int capacity);
        [DllImport("__Internal")] private static extern string CollektiveWasm_LastError();

        private readonly int[] _header = new int[5];

        /// <inheritdoc />
        public bool IsAvailable() { return CollektiveWasm_IsAvailable() != 0; }
        /// <inheritdoc />
        public int Create(int nodeCount, double maxDistance, string program) { return CollektiveWasm_Create(nodeCount, maxDistance, program); }
        /// <inheritdoc />
        public void Destroy(int handle) { CollektiveWasm_Destroy(handle); }
        /// <inheritdoc />
        public int SetSource(int handle, int node, bool isSource) { return CollektiveWasm_SetSource(handle, node, isSource ? 1 : 0); }
        /// <inheritdoc />
        public int ClearSources(int handle) { return CollektiveWasm_ClearSources(handle); }
        /// <inheritdoc />
        public int UpdatePositions(int handle, double[] xyz, int length) { return CollektiveWasm_UpdatePositions(handle, xyz, length); }
        /// <inheritdoc />
        public int StepAndGetState(int handle, int rounds, out WasmStateView state)
        {
            // The jslib writes { valuesPtr, offsetsPtr, idsPtr, n, total } into the pinned array (wasm32 pointers).
            int rc = CollektiveWasm_StepAndGetState(handle, rounds, _header);
            state = new WasmStateView
            {
                Values = new IntPtr(_header[0]), Offsets = new IntPtr(_header[1]), Ids = new IntPtr(_header[2]),
                Count = _header[3], Total = _header[4],
            };
            return rc;
        }
        /// <inheritdoc />
        public int Noop() { return CollektiveWasm_Noop(); }
        /// <inheritdoc />
        public int ScenarioPositions(int scenario, int nodeCount, double seed, double meanDegree, double maxDistance, double[] xyz)
        {
            return CollektiveWasm_ScenarioPositions(scenario, nodeCount, seed, meanDegree, maxDistance, xyz, xyz.Length);
        }
        /// <inheritdoc />
        public string LastError() { return CollektiveWasm_LastError(); }
    }
}
#endif
