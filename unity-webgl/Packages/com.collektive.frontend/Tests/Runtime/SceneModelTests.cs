using System;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Model;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class SceneModelTests
    {
        /// <summary>Three devices as the reference layout places them (the scene tests need no engine).</summary>
        private static Vec3[] ThreeDevices()
        {
            return new[] { new Vec3(0, 0, 0), new Vec3(-3, -6, 0), new Vec3(3, -6, 0) };
        }

        [Test]
        public void ReferenceLayoutPutsDeviceZeroOnTopAndTheOthersOnOneCentredRow()
        {
            var p = Scenario.Reference(10, 3.0).Positions;
            Assert.AreEqual(new Vec3(0, 0, 0), p[0]);
            for (int i = 1; i < 10; i++) Assert.AreEqual(new Vec3(-12 + 3 * (i - 1), -6, 0), p[i], "device " + i);
        }

        [Test]
        public void ReferenceScenarioHasTheReferenceMeanDegree()
        {
            var s = Scenario.Reference(10, 3.0);
            Assert.AreEqual(10, s.NodeCount);
            CollectionAssert.AreEqual(new[] { 0 }, s.Sources);
            Assert.AreEqual(1.6, s.MeanDegree(), 1e-12); // 8 links between adjacent devices of the second row
        }

        [Test]
        public void ScenarioOfBuildsTheNamedKindAndRejectsOthers()
        {
            var reference = Scenario.Of("reference", 10, 99, 8.0, 3.0);
            Assert.AreEqual("reference", reference.Kind);
            Assert.IsNull(reference.Seed, "the reference layout has no seed");
            CollectionAssert.AreEqual(Scenario.Reference(10, 3.0).Positions, reference.Positions);
            var random = Scenario.Of("random", 12, 1, 8.0, 3.0);
            Assert.AreEqual("random", random.Kind);
            Assert.AreEqual(1L, random.Seed);
            CollectionAssert.AreEqual(Scenario.Random(12, 1, 8.0, 3.0).Positions, random.Positions);
            var e = Assert.Throws<ArgumentException>(delegate { Scenario.Of("grid", 10, 1, 8.0, 3.0); });
            StringAssert.Contains("'grid'", e.Message);
        }

        [Test]
        public void RandomScenarioIsDeterministicAndNearItsTargetDegree()
        {
            var a = Scenario.Random(400, 7, 8.0, 3.0);
            var b = Scenario.Random(400, 7, 8.0, 3.0);
            CollectionAssert.AreEqual(a.Positions, b.Positions);
            Assert.AreNotEqual(a.Positions[5], Scenario.Random(400, 8, 8.0, 3.0).Positions[5]);
            double d = a.MeanDegree();
            Assert.That(d, Is.InRange(5.5, 8.5), "border effects lower the degree a little, never above target by much");
        }

        [Test]
        public void ApplySetsValuesColoursAndLinks()
        {
            var scene = new SceneModel(ThreeDevices(), new[] { 0 }, 3.0);
            Assert.AreEqual(0.0, scene[0].Value);
            Assert.IsTrue(double.IsPositiveInfinity(scene[1].Value));
            var state = EngineState.Of(new[] { 0.0, 3.0, double.PositiveInfinity }, new[] { new[] { 1 }, new[] { 0 }, new int[0] });
            scene.Apply(state);
            Assert.AreEqual(3.0, scene[1].Value);
            Assert.AreEqual(ValueColors.Source.G, scene[0].Color.G);
            Assert.AreEqual(ValueColors.Unreachable.R, scene[2].Color.R);
            Assert.IsTrue(scene.Links.Contains(0, 1));
            Assert.AreEqual(1, scene.AddedLinks.Count);
            Assert.AreEqual(0, scene.RemovedLinks.Count);
            Assert.AreEqual(1, scene.RoundsApplied);
        }

        [Test]
        public void ApplyRejectsAStateOfAnotherSize()
        {
            var scene = new SceneModel(ThreeDevices(), new[] { 0 }, 3.0);
            Assert.Throws<ArgumentException>(delegate { scene.Apply(EngineState.Of(new[] { 0.0 }, new[] { new int[0] })); });
        }

        [Test]
        public void ColoursBlendFromBlueToRedAndClamp()
        {
            var c = new ValueColors(10);
            Assert.AreEqual(1f, c.ColorOf(0, false).B);
            Assert.AreEqual(0.5f, c.ColorOf(5, false).R, 1e-6);
            Assert.AreEqual(1f, c.ColorOf(100, false).R);
            Assert.AreEqual(ValueColors.Unreachable.G, c.ColorOf(double.NaN, false).G);
            Assert.Throws<ArgumentOutOfRangeException>(delegate { new ValueColors(0); });
        }

        [Test]
        public void SceneRejectsBadSources()
        {
            Assert.Throws<ArgumentOutOfRangeException>(delegate { new SceneModel(ThreeDevices(), new[] { 3 }, 3.0); });
        }
    }
}
