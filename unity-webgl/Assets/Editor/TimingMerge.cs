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
        private struct Row { public long T; public string Id; public long D; }

        private readonly int _warmup;
        private readonly List<Row> _rows = new List<Row>();
        private int _blocks;

        /// <summary>Creates an empty merge.</summary>
        public TimingMerge(int warmup) { _warmup = warmup; }

        /// <summary>Number of rows kept.</summary>
        public int Count { get { return _rows.Count; } }

        /// <summary>Adds a block recorded in memory; its origin is <see cref="TimingLog.OriginTicks"/>.</summary>
        public void AddBlock(TimingLog log, long configStartTicks)
        {
            var rows = new List<Row>(log.Count);
            for (int i = 0; i < log.Count; i++)
            {
                var s = log.Sample(i);
                rows.Add(new Row { T = s.TNs, Id = s.Id, D = s.DurationNs });
            }
            Add(rows, Clock.ToNs(log.OriginTicks - configStartTicks));
        }

        /// <summary>Adds a block written as CSV by a back-end whose clock origin is <paramref name="offsetNs"/> after the configuration's start.</summary>
        public void AddBlock(string csvPath, long offsetNs)
        {
            var rows = new List<Row>();
            foreach (var line in File.ReadAllLines(csvPath))
            {
                if (line.Length == 0 || line.StartsWith("t_ns", StringComparison.Ordinal)) continue;
                var f = line.Split(',');
                if (f.Length != 3) throw new FormatException(csvPath + ": bad row '" + line + "'");
                rows.Add(new Row { T = long.Parse(f[0], CultureInfo.InvariantCulture), Id = f[1], D = long.Parse(f[2], CultureInfo.InvariantCulture) });
            }
            Add(rows, offsetNs);
        }

        private void Add(List<Row> block, long offsetNs)
        {
            // stable sort by time within the block
            var indexed = new List<KeyValuePair<int, Row>>(block.Count);
            for (int i = 0; i < block.Count; i++) indexed.Add(new KeyValuePair<int, Row>(i, block[i]));
            indexed.Sort(delegate (KeyValuePair<int, Row> a, KeyValuePair<int, Row> b)
            {
                int c = a.Value.T.CompareTo(b.Value.T);
                return c != 0 ? c : a.Key.CompareTo(b.Key);
            });
            var seen = new Dictionary<string, int>();
            foreach (var kv in indexed)
            {
                var r = kv.Value;
                int k;
                seen.TryGetValue(r.Id, out k);
                seen[r.Id] = ++k;
                if (_blocks > 0 && k <= _warmup) continue;
                _rows.Add(new Row { T = r.T + offsetNs, Id = r.Id, D = r.D });
            }
            _blocks++;
        }

        /// <summary>Writes the merged rows (header <c>t_ns,id,duration_ns</c>), sorted by time.</summary>
        public void Write(string path) { Write(path, this); }

        /// <summary>Writes the rows of several merges (e.g. the native and the socket floors) into one file, sorted by time.</summary>
        public static void Write(string path, params TimingMerge[] merges)
        {
            var rows = new List<KeyValuePair<int, Row>>();
            foreach (var m in merges)
                foreach (var r in m._rows) rows.Add(new KeyValuePair<int, Row>(rows.Count, r));
            rows.Sort(delegate (KeyValuePair<int, Row> a, KeyValuePair<int, Row> b)
            {
                int c = a.Value.T.CompareTo(b.Value.T);
                return c != 0 ? c : a.Key.CompareTo(b.Key);
            });
            var sb = new StringBuilder(CsvTimingWriter.Header).Append('\n');
            foreach (var kv in rows)
                sb.Append(kv.Value.T.ToString(CultureInfo.InvariantCulture)).Append(',').Append(kv.Value.Id).Append(',')
                  .Append(kv.Value.D.ToString(CultureInfo.InvariantCulture)).Append('\n');
            File.WriteAllText(path, sb.ToString());
        }
    }
}
