using System.Diagnostics;

namespace Collektive.Frontend.Timing
{
    /// <summary>
    /// The front-end clock: <see cref="Stopwatch"/> ticks (monotonic). On Mono and Unity/Mono a tick is 100 ns;
    /// <see cref="ResolutionNs"/> measures the smallest observable step.
    /// </summary>
    public static class Clock
    {
        /// <summary>Current timestamp in Stopwatch ticks.</summary>
        public static long Now() { return Stopwatch.GetTimestamp(); }

        /// <summary>Converts a tick difference to nanoseconds (exact when the frequency divides 10^9).</summary>
        public static long ToNs(long ticks)
        {
            long f = Stopwatch.Frequency;
            if (1000000000L % f == 0) return ticks * (1000000000L / f);
            return (long)(ticks * (1e9 / f));
        }

        /// <summary>Converts nanoseconds to ticks (rounded down).</summary>
        public static long FromNs(long ns)
        {
            long f = Stopwatch.Frequency;
            if (1000000000L % f == 0) return ns / (1000000000L / f);
            return (long)(ns * (f / 1e9));
        }

        /// <summary>Smallest non-zero difference between consecutive clock reads over a short probe, in ns.</summary>
        public static long ResolutionNs()
        {
            long min = long.MaxValue;
            long a = Now();
            for (int i = 0; i < 200000; i++)
            {
                long b = Now();
                if (b > a && b - a < min) min = b - a;
                a = b;
            }
            return min == long.MaxValue ? -1 : ToNs(min);
        }
    }
}
