using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class StateJsonParserTests
    {
        [Test]
        public void ParsesTheReferenceResponseWithBareInfinity()
        {
            var s = new EngineState();
            long rid = StateJsonParser.Parse("{\"rid\":7,\"values\":[{\"value\":0.0,\"neighbors\":[]},{\"value\":Infinity,\"neighbors\":[2]},{\"value\":3.5,\"neighbors\":[1,0]}]}", s);
            Assert.AreEqual(7, rid);
            Assert.AreEqual(3, s.Count);
            Assert.AreEqual(0.0, s.Value(0));
            Assert.IsTrue(double.IsPositiveInfinity(s.Value(1)));
            Assert.AreEqual(3.5, s.Value(2));
            CollectionAssert.AreEqual(new[] { 2 }, s.Neighbors(1));
            CollectionAssert.AreEqual(new[] { 1, 0 }, s.Neighbors(2));
        }

        [Test]
        public void AcceptsInfinityAsStringOrNullIntegersAndAnyPropertyOrder()
        {
            var s = new EngineState();
            long rid = StateJsonParser.Parse("{\"values\":[{\"neighbors\":[1],\"value\":\"Infinity\"},{\"value\":null,\"extra\":{\"a\":[1,2]}},{\"value\":-Infinity},{\"value\":2}],\"rid\":3}", s);
            Assert.AreEqual(3, rid);
            Assert.IsTrue(double.IsPositiveInfinity(s.Value(0)));
            Assert.IsTrue(double.IsPositiveInfinity(s.Value(1)));
            Assert.IsTrue(double.IsNegativeInfinity(s.Value(2)));
            Assert.AreEqual(2.0, s.Value(3));
            CollectionAssert.AreEqual(new[] { 1 }, s.Neighbors(0));
        }

        [Test]
        public void ResponseWithoutRidReturnsMinusOne()
        {
            Assert.AreEqual(-1, StateJsonParser.Parse("{\"values\":[]}", new EngineState()));
        }

        [Test]
        public void DoublesRoundTripExactly()
        {
            double v = 0.1 + 0.2;
            var s = new EngineState();
            StateJsonParser.Parse("{\"values\":[{\"value\":" + v.ToString("R", System.Globalization.CultureInfo.InvariantCulture) + ",\"neighbors\":[]}]}", s);
            Assert.AreEqual(v, s.Value(0));
        }

        [Test]
        public void ErrorReplyRaisesEngineException()
        {
            var e = Assert.Throws<EngineException>(delegate { StateJsonParser.Parse("{\"error\":\"node id 12 out of range\",\"op\":\"newPosition\"}", new EngineState()); });
            StringAssert.Contains("node id 12", e.Message);
        }

        [Test]
        public void TruncatedOrMalformedResponsesRaiseFormatException()
        {
            string full = "{\"rid\":1,\"values\":[{\"value\":1.5,\"neighbors\":[1,2]},{\"value\":Infinity,\"neighbors\":[0]}]}";
            for (int len = 0; len < full.Length; len++)
                Assert.Throws<FormatException>(delegate { StateJsonParser.Parse(full.Substring(0, len), new EngineState()); }, "prefix of length " + len);
            Assert.Throws<FormatException>(delegate { StateJsonParser.Parse("[1,2]", new EngineState()); });
            Assert.Throws<FormatException>(delegate { StateJsonParser.Parse("{\"rid\":1}", new EngineState()); });
            Assert.Throws<FormatException>(delegate { StateJsonParser.Parse("{\"values\":[{\"value\":\"x\"}]}", new EngineState()); });
            Assert.Throws<FormatException>(delegate { StateJsonParser.Parse("{\"values\":[{\"value\":1,\"neighbors\":[1.5]}]}", new EngineState()); });
            Assert.Throws<FormatException>(delegate { StateJsonParser.Parse("{\"values\":[{\"neighbors\":[]}]}", new EngineState()); });
        }

        [Test]
        public void LargeStatesParse()
        {
            var sb = new System.Text.StringBuilder("{\"rid\":1,\"values\":[");
            for (int i = 0; i < 1000; i++)
            {
                if (i > 0) sb.Append(',');
                sb.Append("{\"value\":").Append(i).Append(".25,\"neighbors\":[").Append((i + 1) % 1000).Append(',').Append((i + 999) % 1000).Append("]}");
            }
            sb.Append("]}");
            var s = new EngineState();
            StateJsonParser.Parse(sb.ToString(), s);
            Assert.AreEqual(1000, s.Count);
            Assert.AreEqual(999.25, s.Value(999));
            CollectionAssert.AreEqual(new[] { 0, 998 }, s.Neighbors(999));
        }
    }
}
