using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Collektive.Frontend.WebGL.Tests
{
    /// <summary>
    /// Plays CollektiveWasm.jslib off the browser: keeps the state to report in unmanaged buffers (as the jslib keeps
    /// it on the Emscripten heap), so <see cref="WasmEngine"/>'s Marshal.Copy path runs for real.
    /// </summary>
    internal sealed class FakeWasmBridge : IWasmBridge, IDisposable
    {
        public readonly List<string> Calls = new List<string>();
        public double[] LastPositions;
        public double[] Values = new double[0];
        public int[][] Neighbors = new int[0][];
        public string Error;
        public int ReportedCount = -1;
        private IntPtr _values, _offsets, _ids;
        private int _next = 1;

        public bool IsAvailable() { return true; }
        public int Create(int nodeCount, double maxDistance, string program)
        {
            Calls.Add("create " + nodeCount + " " + maxDistance + (program == null ? "" : " " + program));
            return Error != null ? -1 : _next++;
        }
        public void Destroy(int handle) { Calls.Add("destroy " + handle); }
        public int SetSource(int handle, int node, bool isSource) { Calls.Add("setSource " + handle + " " + node + " " + isSource); return Error != null ? -1 : 0; }
        public int ClearSources(int handle) { Calls.Add("clearSources " + handle); return 0; }

        public int UpdatePositions(int handle, double[] xyz, int length)
        {
            Calls.Add("updatePositions " + handle + " " + length);
            LastPositions = new double[length];
            Array.Copy(xyz, LastPositions, length);
            return Error != null ? -1 : 0;
        }

        public int StepAndGetState(int handle, int rounds, out WasmStateView state)
        {
            Calls.Add("stepAndGetState " + handle + " " + rounds);
            state = default(WasmStateView);
            if (Error != null) return -1;
            Free();
            int n = Values.Length;
            var offsets = new int[n + 1];
            var ids = new List<int>();
            for (int i = 0; i < n; i++) { ids.AddRange(Neighbors[i]); offsets[i + 1] = ids.Count; }
            _values = Marshal.AllocHGlobal(8 * Math.Max(1, n));
            _offsets = Marshal.AllocHGlobal(4 * (n + 1));
            _ids = Marshal.AllocHGlobal(4 * Math.Max(1, ids.Count));
            if (n > 0) Marshal.Copy(Values, 0, _values, n);
            Marshal.Copy(offsets, 0, _offsets, n + 1);
            if (ids.Count > 0) Marshal.Copy(ids.ToArray(), 0, _ids, ids.Count);
            state = new WasmStateView { Values = _values, Offsets = _offsets, Ids = _ids, Count = ReportedCount >= 0 ? ReportedCount : n, Total = ids.Count };
            return 0;
        }

        public int Noop() { Calls.Add("noop"); return 0; }

        /// <summary>What <see cref="ScenarioPositions"/> writes: the first 3 × nodeCount values (a stand-in: the jslib's real layouts are suite unity-jslib's).</summary>
        public double[] Layout = new double[0];
        public int ScenarioPositions(int scenario, int nodeCount, double seed, double meanDegree, double maxDistance, double[] xyz)
        {
            Calls.Add(string.Format(System.Globalization.CultureInfo.InvariantCulture, "scenarioPositions {0} {1} {2:R} {3:R} {4:R} {5}", scenario, nodeCount, seed, meanDegree, maxDistance, xyz.Length));
            if (Error != null) return -1;
            Array.Copy(Layout, xyz, Math.Min(Layout.Length, xyz.Length));
            return 0;
        }
        public string LastError() { return Error ?? "none"; }

        private void Free()
        {
            if (_values != IntPtr.Zero) Marshal.FreeHGlobal(_values);
            if (_offsets != IntPtr.Zero) Marshal.FreeHGlobal(_offsets);
            if (_ids != IntPtr.Zero) Marshal.FreeHGlobal(_ids);
            _values = _offsets = _ids = IntPtr.Zero;
        }

        public void Dispose() { Free(); }
    }
}
