using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Model;
using NUnit.Framework;

namespace Collektive.Frontend.WebGL.Tests
{
    /// <summary>
    /// The C# half of a WebGL player's layouts: what <see cref="WasmLayoutSource"/> asks the jslib for and how it
    /// reports a refusal. That the jslib answers with the engine's own positions is suite unity-jslib's (the real
    /// facade in Chromium, against the test vectors).
    /// </summary>
    [TestFixture]
    public class WasmLayoutSourceTests
    {
        [Test]
        public void AsksTheBridgeForTheScenarioAndBuildsTheSceneFromItsAnswer()
        {
            using (var bridge = new FakeWasmBridge())
            {
                bridge.Layout = new[] { 0.0, 0.0, 0.0, 1.5, -6.0, 0.0 };
                var layouts = new WasmLayoutSource(bridge);
                var random = Scenario.Random(2, 42, 8.0, 3.0, layouts);
                var reference = Scenario.Of("reference", 2, 7, 8.0, 2.5, layouts);
                CollectionAssert.AreEqual(new[] { "scenarioPositions 1 2 42 8 3 6", "scenarioPositions 0 2 0 0 2.5 6" }, bridge.Calls);
                CollectionAssert.AreEqual(new[] { new Vec3(0, 0, 0), new Vec3(1.5, -6, 0) }, random.Positions);
                CollectionAssert.AreEqual(random.Positions, reference.Positions);
                Assert.AreEqual(42L, random.Seed);
                Assert.IsNull(reference.Seed);
            }
        }

        [Test]
        public void ARefusalIsAnArgumentExceptionWithTheFacadesMessage()
        {
            using (var bridge = new FakeWasmBridge())
            {
                bridge.Error = "randomPositions: meanDegree must be > 0 and finite, was 0.0";
                var e = Assert.Throws<ArgumentException>(delegate { Scenario.Random(5, 1, 0.0, 3.0, new WasmLayoutSource(bridge)); });
                StringAssert.Contains("meanDegree must be > 0", e.Message);
            }
        }

        [Test]
        public void ASeedAJsNumberCannotCarryIsRefusedBeforeTheCall()
        {
            using (var bridge = new FakeWasmBridge())
            {
                var layouts = new WasmLayoutSource(bridge);
                Assert.Throws<ArgumentOutOfRangeException>(delegate { layouts.RandomPositions(5, WasmLayoutSource.MaxSeed + 1, 8.0, 3.0); });
                CollectionAssert.IsEmpty(bridge.Calls);
            }
        }

        [Test]
        public void WithoutThePagesFacadeTheLayoutFailsSayingWhy()
        {
            var e = Assert.Throws<EngineException>(delegate { Scenario.Reference(10, 3.0, new WasmLayoutSource(new UnavailableWasmBridge())); });
            StringAssert.Contains("window.collektiveWasm", e.Message);
        }
    }
}
