using System.Collections.Generic;
using System.Linq;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class FrameLoopTests
    {
        private static Dictionary<string, List<TimingSample>> ById(TimingLog log)
        {
            var r = new Dictionary<string, List<TimingSample>>();
            for (int i = 0; i < log.Count; i++)
            {
                var s = log.Sample(i);
                if (!r.ContainsKey(s.Id)) r[s.Id] = new List<TimingSample>();
                r[s.Id].Add(s);
            }
            return r;
        }

        private static FakeEngine Engine(Scenario s)
        {
            var e = new FakeEngine();
            e.Create(s.NodeCount, s.MaxDistance);
            foreach (var src in s.Sources) e.SetSource(src, true);
            return e;
        }

        [Test]
        public void FreePacingRunsEveryFrameAndLogsTheFrontEndIds()
        {
            var s = Scenario.Reference(10, 3.0);
            var engine = Engine(s);
            var scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            var log = new TimingLog();
            var loop = new FrameLoop(engine, scene, log, new FrameLoopOptions { Pacing = Pacing.Free, Frames = 50 });
            loop.Run();
            Assert.AreEqual(50, loop.Applied);
            var ids = ById(log);
            Assert.AreEqual(50, ids[TimingIds.UnityE2e].Count);
            Assert.AreEqual(50, ids[TimingIds.UnityApply].Count);
            Assert.AreEqual(50, ids[TimingIds.FrameWait].Count);
            // Reference scene: source 0 is isolated, the row below is a chain without a source.
            Assert.AreEqual(0.0, scene[0].Value);
            Assert.IsTrue(double.IsPositiveInfinity(scene[5].Value));
            Assert.AreEqual(8, scene.Links.Count);
            // Per frame: positions first, then the step.
            Assert.AreEqual("positions 10", engine.Calls[2]);
            Assert.AreEqual("step 1", engine.Calls[3]);
        }

        [Test]
        public void InFlightKeepsKStepsPendingUnderFreePacing()
        {
            var s = Scenario.Reference(10, 3.0);
            var engine = Engine(s);
            var scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            var log = new TimingLog();
            var loop = new FrameLoop(engine, scene, log, new FrameLoopOptions { Pacing = Pacing.Free, Frames = 20, InFlight = 3 });
            int maxPending = 0;
            int sentAtFirstApply = -1;
            loop.OnFrameApplied = delegate (int done)
            {
                maxPending = System.Math.Max(maxPending, loop.Sent - done);
                if (done == 1) sentAtFirstApply = loop.Sent;
            };
            loop.Run();
            Assert.AreEqual(20, loop.Applied);
            Assert.AreEqual(20, loop.Sent, "no step beyond Frames");
            Assert.AreEqual(20, ById(log)[TimingIds.UnityE2e].Count);
            // After the first apply, two more requests are still pending: the state shown is 2 frames behind.
            Assert.AreEqual(2, maxPending);
            // The first three requests go out before any state is applied.
            Assert.AreEqual(3, sentAtFirstApply);
        }

        [Test]
        public void GradientFollowsDistanceOnAConnectedScene()
        {
            var pos = new[] { new Vec3(0, 0, 0), new Vec3(2, 0, 0), new Vec3(4, 0, 0) };
            var s = new Scenario("test", pos, new[] { 0 }, 3.0, null);
            var engine = Engine(s);
            var scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            new FrameLoop(engine, scene, null, new FrameLoopOptions { Frames = 3 }).Run();
            Assert.AreEqual(new[] { 0.0, 2.0, 4.0 }, new[] { scene[0].Value, scene[1].Value, scene[2].Value });
        }

        [Test]
        public void FramePacingAwaitsEachStepWithinItsTickAndKeepsTheTick()
        {
            var s = Scenario.Reference(10, 3.0);
            var engine = Engine(s);
            engine.DelayPolls = 1; // an asynchronous reply: under fixed pacing it would wait for the next tick
            var scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            var log = new TimingLog();
            var options = new FrameLoopOptions { Pacing = Pacing.Frame, Frames = 12, TickMs = 5, TimeScale = 1 };
            var loop = new FrameLoop(engine, scene, log, options);
            var watch = System.Diagnostics.Stopwatch.StartNew();
            loop.Run();
            watch.Stop();
            Assert.AreEqual(12, loop.Applied);
            var e2e = ById(log)[TimingIds.UnityE2e].Select(x => x.DurationNs).OrderBy(x => x).ToList();
            Assert.That(e2e[e2e.Count / 2], Is.LessThan(4000000L), "the step is awaited in its frame: no tick in its e2e");
            Assert.That(watch.Elapsed.TotalMilliseconds, Is.GreaterThanOrEqualTo(11 * 5 - 1), "one step per 5 ms tick");
            Assert.AreEqual(Pacing.Frame, FrameLoopOptions.ParsePacing("frame"));
            Assert.AreEqual("frame", FrameLoopOptions.Name(Pacing.Frame));
        }

        [Test]
        public void FixedPacingPollsOncePerTickSoAsyncResponsesWaitForTheNextTick()
        {
            var s = Scenario.Reference(10, 3.0);
            var engine = Engine(s);
            engine.DelayPolls = 1; // the poll right after the request misses, the next tick's poll hits
            var scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            var log = new TimingLog();
            var options = new FrameLoopOptions { Pacing = Pacing.Fixed, Frames = 12, TickMs = 5, TimeScale = 1 };
            var loop = new FrameLoop(engine, scene, log, options);
            loop.Run();
            Assert.AreEqual(12, loop.Applied);
            var e2e = ById(log)[TimingIds.UnityE2e].Select(x => x.DurationNs).OrderBy(x => x).ToList();
            long median = e2e[e2e.Count / 2];
            Assert.That(median, Is.GreaterThan(4000000L), "e2e includes one tick (5 ms) of quantization");
            Assert.That(median, Is.LessThan(50000000L));
        }

        [Test]
        public void AFixedTickAppliesASynchronousStateAtOnceAndAnAsynchronousOneAtTheNextTickHoweverFast()
        {
            var s = Scenario.Reference(10, 3.0);
            var sync = Engine(s);
            var syncLoop = new FrameLoop(sync, new SceneModel(s.Positions, s.Sources, s.MaxDistance), null, new FrameLoopOptions { Pacing = Pacing.Fixed, Frames = 2 });
            syncLoop.Tick();
            Assert.AreEqual(1, syncLoop.Applied, "an in-process call's state belongs to the tick that asked for it");

            var fast = Engine(s);
            fast.Asynchronous = true; // the reply is already there when the loop looks, as a spinning server can make it
            var fastLoop = new FrameLoop(fast, new SceneModel(s.Positions, s.Sources, s.MaxDistance), null, new FrameLoopOptions { Pacing = Pacing.Fixed, Frames = 2 });
            fastLoop.Tick();
            Assert.AreEqual(0, fastLoop.Applied, "a reply from another thread waits for the next tick");
            fastLoop.Tick();
            Assert.AreEqual(1, fastLoop.Applied);
            Assert.AreEqual(2, fastLoop.Sent);
        }

        [Test]
        public void PumpKeepsOneStepInFlightAndNeverBlocks()
        {
            var s = Scenario.Reference(10, 3.0);
            var engine = Engine(s);
            engine.DelayPolls = 2;
            var scene = new SceneModel(s.Positions, s.Sources, s.MaxDistance);
            var loop = new FrameLoop(engine, scene, new TimingLog(), new FrameLoopOptions { Frames = 5 });
            int pumps = 0;
            while (loop.Applied < 5 && pumps < 100) { loop.Pump(); pumps++; Assert.That(engine.Pending, Is.LessThanOrEqualTo(1)); }
            Assert.AreEqual(5, loop.Applied);
            Assert.AreEqual(5, loop.Sent);
            Assert.That(pumps, Is.GreaterThan(5), "replies delayed by two polls need more than one pump per frame");
        }

        [Test]
        public void TimeScaleStretchesTheRealTick()
        {
            Assert.AreEqual(200.0, new FrameLoopOptions { TickMs = 20, TimeScale = 0.1 }.RealTickMs, 1e-9);
            Assert.AreEqual(Pacing.Fixed, FrameLoopOptions.ParsePacing("fixed"));
            Assert.Throws<System.ArgumentException>(delegate { FrameLoopOptions.ParsePacing("vsync"); });
        }
    }
}
