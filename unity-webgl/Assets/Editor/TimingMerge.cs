using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Collektive.Frontend.Timing;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Merges per-block timing series into one CSV the way <c>bench:desktop</c> does: each block's <c>t_ns</c> is
    /// shifted by the block's start relative to the configuration's start, blocks after the first lose their first
    /// <c>warmup</c> samples per id (their own warm-up), so the reference analysis (drop the first <c>warmup</c> per
    /// id) sees only measured frames; rows end up sorted by time.
    /// </summary>
    public sealed class TimingMerge
    {
        private readonly int _warmup;
        private readonly List<TimingSample> _rows = new List<TimingSample>();
        private int _blocks;

        /// <summary>Creates an empty merge.</summary>
        public TimingMerge(int warmup) { _warmup = warmup; }

        /// <summary>Number of rows kept.</summary>
        public int Count { get { return _rows.Count; } }

        /// <summary>Adds a block recorded in memory; its origin is <see cref="TimingLog.OriginTicks"/>.</summary>
        public void AddBlock(TimingLog log, long configStartTicks)
        {
            var rows = new List<TimingSample>(log.Count);
            for (int i = 0; i < log.Count; i++) rows.Add(log.Sample(i));
            Add(rows, Clock.ToNs(log.OriginTicks - configStartTicks));
        }

        /// <summary>Adds a block written as CSV by a back-end whose clock origin is <paramref name="offsetNs"/> after the configuration's start.</summary>
        public void AddBlock(string csvPath, long offsetNs)
        {
            var rows = new List<TimingSample>();
            foreach (var line in File.ReadAllLines(csvPath))
            {
                if (line.Length == 0 || line.StartsWith("t_ns", StringComparison.Ordinal)) continue;
                var f = line.Split(',');
                if (f.Length != 3) throw new FormatException(csvPath + ": bad row '" + line + "'");
                rows.Add(new TimingSample(long.Parse(f[0], CultureInfo.InvariantCulture), f[1], long.Parse(f[2], CultureInfo.InvariantCulture)));
            }
            Add(rows, offsetNs);
        }

        private void Add(List<TimingSample> block, long offsetNs)
        {
            // stable sort by time within the block
            var indexed = new List<KeyValuePair<int, TimingSample>>(block.Count);
            for (int i = 0; i < block.Count; i++) indexed.Add(new KeyValuePair<int, TimingSample>(i, block[i]));
            indexed.Sort(ByTimeThenIndex);
            var seen = new Dictionary<string, int>();
            foreach (var kv in indexed)
            {
                var r = kv.Value;
                int k;
                seen.TryGetValue(r.Id, out k);
                seen[r.Id] = ++k;
                if (_blocks > 0 && k <= _warmup) continue;
                _rows.Add(new TimingSample(r.TNs + offsetNs, r.Id, r.DurationNs));
            }
            _blocks++;
        }

        /// <summary>Writes the merged rows (header <c>t_ns,id,duration_ns</c>), sorted by time.</summary>
        public void Write(string path) { Write(path, this); }

        /// <summary>Writes the rows of several merges (e.g. the native and the socket floors) into one file, sorted by time.</summary>
        public static void Write(string path, params TimingMerge[] merges)
        {
            var rows = new List<KeyValuePair<int, TimingSample>>();
            foreach (var m in merges)
                foreach (var r in m._rows) rows.Add(new KeyValuePair<int, TimingSample>(rows.Count, r));
            rows.Sort(ByTimeThenIndex);
            using (var w = new StreamWriter(path, false, new UTF8Encoding(false)))
            {
                CsvTimingWriter.WriteHeader(w);
                foreach (var kv in rows) CsvTimingWriter.WriteRow(w, kv.Value);
            }
        }

        // Orders by time, then by original position: List.Sort is unstable, the index makes it stable.
        private static int ByTimeThenIndex(KeyValuePair<int, TimingSample> a, KeyValuePair<int, TimingSample> b)
        {
            int c = a.Value.TNs.CompareTo(b.Value.TNs);
            return c != 0 ? c : a.Key.CompareTo(b.Key);
        }
    }
}
