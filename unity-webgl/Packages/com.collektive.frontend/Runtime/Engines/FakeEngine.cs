using System;
using System.Collections.Generic;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Test double: a small in-memory Euclidean gradient (unit-disk neighbourhoods recomputed each round, devices
    /// evaluated in reverse id order in place, a device sees the last value each neighbour produced). Records the
    /// calls it receives. With <see cref="DelayPolls"/> &gt; 0 a state becomes available only after that many
    /// unsuccessful <see cref="TryReceiveState"/> calls, imitating an asynchronous back-end.
    /// </summary>
    public sealed class FakeEngine : IEngine
    {
        private int _n;
        private double _maxDistance;
        private bool[] _source = new bool[0];
        private Vec3[] _pos = new Vec3[0];
        private double[] _value = new double[0];
        private bool[] _produced = new bool[0];
        private int[][] _neighbors = new int[0][];
        private readonly Queue<long> _ready = new Queue<long>();
        private int _pollsLeft;

        /// <summary>Calls received, e.g. "create 10 3", "source 0 True", "positions 10", "step 1".</summary>
        public readonly List<string> Calls = new List<string>();

        /// <summary>Unsuccessful polls before a requested state becomes available (0 = at once).</summary>
        public int DelayPolls { get; set; }

        /// <inheritdoc />
        public string Transport { get { return "fake"; } }
        /// <inheritdoc />
        public bool Synchronous { get { return !Asynchronous && DelayPolls == 0; } }

        /// <summary>Reports the engine as asynchronous even when its states are ready at once (a very fast socket).</summary>
        public bool Asynchronous { get; set; }
        /// <inheritdoc />
        public WireEncoding Encoding { get { return WireEncoding.Json; } }
        /// <inheritdoc />
        public string ProgramSpec { get; set; }
        /// <inheritdoc />
        public int Pending { get { return _ready.Count; } }

        /// <inheritdoc />
        public void Create(int nodeCount, double maxDistance)
        {
            if (nodeCount < 0) throw new EngineException("nodeCount must be >= 0, got " + nodeCount);
            Calls.Add("create " + nodeCount + " " + maxDistance);
            _n = nodeCount;
            _maxDistance = maxDistance;
            _source = new bool[nodeCount];
            _pos = new Vec3[nodeCount];
            _value = new double[nodeCount];
            _produced = new bool[nodeCount];
            _neighbors = new int[nodeCount][];
            for (int i = 0; i < nodeCount; i++) { _value[i] = double.PositiveInfinity; _neighbors[i] = new int[0]; }
        }

        /// <inheritdoc />
        public void SetSource(int node, bool isSource)
        {
            Check(node);
            Calls.Add("source " + node + " " + isSource);
            _source[node] = isSource;
        }

        /// <inheritdoc />
        public void SubmitPositions(Vec3[] positions)
        {
            if (positions.Length != _n) throw new EngineException("expected " + _n + " positions, got " + positions.Length);
            Calls.Add("positions " + positions.Length);
            Array.Copy(positions, _pos, _n);
        }

        /// <inheritdoc />
        public void RequestStep(int rounds)
        {
            Calls.Add("step " + rounds);
            for (int r = 0; r < rounds; r++) Round();
            _ready.Enqueue(Clock.Now());
            if (_ready.Count == 1) _pollsLeft = DelayPolls;
        }

        /// <inheritdoc />
        public bool WaitForState(int timeoutMs) { _pollsLeft = 0; return _ready.Count > 0; }

        /// <inheritdoc />
        public bool TryReceiveState(EngineState into, out long arrivalTicks)
        {
            arrivalTicks = 0;
            if (_ready.Count == 0) return false;
            if (_pollsLeft > 0) { _pollsLeft--; return false; }
            arrivalTicks = _ready.Dequeue();
            _pollsLeft = DelayPolls;
            into.CopyFrom(_value, _neighbors);
            return true;
        }

        /// <inheritdoc />
        public void Dispose() { Calls.Add("dispose"); }

        private void Round()
        {
            for (int i = 0; i < _n; i++)
            {
                var list = new List<int>();
                for (int j = 0; j < _n; j++)
                    if (j != i && Vec3.Distance(_pos[i], _pos[j]) <= _maxDistance) list.Add(j);
                _neighbors[i] = list.ToArray();
            }
            for (int i = _n - 1; i >= 0; i--)
            {
                double best = double.PositiveInfinity;
                if (_source[i]) best = 0.0;
                else
                    foreach (var j in _neighbors[i])
                        if (_produced[j]) best = Math.Min(best, _value[j] + Vec3.Distance(_pos[i], _pos[j]));
                _value[i] = best;
                _produced[i] = true;
            }
        }

        private void Check(int node)
        {
            if (node < 0 || node >= _n) throw new EngineException("node id " + node + " out of range 0.." + (_n - 1));
        }
    }
}
