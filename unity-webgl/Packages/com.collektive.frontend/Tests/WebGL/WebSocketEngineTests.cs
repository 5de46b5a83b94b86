using System;
using System.Globalization;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;
using NUnit.Framework;

namespace Collektive.Frontend.WebGL.Tests
{
    [TestFixture]
    public class WebSocketEngineTests
    {
        private const string Response = "{\"rid\":1,\"values\":[{\"value\":0.0,\"neighbors\":[1]},{\"value\":2.5,\"neighbors\":[0]},{\"value\":Infinity,\"neighbors\":[]}]}";

        private static Vec3[] Three()
        {
            return new[] { new Vec3(0, 0, 0), new Vec3(2.5, 0, 0), new Vec3(10, 0.5, -1) };
        }

        [Test]
        public void ACreateSimAsksForTheProgramUnlessItIsTheReference()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://127.0.0.1:8090", WireEncoding.Json, null);
            engine.Create(3, 3.0);
            engine.ProgramSpec = "channel:width=1.5";
            engine.Create(3, 3.0);
            bridge.Open();
            CollectionAssert.AreEqual(new[]
            {
                "{\"op\":\"createSim\",\"data\":{\"nodeCount\":3,\"maxDistance\":3}}",
                "{\"op\":\"createSim\",\"data\":{\"nodeCount\":3,\"maxDistance\":3,\"program\":\"channel:width=1.5\"}}",
            }, bridge.Sent);
        }

