using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class StateBufferParserTests
    {
        internal static byte[] Encode(double[] values, int[][] neighbors)
        {
            var w = new ByteWriter();
            w.Int32LE(values.Length);
            for (int i = 0; i < values.Length; i++)
            {
                w.Float64LE(values[i]);
                w.Int32LE(neighbors[i].Length);
                foreach (var n in neighbors[i]) w.Int32LE(n);
            }
            var r = new byte[w.Length];
            Array.Copy(w.Buffer, r, w.Length);
            return r;
        }

        private static readonly double[] Values = { 0.0, 3.0, double.PositiveInfinity, 1e-300 };
        private static readonly int[][] Neighbors = { new[] { 1 }, new[] { 0, 2 }, new int[0], new[] { 1, 2, 0 } };

        [Test]
        public void ParsesValuesAndNeighboursExactly()
        {
            var bytes = Encode(Values, Neighbors);
            var s = new EngineState();
            StateBufferParser.Parse(bytes, 0, bytes.Length, s);
            Assert.AreEqual(4, s.Count);
            for (int i = 0; i < 4; i++)
            {
                Assert.AreEqual(BitConverter.DoubleToInt64Bits(Values[i]), BitConverter.DoubleToInt64Bits(s.Value(i)));
                CollectionAssert.AreEqual(Neighbors[i], s.Neighbors(i));
            }
        }

        [Test]
        public void ReusesTheStateAcrossFrames()
        {
            var s = new EngineState();
            var big = Encode(Values, Neighbors);
            StateBufferParser.Parse(big, 0, big.Length, s);
            var small = Encode(new[] { 5.0 }, new[] { new int[0] });
            StateBufferParser.Parse(small, 0, small.Length, s);
            Assert.AreEqual(1, s.Count);
            Assert.AreEqual(5.0, s.Value(0));
            Assert.AreEqual(0, s.NeighborCount(0));
        }

        [Test]
        public void EveryTruncationIsRejectedWithAFormatException()
        {
            var bytes = Encode(Values, Neighbors);
            for (int len = 0; len < bytes.Length; len++)
            {
                var s = new EngineState();
                var e = Assert.Throws<FormatException>(delegate { StateBufferParser.Parse(bytes, 0, len, s); }, "length " + len);
                StringAssert.Contains("truncated", e.Message, "length " + len);
            }
        }

        [Test]
        public void TrailingBytesAreRejected()
        {
            var bytes = Encode(Values, Neighbors);
            var longer = new byte[bytes.Length + 3];
            Array.Copy(bytes, longer, bytes.Length);
            var e = Assert.Throws<FormatException>(delegate { StateBufferParser.Parse(longer, 0, longer.Length, new EngineState()); });
            StringAssert.Contains("trailing", e.Message);
        }

        [Test]
        public void NegativeAndAbsurdCountsAreRejectedBeforeAllocating()
        {
            var neg = new ByteWriter().Int32LE(-1);
            Assert.Throws<FormatException>(delegate { StateBufferParser.Parse(neg.Buffer, 0, neg.Length, new EngineState()); });
            var huge = new ByteWriter().Int32LE(int.MaxValue).Float64LE(0);
            Assert.Throws<FormatException>(delegate { StateBufferParser.Parse(huge.Buffer, 0, huge.Length, new EngineState()); });
            var negK = new ByteWriter().Int32LE(1).Float64LE(1).Int32LE(-5);
            Assert.Throws<FormatException>(delegate { StateBufferParser.Parse(negK.Buffer, 0, negK.Length, new EngineState()); });
        }

        [Test]
        public void ParsesAtAnOffset()
        {
            var bytes = Encode(Values, Neighbors);
            var shifted = new byte[bytes.Length + 4];
            Array.Copy(bytes, 0, shifted, 4, bytes.Length);
            var s = new EngineState();
            StateBufferParser.Parse(shifted, 4, bytes.Length, s);
            Assert.AreEqual(3.0, s.Value(1));
        }
    }
}
