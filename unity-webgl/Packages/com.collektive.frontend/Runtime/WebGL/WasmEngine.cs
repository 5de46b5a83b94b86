using System;
using System.Runtime.InteropServices;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// In-process web engine for the Unity WebGL player: the page's Kotlin/Wasm engine facade, reached through
    /// CollektiveWasm.jslib. Per frame: all positions in one call (the C# <c>double[]</c> is read by the jslib as a
    /// <c>Float64Array</c> view of the Emscripten heap), then one step call that leaves values and neighbour lists in
    /// heap buffers (HEAPF64 / HEAP32), copied out with <see cref="Marshal.Copy(IntPtr, double[], int, int)"/> —
    /// logged as <c>step.web.wasm.call</c> — and turned into the scene state on pickup (<c>step.web.wasm.parse</c>).
    /// No JSON on this path. Positions always travel batched, whatever <see cref="Encoding"/> says.
    /// </summary>
    public sealed class WasmEngine : IEngine
    {
        private readonly IWasmBridge _bridge;
        private readonly TimingLog _log;
        private readonly WireEncoding _encoding;
        private int _handle = -1;
        private int _nodeCount;
        private double[] _xyz = new double[0];
        private double[] _values = new double[0];
        private int[] _offsets = new int[1];
        private int[] _ids = new int[0];
        private int _count;
        private long _arrival;
        private int _pending;

        /// <summary>Creates the engine over the platform's bridge (the jslib in a WebGL player).</summary>
        public WasmEngine(WireEncoding encoding, TimingLog log) : this(WasmBridges.Default(), encoding, log) { }

        /// <summary>Creates the engine over a given bridge (tests).</summary>
        public WasmEngine(IWasmBridge bridge, WireEncoding encoding, TimingLog log)
        {
            if (bridge == null) throw new ArgumentNullException("bridge");
            _bridge = bridge;
            _encoding = encoding;
            _log = log;
        }

        /// <inheritdoc />
        public string Transport { get { return "wasm"; } }
        /// <inheritdoc />
        public bool Synchronous { get { return true; } }
        /// <inheritdoc />
        public WireEncoding Encoding { get { return _encoding; } }
        /// <inheritdoc />
        public int Pending { get { return _pending; } }
        /// <summary>True when the page provides the facade (<c>window.collektiveWasm</c>).</summary>
        public bool IsAvailable { get { return _bridge.IsAvailable(); } }
        /// <inheritdoc />
        public string ProgramSpec { get; set; }

        /// <inheritdoc />
        public void Create(int nodeCount, double maxDistance)
        {
            if (nodeCount <= 0) throw new ArgumentOutOfRangeException("nodeCount", nodeCount, "must be > 0");
            DestroyHandle();
            string program = ProgramSpecs.IsReference(ProgramSpec) ? null : ProgramSpec;
            int h = _bridge.Create(nodeCount, maxDistance, program);
            if (h < 0) throw new EngineException("wasm create(" + nodeCount + ", " + maxDistance + (program == null ? "" : ", \"" + program + "\"") + ") failed: " + _bridge.LastError());
            _handle = h;
            _nodeCount = nodeCount;
            _xyz = new double[3 * nodeCount];
            _pending = 0;
        }

        /// <inheritdoc />
        public void SetSource(int node, bool isSource)
        {
            RequireHandle();
            if (_bridge.SetSource(_handle, node, isSource) != 0) throw new EngineException("wasm setSource(" + node + ") failed: " + _bridge.LastError());
        }

        /// <inheritdoc />
        public void SubmitPositions(Vec3[] positions)
        {
            RequireHandle();
            if (positions.Length != _nodeCount) throw new ArgumentException("expected " + _nodeCount + " positions, got " + positions.Length);
            for (int i = 0, j = 0; i < positions.Length; i++, j += 3)
            {
                _xyz[j] = positions[i].X; _xyz[j + 1] = positions[i].Y; _xyz[j + 2] = positions[i].Z;
            }
            if (_bridge.UpdatePositions(_handle, _xyz, _xyz.Length) != 0) throw new EngineException("wasm updatePositions failed: " + _bridge.LastError());
        }

        /// <inheritdoc />
        public void RequestStep(int rounds)
        {
            RequireHandle();
            long t0 = Clock.Now();
            WasmStateView view;
            if (_bridge.StepAndGetState(_handle, rounds, out view) != 0) throw new EngineException("wasm step failed: " + _bridge.LastError());
            int n = view.Count;
            int total = view.Total;
            if (n != _nodeCount || total < 0) throw new EngineException("wasm state header reports " + n + " devices and " + total + " neighbour ids, expected " + _nodeCount + " devices");
            if (_values.Length < n) _values = new double[n];
            if (_offsets.Length < n + 1) _offsets = new int[n + 1];
            if (_ids.Length < total) _ids = new int[Math.Max(total, 2 * _ids.Length)];
            Marshal.Copy(view.Values, _values, 0, n);
            Marshal.Copy(view.Offsets, _offsets, 0, n + 1);
            if (total > 0) Marshal.Copy(view.Ids, _ids, 0, total);
            long t1 = Clock.Now();
            _count = n;
            _arrival = t1;
            _pending = 1;
            if (_log != null) _log.Record(WebTimingIds.WasmCall, t0, t1);
        }

        /// <inheritdoc />
        public bool WaitForState(int timeoutMs) { return _pending > 0; }

        /// <inheritdoc />
        public bool TryReceiveState(EngineState into, out long arrivalTicks)
        {
            arrivalTicks = _arrival;
            if (_pending == 0) return false;
            long t0 = Clock.Now();
            int total = _offsets[_count];
            if (_offsets[0] != 0 || total < 0 || total > _ids.Length) throw new EngineException("wasm state: bad neighbour offsets");
            into.Begin(_count);
            into.ReserveNeighbors(total);
            for (int i = 0; i < _count; i++)
            {
                into.SetValue(_values[i]);
                int end = _offsets[i + 1];
                if (end < _offsets[i] || end > total) throw new EngineException("wasm state: neighbour offsets not ascending at device " + i);
                for (int k = _offsets[i]; k < end; k++) into.AddNeighbor(_ids[k]);
                into.EndDevice();
            }
            into.End();
            long t1 = Clock.Now();
            _pending = 0;
            if (_log != null) _log.Record(WebTimingIds.WasmParse, t0, t1);
            return true;
        }

        /// <summary>One C# → JS → Wasm call of the facade's no-op (the <c>floor.web.wasm.noop</c> floor).</summary>
        public void Noop()
        {
            if (_bridge.Noop() != 0) throw new EngineException("wasm noop failed: " + _bridge.LastError());
        }

        /// <inheritdoc />
        public void Dispose() { DestroyHandle(); }

        private void DestroyHandle()
        {
            if (_handle >= 0) { _bridge.Destroy(_handle); _handle = -1; }
        }

        private void RequireHandle()
        {
            if (_handle < 0) throw new InvalidOperationException("call Create first");
        }
    }
}
