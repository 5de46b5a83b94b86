using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;
using NUnit.Framework;

namespace Collektive.Frontend.WebGL.Tests
{
    [TestFixture]
    public class WasmEngineTests
    {
        private static Vec3[] Line(int n)
        {
            var p = new Vec3[n];
            for (int i = 0; i < n; i++) p[i] = new Vec3(2.0 * i, -1.5, 0.25);
            return p;
        }

        [Test]
        public void TheReferenceProgramIsCreatedByTheReferenceCallAnyOtherByItsSpec()
        {
            using (var bridge = new FakeWasmBridge())
            {
                var engine = new WasmEngine(bridge, WireEncoding.Batched, null);
                engine.ProgramSpec = "Euclidean";
                engine.Create(3, 3.0);
                engine.ProgramSpec = "gossipMax";
                engine.Create(4, 2.0);
                CollectionAssert.AreEqual(new[] { "create 3 3", "destroy 1", "create 4 2 gossipMax" }, bridge.Calls);
                bridge.Error = "unknown program 'nope'";
                engine.ProgramSpec = "nope";
                var e = Assert.Throws<EngineException>(delegate { engine.Create(2, 3.0); });
                StringAssert.Contains("\"nope\"", e.Message);
            }
        }

        [Test]
        public void StateCopiedFromNativeMemoryMatchesWhatTheBridgeReported()
        {
            using (var bridge = new FakeWasmBridge())
            {
                bridge.Values = new[] { 0.0, 2.0, double.PositiveInfinity };
                bridge.Neighbors = new[] { new[] { 1 }, new[] { 0 }, new int[0] };
                var log = new TimingLog();
                var engine = new WasmEngine(bridge, WireEncoding.Batched, log);
                engine.Create(3, 3.0);
                engine.SetSource(0, true);
                engine.SubmitPositions(Line(3));
                engine.RequestStep(1);
                Assert.AreEqual(1, engine.Pending);
                var state = new EngineState();
                long arrival;
                Assert.IsTrue(engine.TryReceiveState(state, out arrival));
                Assert.AreEqual(0, engine.Pending);
                Assert.AreEqual(3, state.Count);
                Assert.AreEqual(0.0, state.Value(0));
                Assert.AreEqual(2.0, state.Value(1));
                Assert.IsTrue(double.IsPositiveInfinity(state.Value(2)));
                CollectionAssert.AreEqual(new[] { 1 }, state.Neighbors(0));
                CollectionAssert.AreEqual(new[] { 0 }, state.Neighbors(1));
                CollectionAssert.AreEqual(new int[0], state.Neighbors(2));
                Assert.IsFalse(engine.TryReceiveState(state, out arrival));
                Assert.AreEqual(2, log.Count);
                Assert.AreEqual(WebTimingIds.WasmCall, log.Sample(0).Id);
                Assert.AreEqual(WebTimingIds.WasmParse, log.Sample(1).Id);
            }
        }

        [Test]
        public void PositionsTravelBatchedAsXyzTriplesInIdOrder()
        {
            using (var bridge = new FakeWasmBridge())
            {
                var engine = new WasmEngine(bridge, WireEncoding.Json, null);
                engine.Create(3, 3.0);
                engine.SubmitPositions(Line(3));
                CollectionAssert.AreEqual(new[] { 0.0, -1.5, 0.25, 2.0, -1.5, 0.25, 4.0, -1.5, 0.25 }, bridge.LastPositions);
                Assert.AreEqual("updatePositions 1 9", bridge.Calls[1]);
            }
        }

        [Test]
        public void BridgeErrorsBecomeEngineExceptionsWithTheMessage()
        {
            using (var bridge = new FakeWasmBridge())
            {
                var engine = new WasmEngine(bridge, WireEncoding.Batched, null);
                engine.Create(2, 3.0);
                bridge.Error = "node id 9 out of range";
                var e = Assert.Throws<EngineException>(delegate { engine.SetSource(9, true); });
                StringAssert.Contains("node id 9 out of range", e.Message);
                Assert.Throws<EngineException>(delegate { engine.RequestStep(1); });
            }
        }

        [Test]
        public void AHeaderWithTheWrongDeviceCountIsRejected()
        {
            using (var bridge = new FakeWasmBridge())
            {
                bridge.Values = new[] { 0.0, 1.0 };
                bridge.Neighbors = new[] { new[] { 1 }, new[] { 0 } };
                bridge.ReportedCount = 5;
                var engine = new WasmEngine(bridge, WireEncoding.Batched, null);
                engine.Create(2, 3.0);
                Assert.Throws<EngineException>(delegate { engine.RequestStep(1); });
            }
        }

        [Test]
        public void CallsBeforeCreateAndTheUnavailableBridgeFailClearly()
        {
            var engine = new WasmEngine(new UnavailableWasmBridge(), WireEncoding.Batched, null);
            Assert.IsFalse(engine.IsAvailable);
            Assert.Throws<InvalidOperationException>(delegate { engine.RequestStep(1); });
            var e = Assert.Throws<EngineException>(delegate { engine.Create(3, 3.0); });
            StringAssert.Contains("window.collektiveWasm", e.Message);
        }

        [Test]
        public void DisposeDestroysTheEngineOnce()
        {
            using (var bridge = new FakeWasmBridge())
            {
                var engine = new WasmEngine(bridge, WireEncoding.Batched, null);
                engine.Create(2, 3.0);
                engine.Create(2, 3.0); // replaces: destroys handle 1
                engine.Dispose();
                engine.Dispose();
                CollectionAssert.AreEqual(new[] { "create 2 3", "destroy 1", "create 2 3", "destroy 2" }, bridge.Calls);
            }
        }

        [Test]
        public void TheSharedFrameLoopDrivesItAndTheSceneSeesTheLinks()
        {
            using (var bridge = new FakeWasmBridge())
            {
                bridge.Values = new[] { 0.0, 2.0, 4.0 };
                bridge.Neighbors = new[] { new[] { 1 }, new[] { 0, 2 }, new[] { 1 } };
                var log = new TimingLog();
                var engine = new WasmEngine(bridge, WireEncoding.Batched, log);
                engine.Create(3, 3.0);
                var scene = new SceneModel(Line(3), new[] { 0 }, 3.0);
                new FrameLoop(engine, scene, log, new FrameLoopOptions { Pacing = Pacing.Free, Frames = 5 }).Run();
                Assert.AreEqual(5, scene.RoundsApplied);
                Assert.AreEqual(2, scene.Links.Count);
                Assert.AreEqual(4.0, scene[2].Value);
            }
        }
    }
}
