using System;
using System.IO;
using Collektive.Frontend.Timing;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class TimingTests
    {
        [Test]
        public void CsvHasTheReferenceHeaderAndIntegerNanosecondRows()
        {
            var log = new TimingLog();
            long t0 = log.OriginTicks;
            log.Record(TimingIds.NativeCall, t0 + Clock.FromNs(1000), t0 + Clock.FromNs(3500));
            log.RecordNs(TimingIds.FloorNativeNoop, t0 + Clock.FromNs(5000), 42);
            var w = new StringWriter();
            log.WriteCsv(w);
            var lines = w.ToString().Split('\n');
            Assert.AreEqual("t_ns,id,duration_ns", lines[0]);
            Assert.AreEqual(4, lines.Length, "two rows and a final newline");
            Assert.AreEqual("", lines[3]);
            var row = lines[1].Split(',');
            Assert.AreEqual(Clock.ToNs(Clock.FromNs(1000)).ToString(), row[0]);
            Assert.AreEqual("step.native.call", row[1]);
            Assert.AreEqual(Clock.ToNs(Clock.FromNs(3500) - Clock.FromNs(1000)).ToString(), row[2]);
            StringAssert.EndsWith(",floor.native.noop,42", lines[2]);
        }

        [Test]
        public void InvalidIdsAndNegativeDurationsAreRejected()
        {
            var log = new TimingLog();
            Assert.Throws<ArgumentException>(delegate { log.Record("a,b", 0, 1); });
            Assert.Throws<ArgumentException>(delegate { log.Record("", 0, 1); });
            Assert.Throws<ArgumentOutOfRangeException>(delegate { CsvTimingWriter.WriteRow(new StringWriter(), new TimingSample(0, "x", -1)); });
            var e = Assert.Throws<ArgumentException>(delegate { log.Record(TimingIds.SocketWait, 10, 9); });
            StringAssert.Contains("before it starts", e.Message);
            Assert.Throws<ArgumentOutOfRangeException>(delegate { log.RecordNs(TimingIds.FloorNativeNoop, 0, -1); });
        }

        [Test]
        public void LogGrowsBeyondItsInitialCapacity()
        {
            var log = new TimingLog(16);
            for (int i = 0; i < 1000; i++) log.Record(TimingIds.UnityE2e, log.OriginTicks + i, log.OriginTicks + i + 1);
            Assert.AreEqual(1000, log.Count);
            Assert.AreEqual(Clock.ToNs(999), log.Sample(999).TNs);
        }

        [Test]
        public void WritesAFile()
        {
            var path = Path.Combine(Path.GetTempPath(), "collektive-timing-" + Guid.NewGuid() + ".csv");
            try
            {
                var log = new TimingLog();
                log.Record(TimingIds.UnityApply, log.OriginTicks, log.OriginTicks + 1);
                log.WriteCsv(path);
                StringAssert.StartsWith("t_ns,id,duration_ns\n0,step.unity.apply,", File.ReadAllText(path));
            }
            finally { File.Delete(path); }
        }

        [Test]
        public void ClockConvertsTicksToNanoseconds()
        {
            Assert.AreEqual(1000000000L, Clock.ToNs(System.Diagnostics.Stopwatch.Frequency));
            Assert.That(Clock.ResolutionNs(), Is.InRange(1L, 1000000L));
        }
    }
}
