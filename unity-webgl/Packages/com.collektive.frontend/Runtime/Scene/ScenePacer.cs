using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Scene
{
    /// <summary>
    /// The pacing logic of the Unity scene's <c>SimulationManager</c>, free of UnityEngine so it is unit-tested off the Editor:
    /// wraps the shared <see cref="FrameLoop"/> and decides per Unity callback what happens.
    /// <see cref="FixedTick"/> (from FixedUpdate) is the loop's own tick: a new step every tick while frames remain,
    /// then one poll. <see cref="FreeFrame"/> (from Update) is the loop's pump: a step starts only when the previous
    /// one is applied — blocking for the reply when <c>mayBlock</c> (desktop), or leaving it to the next frame (WebGL).
    /// <see cref="Finished"/> is raised once, when the target number of frames has been applied.
    /// </summary>
    public sealed class ScenePacer
    {
        private readonly IEngine _engine;
        private readonly FrameLoop _loop;
        private readonly FrameLoopOptions _options;
        private readonly int _target;
        private bool _finished;

        /// <summary>Called after each applied frame (views update here).</summary>
        public Action<int> FrameApplied;
        /// <summary>Called once when <see cref="Target"/> frames have been applied.</summary>
        public Action Finished;

        /// <summary>Creates the pacer; <paramref name="frames"/> ≤ 0 = endless.</summary>
        public ScenePacer(IEngine engine, SceneModel scene, TimingLog log, Pacing pacing, double tickMs, double timeScale, int frames)
        {
            _engine = engine;
            _target = frames > 0 ? frames : int.MaxValue;
            _options = new FrameLoopOptions { Pacing = pacing, TickMs = tickMs, TimeScale = timeScale, Frames = _target, RoundsPerStep = 1 };
            _loop = new FrameLoop(engine, scene, log, _options);
            _loop.OnFrameApplied = OnApplied;
        }

        /// <summary>The pacing.</summary>
        public Pacing Pacing { get { return _options.Pacing; } }
        /// <summary>Frames to run (int.MaxValue when endless).</summary>
        public int Target { get { return _target; } }
        /// <summary>Steps requested.</summary>
        public int Sent { get { return _loop.Sent; } }
        /// <summary>Frames applied.</summary>
        public int Applied { get { return _loop.Applied; } }
        /// <summary>True once every frame has been applied.</summary>
        public bool IsFinished { get { return _finished; } }
        /// <summary>Longest wait for one reply, ms.</summary>
        public int TimeoutMs { get { return _options.TimeoutMs; } }

        /// <summary>One FixedUpdate under fixed pacing.</summary>
        public void FixedTick()
        {
            if (_finished) return;
            _loop.Tick();
        }

        /// <summary>
        /// One Update under free pacing: the loop's <see cref="FrameLoop.Pump"/> (apply what arrived; when nothing is
        /// in flight, start the next step and poll again). When <paramref name="mayBlock"/> (desktop), the reply of a
        /// step in flight is waited for before and after the pump, so a step started here is applied in the same
        /// Update; otherwise (WebGL) the reply is left to a later Update. Never two steps in flight.
        /// </summary>
        public void FreeFrame(bool mayBlock)
        {
            if (_finished) return;
            if (mayBlock && _loop.Sent > _loop.Applied) Collect();
            _loop.Pump();
            if (mayBlock && _loop.Sent > _loop.Applied) Collect();
        }

        // Blocks for the reply of the step in flight, then applies it.
        private void Collect()
        {
            if (!_engine.WaitForState(_options.TimeoutMs))
                throw new EngineException("no response within " + _options.TimeoutMs + " ms (frame " + _loop.Applied + ")");
            _loop.Poll();
        }

        private void OnApplied(int applied)
        {
            if (FrameApplied != null) FrameApplied(applied);
            if (applied >= _target && !_finished)
            {
                _finished = true;
                if (Finished != null) Finished();
            }
        }
    }
}
