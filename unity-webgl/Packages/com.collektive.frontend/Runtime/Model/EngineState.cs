using System;

namespace Collektive.Frontend.Model
{
    /// <summary>
    /// The state of one round as the back-end reports it: per device its value and its neighbour ids. Stored flat
    /// (values array, neighbour offsets and ids in CSR form) and reused across frames so parsing does not allocate
    /// per frame once the arrays have grown to size.
    /// </summary>
    public sealed class EngineState
    {
        private double[] _values = new double[0];
        private int[] _offsets = new int[1];
        private int[] _ids = new int[0];
        private int _count;
        private int _idCount;

        /// <summary>Number of devices.</summary>
        public int Count { get { return _count; } }

        /// <summary>Total number of directed neighbour entries.</summary>
        public int NeighborEntryCount { get { return _idCount; } }

        /// <summary>Value of device <paramref name="i"/> (+infinity when unreachable).</summary>
        public double Value(int i) { Check(i); return _values[i]; }

        /// <summary>Number of neighbours of device <paramref name="i"/>.</summary>
        public int NeighborCount(int i) { Check(i); return _offsets[i + 1] - _offsets[i]; }

        /// <summary>The <paramref name="k"/>-th neighbour id of device <paramref name="i"/>.</summary>
        public int Neighbor(int i, int k)
        {
            Check(i);
            int start = _offsets[i];
            if (k < 0 || k >= _offsets[i + 1] - start) throw new ArgumentOutOfRangeException("k", k, "neighbour index out of range");
            return _ids[start + k];
        }

        /// <summary>Copy of the neighbour ids of device <paramref name="i"/>.</summary>
        public int[] Neighbors(int i)
        {
            Check(i);
            var r = new int[_offsets[i + 1] - _offsets[i]];
            Array.Copy(_ids, _offsets[i], r, 0, r.Length);
            return r;
        }

        // ---- builder API used by the parsers: Begin(n), then per device in id order Add*(...), then End() ----

        private int _building = -1;

        /// <summary>Starts filling the state for <paramref name="count"/> devices (discards the previous content).</summary>
        public void Begin(int count)
        {
            if (count < 0) throw new ArgumentOutOfRangeException("count", count, "device count must be >= 0");
            if (_values.Length < count) _values = new double[count];
            if (_offsets.Length < count + 1) _offsets = new int[count + 1];
            _count = count;
            _idCount = 0;
            _offsets[0] = 0;
            _building = 0;
        }

        /// <summary>Sets the value of the device being filled (devices are filled in id order).</summary>
        public void SetValue(double value)
        {
            if (_building < 0 || _building >= _count) throw new InvalidOperationException("SetValue outside Begin/End or too many devices");
            _values[_building] = value;
        }

        /// <summary>Appends a neighbour id to the device being filled.</summary>
        public void AddNeighbor(int id)
        {
            if (_building < 0 || _building >= _count) throw new InvalidOperationException("AddNeighbor outside Begin/End or too many devices");
            if (_idCount == _ids.Length) Array.Resize(ref _ids, Math.Max(16, _ids.Length * 2));
            _ids[_idCount++] = id;
        }

        /// <summary>Ensures room for <paramref name="extra"/> more neighbour ids (optional, avoids regrowth).</summary>
        public void ReserveNeighbors(int extra)
        {
            if (_idCount + extra > _ids.Length) Array.Resize(ref _ids, Math.Max(_idCount + extra, _ids.Length * 2));
        }

        /// <summary>Closes the device being filled and moves to the next one.</summary>
        public void EndDevice()
        {
            if (_building < 0 || _building >= _count) throw new InvalidOperationException("EndDevice outside Begin/End or too many devices");
            _building++;
            _offsets[_building] = _idCount;
        }

        /// <summary>Finishes filling; throws when fewer devices than announced were filled.</summary>
        public void End()
        {
            if (_building != _count)
                throw new FormatException("state announced " + _count + " devices but " + Math.Max(0, _building) + " were filled");
            _building = -1;
        }

        /// <summary>Builds a state from arrays (tests, test double).</summary>
        public static EngineState Of(double[] values, int[][] neighbors)
        {
            if (values.Length != neighbors.Length) throw new ArgumentException("values and neighbors differ in length");
            var s = new EngineState();
            s.CopyFrom(values, neighbors);
            return s;
        }

        /// <summary>Replaces the content with the given arrays.</summary>
        public void CopyFrom(double[] values, int[][] neighbors)
        {
            Begin(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                SetValue(values[i]);
                foreach (var n in neighbors[i]) AddNeighbor(n);
                EndDevice();
            }
            End();
        }

        // ---- raw access for the parsers of this assembly (no per-element calls on the hot path) ----

        /// <summary>
        /// Sizes the arrays for <paramref name="count"/> devices and <paramref name="idCount"/> neighbour ids and
        /// returns them; the caller fills values[0..count), offsets[0..count] (offsets[0] = 0, ascending,
        /// offsets[count] = idCount) and ids[0..idCount), then calls <see cref="CommitRaw"/>.
        /// </summary>
        internal void BeginRaw(int count, int idCount, out double[] values, out int[] offsets, out int[] ids)
        {
            if (count < 0 || idCount < 0) throw new ArgumentOutOfRangeException("count", "negative size");
            if (_values.Length < count) _values = new double[count];
            if (_offsets.Length < count + 1) _offsets = new int[count + 1];
            if (_ids.Length < idCount) _ids = new int[Math.Max(idCount, _ids.Length * 2)];
            _offsets[0] = 0;
            _building = -1;
            values = _values; offsets = _offsets; ids = _ids;
        }

        /// <summary>Publishes what <see cref="BeginRaw"/>'s caller filled.</summary>
        internal void CommitRaw(int count, int idCount)
        {
            _count = count;
            _idCount = idCount;
        }

        /// <summary>True when both states have the same devices and identical neighbour lists (values ignored).</summary>
        public bool SameNeighborsAs(EngineState other)
        {
            if (other == null || other._count != _count || other._idCount != _idCount) return false;
            for (int i = 1; i <= _count; i++) if (_offsets[i] != other._offsets[i]) return false;
            for (int i = 0; i < _idCount; i++) if (_ids[i] != other._ids[i]) return false;
            return true;
        }

        /// <summary>Copies <paramref name="other"/> into this state (reusing arrays).</summary>
        public void CopyFrom(EngineState other)
        {
            double[] v; int[] o; int[] ids;
            BeginRaw(other._count, other._idCount, out v, out o, out ids);
            Array.Copy(other._values, v, other._count);
            Array.Copy(other._offsets, o, other._count + 1);
            Array.Copy(other._ids, ids, other._idCount);
            CommitRaw(other._count, other._idCount);
        }

        private void Check(int i)
        {
            if (i < 0 || i >= _count) throw new ArgumentOutOfRangeException("i", i, "device id out of range 0.." + (_count - 1));
        }
    }
}
