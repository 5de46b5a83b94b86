using System;
using System.Collections.Generic;
using System.IO;

namespace Collektive.Frontend.Timing
{
    /// <summary>
    /// In-memory timing samples (start tick, duration, id), written as CSV at the end so the hot path does no I/O.
    /// <c>t_ns</c> is the sample's start relative to the log's creation (docs/measurements.md). Single-threaded:
    /// record from the frame loop's thread only.
    /// </summary>
    public sealed class TimingLog
    {
        private readonly long _t0;
        private readonly List<string> _ids = new List<string>();
        private long[] _start;
        private long[] _duration;
        private byte[] _id;
        private bool[] _inNs;
        private int _count;

        /// <summary>Creates an empty log whose time origin is now.</summary>
        public TimingLog(int capacity = 4096)
        {
            _t0 = Clock.Now();
            _start = new long[Math.Max(16, capacity)];
            _duration = new long[_start.Length];
            _id = new byte[_start.Length];
            _inNs = new bool[_start.Length];
        }

        /// <summary>The log's time origin in Stopwatch ticks.</summary>
        public long OriginTicks { get { return _t0; } }
        /// <summary>Number of samples.</summary>
        public int Count { get { return _count; } }

        /// <summary>Records a sample from <paramref name="startTicks"/> to <paramref name="endTicks"/>.</summary>
        /// <exception cref="ArgumentException">when the end precedes the start (a measurement bug).</exception>
        public void Record(string id, long startTicks, long endTicks)
        {
            if (endTicks < startTicks)
                throw new ArgumentException("timing " + id + " ends " + Clock.ToNs(startTicks - endTicks) + " ns before it starts");
            Add(id, startTicks, endTicks - startTicks, false);
        }

        /// <summary>Records a sample whose duration is given in nanoseconds (e.g. a per-call average).</summary>
        public void RecordNs(string id, long startTicks, long durationNs)
        {
            if (durationNs < 0) throw new ArgumentOutOfRangeException("durationNs", durationNs, "must be >= 0");
            Add(id, startTicks, durationNs, true);
        }

        private void Add(string id, long startTicks, long duration, bool inNs)
        {
            if (_count == _start.Length)
            {
                Array.Resize(ref _start, _count * 2);
                Array.Resize(ref _duration, _count * 2);
                Array.Resize(ref _id, _count * 2);
                Array.Resize(ref _inNs, _count * 2);
            }
            _start[_count] = startTicks;
            _duration[_count] = duration;
            _id[_count] = IdIndex(id);
            _inNs[_count] = inNs;
            _count++;
        }

        /// <summary>Sample <paramref name="i"/> as (t_ns, id, duration_ns).</summary>
        public TimingSample Sample(int i)
        {
            if (i < 0 || i >= _count) throw new ArgumentOutOfRangeException("i");
            long durNs = _inNs[i] ? _duration[i] : Clock.ToNs(_duration[i]);
            return new TimingSample(Clock.ToNs(_start[i] - _t0), _ids[_id[i]], durNs);
        }

        /// <summary>Writes all samples (header <c>t_ns,id,duration_ns</c>) in recording order.</summary>
        public void WriteCsv(TextWriter w)
        {
            CsvTimingWriter.WriteHeader(w);
            for (int i = 0; i < _count; i++) CsvTimingWriter.WriteRow(w, Sample(i));
        }

        /// <summary>Writes all samples to a file (overwrites); a failed write throws an <see cref="IOException"/> naming the file.</summary>
        public void WriteCsv(string path)
        {
            try
            {
                using (var w = new StreamWriter(path, false, new System.Text.UTF8Encoding(false)))
                    WriteCsv(w);
            }
            catch (Exception e)
            {
                // Mono reports a write past a file-size limit as an ArgumentException from the writer's disposal;
                // either way the file is incomplete, and the message must say which file (docs/testing.md, "Faults").
                if (!(e is IOException) && !(e is ArgumentException) && !(e is UnauthorizedAccessException)) throw;
                throw new IOException("cannot write the timing CSV " + path + " completely (" + e.Message + ")", e);
            }
        }

        /// <summary>Removes every sample (keeps the origin).</summary>
        public void Clear() { _count = 0; }

        private byte IdIndex(string id)
        {
            for (int i = 0; i < _ids.Count; i++) if (ReferenceEquals(_ids[i], id) || _ids[i] == id) return (byte)i;
            if (_ids.Count == 255) throw new InvalidOperationException("too many distinct timing ids");
            CsvTimingWriter.CheckId(id);
            _ids.Add(id);
            return (byte)(_ids.Count - 1);
        }
    }

    /// <summary>One timing sample: start relative to the log origin, id, duration; times in nanoseconds.</summary>
    public struct TimingSample
    {
        /// <summary>Start, ns since the log's origin.</summary>
        public readonly long TNs;
        /// <summary>Timing id.</summary>
        public readonly string Id;
        /// <summary>Duration in ns (>= 0).</summary>
        public readonly long DurationNs;

        /// <summary>Creates a sample.</summary>
        public TimingSample(long tNs, string id, long durationNs) { TNs = tNs; Id = id; DurationNs = durationNs; }
    }
}
