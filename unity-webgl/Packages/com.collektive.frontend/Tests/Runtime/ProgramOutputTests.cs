using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    /// <summary>Program specs as the front-end reads them, and the scene's colours per output kind.</summary>
    [TestFixture]
    public class ProgramOutputTests
    {
        [TestCase(null, true)]
        [TestCase("", true)]
        [TestCase("euclidean", true)]
        [TestCase(" Euclidean ", true)]
        [TestCase("euclidean:x=1", false)]
        [TestCase("hop", false)]
        [TestCase("gossipMax", false)]
        public void IsReference(string spec, bool reference)
        {
            Assert.AreEqual(reference, ProgramSpecs.IsReference(spec));
        }

        [TestCase(null, ProgramOutput.Distance)]
        [TestCase("hop", ProgramOutput.Distance)]
        [TestCase("GossipMax", ProgramOutput.DeviceId)]
        [TestCase("boundedElection:bound=2", ProgramOutput.DeviceId)]
        [TestCase("countDevices", ProgramOutput.Count)]
        [TestCase("neighborCounter", ProgramOutput.Count)]
        [TestCase("channel:destination=9,width=1", ProgramOutput.Boolean)]
        [TestCase("notYetKnown", ProgramOutput.Distance)]
        public void OutputOf(string spec, ProgramOutput output)
        {
            Assert.AreEqual(output, ProgramSpecs.OutputOf(spec));
        }

        [Test]
        public void ColoursFollowTheOutputKind()
        {
            var ids = new ValueColors(10, ProgramOutput.DeviceId);
            Assert.AreEqual(ids.ColorOf(7, false).ToString(), ids.ColorOf(7, true).ToString(), "no source colour for ids");
            Assert.AreNotEqual(ids.ColorOf(7, false).ToString(), ids.ColorOf(8, false).ToString(), "one hue per id");
            Assert.AreEqual(ValueColors.Unreachable.ToString(), ids.ColorOf(double.PositiveInfinity, false).ToString());

            var flags = new ValueColors(10, ProgramOutput.Boolean);
            Assert.AreEqual(ValueColors.On.ToString(), flags.ColorOf(1, true).ToString());
            Assert.AreEqual(ValueColors.Off.ToString(), flags.ColorOf(0, false).ToString());

            var counts = new ValueColors(10, ProgramOutput.Count);
            Assert.AreEqual(ValueColors.Far.ToString(), counts.ColorOf(10, true).ToString(), "a source shows its count");
            Assert.AreEqual(ValueColors.Near.ToString(), counts.ColorOf(0, false).ToString());

            var distances = new ValueColors(10);
            Assert.AreEqual(ProgramOutput.Distance, distances.Output);
            Assert.AreEqual(ValueColors.Source.ToString(), distances.ColorOf(0, true).ToString());
        }

        [Test]
        public void SceneScalesCountsToTheDeviceCount()
        {
            var positions = new[] { new Vec3(0, 0, 0), new Vec3(1, 0, 0), new Vec3(2, 0, 0), new Vec3(3, 0, 0) };
            var scene = new SceneModel(positions, new[] { 0 }, 3.0, ProgramOutput.Count);
            Assert.AreEqual(ProgramOutput.Count, scene.Colors.Output);
            Assert.AreEqual(4.0, scene.Colors.MaxValue);
            scene.Apply(EngineState.Of(new double[] { 4, 3, 2, 1 }, new[] { new[] { 1 }, new[] { 0, 2 }, new[] { 1, 3 }, new[] { 2 } }));
            Assert.AreEqual(ValueColors.Far.ToString(), scene[0].Color.ToString());
        }

        [Test]
        public void ErrorOfReadsAnErrorReply()
        {
            Assert.AreEqual("program: bad", StateJsonParser.ErrorOf("{\"error\":\"program: bad\",\"op\":\"createSim\"}"));
            Assert.IsNull(StateJsonParser.ErrorOf("{\"op\":\"echo\",\"data\":{\"seq\":0}}"));
        }
    }
}
