using System;
using System.Globalization;
using System.IO;

namespace Collektive.Frontend.Timing
{
    /// <summary>
    /// The long-format timing CSV of every path: header <c>t_ns,id,duration_ns</c>, integers in ns, one row per
    /// sample, "\n" line ends, invariant culture. Ids must be non-empty and free of commas, quotes and line breaks.
    /// </summary>
    public static class CsvTimingWriter
    {
        /// <summary>The header line.</summary>
        public const string Header = "t_ns,id,duration_ns";

        /// <summary>Writes the header.</summary>
        public static void WriteHeader(TextWriter w) { w.Write(Header); w.Write('\n'); }

        /// <summary>Writes one row; throws on a negative duration or an invalid id.</summary>
        public static void WriteRow(TextWriter w, TimingSample s)
        {
            CheckId(s.Id);
            if (s.DurationNs < 0) throw new ArgumentOutOfRangeException("s", s.DurationNs, "duration_ns must be >= 0 (id " + s.Id + ")");
            w.Write(s.TNs.ToString(CultureInfo.InvariantCulture));
            w.Write(',');
            w.Write(s.Id);
            w.Write(',');
            w.Write(s.DurationNs.ToString(CultureInfo.InvariantCulture));
            w.Write('\n');
        }

        /// <summary>Throws when <paramref name="id"/> cannot be written unquoted.</summary>
        public static void CheckId(string id)
        {
            if (string.IsNullOrEmpty(id) || id.IndexOfAny(new[] { ',', '"', '\n', '\r' }) >= 0)
                throw new ArgumentException("invalid timing id '" + id + "': must be non-empty without commas, quotes or line breaks");
        }
    }
}
