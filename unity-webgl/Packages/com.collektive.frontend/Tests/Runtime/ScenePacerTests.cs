using System.Collections.Generic;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Scene;
using Collektive.Frontend.Timing;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class ScenePacerTests
    {
        private static ScenePacer Pacer(FakeEngine engine, Pacing pacing, int frames, out SceneModel scene)
        {
            var s = Scenario.Reference(10, 3.0);
            engine.Create(s.NodeCount, s.MaxDistance);
            engine.SetSource(0, true);
            scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            return new ScenePacer(engine, scene, new TimingLog(), pacing, 20.0, 1.0, frames);
        }

        private static int Count(List<string> calls, string prefix)
        {
            int n = 0;
            foreach (var c in calls) if (c.StartsWith(prefix)) n++;
            return n;
        }

        [Test]
        public void FreePacingWithASynchronousEngineAppliesOneFramePerUpdate()
        {
            var engine = new FakeEngine();
            SceneModel scene;
            var pacer = Pacer(engine, Pacing.Free, 3, out scene);
            var applied = new List<int>();
            pacer.FrameApplied = applied.Add;
            pacer.FreeFrame(false);
            Assert.AreEqual(1, pacer.Applied);
            Assert.AreEqual(1, pacer.Sent);
            pacer.FreeFrame(false);
            pacer.FreeFrame(false);
            CollectionAssert.AreEqual(new[] { 1, 2, 3 }, applied);
            Assert.IsTrue(pacer.IsFinished);
        }

        [Test]
        public void FreePacingNeverHasTwoStepsInFlightAndWaitsForTheReplyWithoutBlocking()
        {
            var engine = new FakeEngine { DelayPolls = 3 };
            SceneModel scene;
            var pacer = Pacer(engine, Pacing.Free, 2, out scene);
            for (int update = 0; update < 3; update++)
            {
                pacer.FreeFrame(false);
                Assert.AreEqual(1, pacer.Sent, "no second step while the first is in flight");
                Assert.AreEqual(0, pacer.Applied);
                Assert.LessOrEqual(engine.Pending, 1);
            }
            pacer.FreeFrame(false); // fourth poll: the reply is there
            Assert.AreEqual(1, pacer.Applied);
            Assert.AreEqual(2, pacer.Sent, "the next step starts in the Update that applied the previous one");
        }

        [Test]
        public void FreePacingMayBlockForTheReplyOnDesktop()
        {
            var engine = new FakeEngine { DelayPolls = 5 };
            SceneModel scene;
            var pacer = Pacer(engine, Pacing.Free, 2, out scene);
            pacer.FreeFrame(true);
            Assert.AreEqual(1, pacer.Applied, "WaitForState then one poll applies the reply in the same Update");
            Assert.AreEqual(1, pacer.Sent);
        }

        [Test]
        public void FinishedIsRaisedOnceAfterTheLastFrameNotWhilePolling()
        {
            var engine = new FakeEngine { DelayPolls = 1 };
            SceneModel scene;
            var pacer = Pacer(engine, Pacing.Free, 4, out scene);
            int finished = 0;
            int appliedAtFinish = -1;
            pacer.Finished = delegate { finished++; appliedAtFinish = pacer.Applied; };
            for (int i = 0; i < 20; i++) pacer.FreeFrame(false);
            Assert.AreEqual(1, finished);
            Assert.AreEqual(4, appliedAtFinish);
            Assert.AreEqual(4, pacer.Sent);
            Assert.AreEqual(4, Count(engine.Calls, "step"));
        }

        [Test]
        public void FixedPacingSendsEveryTickAndPicksRepliesUpOnLaterTicks()
        {
            var engine = new FakeEngine { DelayPolls = 1 };
            SceneModel scene;
            var pacer = Pacer(engine, Pacing.Fixed, 3, out scene);
            bool done = false;
            pacer.Finished = delegate { done = true; };
            pacer.FixedTick();
            Assert.AreEqual(1, pacer.Sent);
            Assert.AreEqual(0, pacer.Applied, "the reply is not ready within the tick that sent it");
            pacer.FixedTick();
            Assert.AreEqual(2, pacer.Sent, "fixed pacing sends every tick, like the reference's FixedUpdate");
            for (int i = 0; i < 10 && !done; i++) pacer.FixedTick();
            Assert.IsTrue(done);
            Assert.AreEqual(3, pacer.Applied);
            Assert.AreEqual(3, pacer.Sent);
        }

        [Test]
        public void EndlessRunsNeverFinishAndTheSceneFollowsTheEngine()
        {
            var engine = new FakeEngine();
            SceneModel scene;
            var pacer = Pacer(engine, Pacing.Free, 0, out scene);
            for (int i = 0; i < 50; i++) pacer.FreeFrame(false);
            Assert.IsFalse(pacer.IsFinished);
            Assert.AreEqual(50, pacer.Applied);
            Assert.AreEqual(0.0, scene[0].Value);
            Assert.Greater(scene.Links.Count, 0);
        }

        [Test]
        public void RunConfigParsesTheSpecsThePageAndCommandLineSend()
        {
            var c = new RunConfig().With("engine=websocket;n=100;scenario=random;pacing=free;frames=1030;url=ws://127.0.0.1:8787;sources=0,5");
            Assert.AreEqual(EngineKind.WebSocket, c.Engine);
            Assert.AreEqual(100, c.NodeCount);
            Assert.AreEqual("random", c.Scenario);
            Assert.AreEqual(Pacing.Free, c.Pacing);
            Assert.AreEqual(1030, c.Frames);
            Assert.AreEqual("ws://127.0.0.1:8787", c.Url);
            CollectionAssert.AreEqual(new[] { 0, 5 }, c.Sources);
            Assert.Throws<System.ArgumentException>(delegate { c.With("engine=cuda"); });
            Assert.Throws<System.ArgumentException>(delegate { c.With("nodes=3"); });
            Assert.AreEqual(EngineKind.Native, new RunConfig().Engine, "With returns a copy");
        }

        [Test]
        public void RunConfigCarriesAProgramSpecWithItsParameters()
        {
            var c = new RunConfig().With("engine=native;program=boundedElection:bound=2,seed=3;n=20");
            Assert.AreEqual("boundedElection:bound=2,seed=3", c.Program);
            Assert.AreEqual(20, c.NodeCount);
            Assert.AreEqual("", new RunConfig().Program, "the reference program by default");
            Assert.AreEqual(ProgramOutput.DeviceId, ProgramSpecs.OutputOf(c.Program));
        }
    }
}