        [Test]
        public void ReferenceProtocolMessagesAreQueuedUntilOpenThenSentInOrder()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://127.0.0.1:8090", WireEncoding.Json, null);
            Assert.AreEqual("ws://127.0.0.1:8090", bridge.Url);
            engine.Create(3, 3.0);
            engine.SetSource(0, true);
            Assert.AreEqual(0, bridge.Sent.Count);
            Assert.IsFalse(engine.IsOpen);
            bridge.Open();
            Assert.IsTrue(engine.IsOpen);
            engine.SubmitPositions(Three());
            engine.RequestStep(1);
            CollectionAssert.AreEqual(new[]
            {
                "{\"op\":\"createSim\",\"data\":{\"nodeCount\":3,\"maxDistance\":3}}",
                "{\"op\":\"setSource\",\"data\":{\"nodeId\":0}}",
                // one message per frame: the newPosition lines and the step line (the desktop socket's framing)
                "{\"op\":\"newPosition\",\"data\":{\"nodeId\":0,\"x\":0,\"y\":0,\"z\":0}}\n" +
                "{\"op\":\"newPosition\",\"data\":{\"nodeId\":1,\"x\":2.5,\"y\":0,\"z\":0}}\n" +
                "{\"op\":\"newPosition\",\"data\":{\"nodeId\":2,\"x\":10,\"y\":0.5,\"z\":-1}}\n" +
                "{\"op\":\"step\",\"data\":{\"rid\":1,\"stepCount\":1}}",
            }, bridge.Sent);
        }

        [Test]
        public void AJsonFrameOfNPositionsIsOneMessageOfNPlusOneLinesInOrder()
        {
            const int n = 7;
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, null);
            bridge.Open();
            engine.Create(n, 3.0);
            var positions = new Vec3[n];
            for (int frame = 1; frame <= 2; frame++)
            {
                for (int i = 0; i < n; i++) positions[i] = new Vec3(i + 0.25 * frame, -i, frame);
                int before = bridge.Sent.Count;
                engine.SubmitPositions(positions);
                Assert.AreEqual(before, bridge.Sent.Count, "SubmitPositions only builds the lines");
                engine.RequestStep(frame);
                Assert.AreEqual(before + 1, bridge.Sent.Count, "exactly one message per frame");
                var lines = bridge.Sent[before].Split('\n');
                Assert.AreEqual(n + 1, lines.Length);
                for (int i = 0; i < n; i++)
                {
                    Assert.AreEqual("{\"op\":\"newPosition\",\"data\":{\"nodeId\":" + i + ",\"x\":" + (i + 0.25 * frame).ToString("R", CultureInfo.InvariantCulture) +
                        ",\"y\":" + (-i).ToString(CultureInfo.InvariantCulture) + ",\"z\":" + frame + "}}", lines[i]);
                }
                Assert.AreEqual("{\"op\":\"step\",\"data\":{\"rid\":" + frame + ",\"stepCount\":" + frame + "}}", lines[n]);
            }
            Assert.AreEqual(2, engine.Pending);
        }

        [Test]
        public void RequestStepWithoutPositionsPostsOnlyTheStep()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, null);
            bridge.Open();
            engine.Create(3, 3.0);
            engine.SubmitPositions(Three());
            engine.RequestStep(1);
            int before = bridge.Sent.Count;
            engine.RequestStep(4);
            CollectionAssert.AreEqual(new[] { "{\"op\":\"step\",\"data\":{\"rid\":2,\"stepCount\":4}}" }, bridge.Sent.GetRange(before, bridge.Sent.Count - before));
        }

        [Test]
        public void ARequestMadeBetweenPositionsAndStepKeepsItsOrder()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, null);
            bridge.Open();
            engine.Create(2, 3.0);
            engine.SubmitPositions(new[] { new Vec3(0, 0, 0), new Vec3(1, 0, 0) });
            engine.SetSource(1, true);
            engine.RequestStep(1);
            CollectionAssert.AreEqual(new[]
            {
                "{\"op\":\"createSim\",\"data\":{\"nodeCount\":2,\"maxDistance\":3}}",
                "{\"op\":\"newPosition\",\"data\":{\"nodeId\":0,\"x\":0,\"y\":0,\"z\":0}}\n" +
                "{\"op\":\"newPosition\",\"data\":{\"nodeId\":1,\"x\":1,\"y\":0,\"z\":0}}",
                "{\"op\":\"setSource\",\"data\":{\"nodeId\":1}}",
                "{\"op\":\"step\",\"data\":{\"rid\":1,\"stepCount\":1}}",
            }, bridge.Sent);
        }

        [Test]
        public void BatchedPositionsUseThePositionsOp()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Batched, null);
            bridge.Open();
            engine.Create(3, 3.0);
            engine.SubmitPositions(Three());
            engine.RequestStep(1);
            // unchanged: the positions message, then the step message
            CollectionAssert.AreEqual(new[]
            {
                "{\"op\":\"positions\",\"data\":{\"xyz\":[0,0,0,2.5,0,0,10,0.5,-1]}}",
                "{\"op\":\"step\",\"data\":{\"rid\":1,\"stepCount\":1}}",
            }, bridge.Sent.GetRange(1, 2));
        }

        [Test]
        public void BinaryEncodingSendsLittleEndianPositionsAndAsksForTheBinaryFrame()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Binary, null);
            bridge.Open();
            engine.Create(3, 3.0);
            engine.SubmitPositions(Three());
            engine.RequestStep(2);
            var b = bridge.SentBinary[0];
            Assert.AreEqual(4 + 3 * 24, b.Length);
            Assert.AreEqual(3, BitConverter.ToInt32(b, 0));
            Assert.AreEqual(2.5, BitConverter.ToDouble(b, 4 + 24));
            Assert.AreEqual(-1.0, BitConverter.ToDouble(b, 4 + 2 * 24 + 16));
            Assert.AreEqual(3, bridge.Sent.Count);
            Assert.AreEqual("{\"op\":\"step\",\"data\":{\"rid\":1,\"stepCount\":2,\"encoding\":\"binary\"}}", bridge.Sent[2]);
            // the binary state frame of docs/reference-study.md comes back
            var frame = new ByteWriter();
            frame.Int32LE(3).Float64LE(0.0).Int32LE(1).Int32LE(1).Float64LE(2.5).Int32LE(1).Int32LE(0).Float64LE(double.PositiveInfinity).Int32LE(0);
            bridge.Events.OnBinary(frame.Buffer, frame.Length);
            var state = new EngineState();
            long arrival;
            Assert.IsTrue(engine.TryReceiveState(state, out arrival));
            Assert.AreEqual(2.5, state.Value(1));
            CollectionAssert.AreEqual(new[] { 0 }, state.Neighbors(1));
        }

        [Test]
        public void ResponsesArriveAsEventsAndAreParsedOnPickupWithTheWebTimingIds()
        {
            var bridge = new FakeWebSocketBridge();
            var log = new TimingLog();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, log);
            bridge.Open();
            engine.Create(3, 3.0);
            engine.SubmitPositions(Three());
            engine.RequestStep(1);
            var state = new EngineState();
            long arrival;
            Assert.IsFalse(engine.WaitForState(1000), "a WebGL player never blocks");
            Assert.IsFalse(engine.TryReceiveState(state, out arrival));
            Assert.AreEqual(1, engine.Pending);
            bridge.Events.OnText(Response);
            Assert.IsTrue(engine.WaitForState(0));
            Assert.IsTrue(engine.TryReceiveState(state, out arrival));
            Assert.AreEqual(0, engine.Pending);
            Assert.IsTrue(arrival > 0);
            Assert.IsTrue(double.IsPositiveInfinity(state.Value(2)));
            CollectionAssert.AreEqual(new[] { WebTimingIds.WsSend, WebTimingIds.WsWait, WebTimingIds.WsParse },
                new[] { log.Sample(0).Id, log.Sample(1).Id, log.Sample(2).Id });
        }

        [Test]
        public void ErrorRepliesAndClosedSocketsRaiseEngineExceptions()
        {
            var bridge = new FakeWebSocketBridge();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, null);
            bridge.Open();
            engine.Create(3, 3.0);
            engine.RequestStep(1);
            bridge.Events.OnText("{\"error\":\"nodeId must be an integer in [0, 3), got 7\",\"op\":\"setSource\"}");
            var state = new EngineState();
            long arrival;
            var e = Assert.Throws<EngineException>(delegate { engine.TryReceiveState(state, out arrival); });
            StringAssert.Contains("nodeId must be", e.Message);
            bridge.Events.OnClose(1006, "");
            var c = Assert.Throws<EngineException>(delegate { engine.RequestStep(1); });
            StringAssert.Contains("closed (code 1006", c.Message);
        }

        [Test]
        public void EchoRepliesAreLoggedAsTheWebSocketFloor()
        {
            var bridge = new FakeWebSocketBridge();
            var log = new TimingLog();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, log);
            bridge.Open();
            engine.SendEcho();
            bridge.Events.OnText(bridge.Sent[0]);
            Assert.AreEqual(1, engine.EchoesReceived);
            Assert.AreEqual(WebTimingIds.FloorWsEcho, log.Sample(0).Id);
        }

        [Test]
        public void FixedPacingTicksPickUpAResponseThatArrivedBetweenTicks()
        {
            var bridge = new FakeWebSocketBridge();
            var log = new TimingLog();
            var engine = new WebSocketEngine(bridge, "ws://x", WireEncoding.Json, log);
            bridge.Open();
            engine.Create(3, 3.0);
            var scene = new SceneModel(Three(), new[] { 0 }, 3.0);
            var loop = new FrameLoop(engine, scene, log, new FrameLoopOptions { Pacing = Pacing.Fixed, Frames = 2 });
            loop.Tick();
            Assert.AreEqual(1, loop.Sent);
            Assert.AreEqual(0, loop.Applied);
            bridge.Events.OnText(Response);
            loop.Tick();
            Assert.AreEqual(1, loop.Applied);
            Assert.AreEqual(2, loop.Sent);
            Assert.AreEqual(1, scene.Links.Count);
            Assert.AreEqual(2.5, scene[1].Value);
        }

        [Test]
        public void TheUnavailableBridgeFailsAtConstructionWithAHint()
        {
            var e = Assert.Throws<EngineException>(delegate { new WebSocketEngine(new UnavailableWebSocketBridge(), "ws://x", WireEncoding.Json, null); });
            StringAssert.Contains("WebGL player", e.Message);
        }
    }
}
