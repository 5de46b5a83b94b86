using System;
using System.Collections.Generic;
using System.Threading;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Loop
{
    /// <summary>
    /// Drives an <see cref="IEngine"/> and a <see cref="SceneModel"/> frame by frame and logs the front-end ids:
    /// <c>step.unity.e2e</c> (positions submitted → state applied), <c>step.unity.apply</c>, <c>step.frame.wait</c>
    /// (state available → picked up by the loop). Under <see cref="Pacing.Fixed"/> the loop sleeps to the next tick
    /// and polls once per tick, so an asynchronous response waits for the next tick (tick quantization, visible in
    /// <c>step.frame.wait</c>); under <see cref="Pacing.Free"/> it blocks on the response and starts the next
    /// frame at once; under <see cref="Pacing.Frame"/> it blocks on the response within each tick, then sleeps to the
    /// next. Unity's glue can call <see cref="Tick"/> from FixedUpdate or <see cref="Pump"/> from Update
    /// instead of <see cref="Run"/>, and <see cref="Poll"/> to apply a reply it has waited for.
    /// </summary>
    public sealed class FrameLoop
    {
        private readonly IEngine _engine;
        private readonly SceneModel _scene;
        private readonly TimingLog _log;
        private readonly FrameLoopOptions _options;
        private readonly EngineState _state = new EngineState();
        private readonly Queue<long> _e2eStarts = new Queue<long>();
        private int _sent;
        private int _applied;

        /// <summary>Called after each applied frame with the number of frames applied so far.</summary>
        public Action<int> OnFrameApplied;

        /// <summary>Creates a loop; <paramref name="log"/> may be null.</summary>
        public FrameLoop(IEngine engine, SceneModel scene, TimingLog log, FrameLoopOptions options)
        {
            _engine = engine;
            _scene = scene;
            _log = log;
            _options = options;
        }

        /// <summary>Frames whose state has been applied.</summary>
        public int Applied { get { return _applied; } }
        /// <summary>Frames requested.</summary>
        public int Sent { get { return _sent; } }
        /// <summary>The state of the last applied frame.</summary>
        public EngineState LastState { get { return _state; } }

        /// <summary>Runs <see cref="FrameLoopOptions.Frames"/> frames under the configured pacing.</summary>
        public void Run()
        {
            if (_options.Pacing == Pacing.Free) RunFree();
            else if (_options.Pacing == Pacing.Frame) RunFrame();
            else RunFixed();
        }

        /// <summary>
        /// One fixed-update tick: apply the states that arrived since the last tick, then submit and request a step
        /// (while frames remain). A synchronous engine's state is applied in the same tick; an asynchronous reply waits
        /// for the next tick even when it is back within microseconds, so tick quantization does not depend on how the
        /// reader thread happens to be scheduled.
        /// </summary>
        public void Tick()
        {
            Poll();
            if (_sent < _options.Frames)
            {
                StartFrame();
                if (_engine.Synchronous) Poll();
            }
        }

        /// <summary>
        /// Non-blocking step for a per-rendered-frame caller (Unity's Update): <see cref="Poll"/>, then, when no step
        /// is in flight (every step sent has been applied) and frames remain, starts the next step and polls again
        /// (a synchronous engine's state is applied here). One step per rendered frame at most ("frame" pacing).
        /// </summary>
        public void Pump()
        {
            Poll();
            if (_sent == _applied && _sent < _options.Frames)
            {
                StartFrame();
                Poll();
            }
        }

        /// <summary>Applies every state that has arrived, without starting a step or blocking.</summary>
        public void Poll()
        {
            while (TryApply()) { }
        }

        private void RunFree()
        {
            int depth = Math.Max(1, _options.InFlight);
            while (_applied < _options.Frames)
            {
                // Pipelined (InFlight > 1): fill up to `depth` pending steps, then wait for the oldest reply.
                while (_sent < _options.Frames && _sent - _applied < depth) StartFrame();
                if (!_engine.WaitForState(_options.TimeoutMs))
                    throw new EngineException("no response within " + _options.TimeoutMs + " ms (frame " + _applied + ")");
                if (!TryApply()) throw new EngineException("engine reported a state but none could be received (frame " + _applied + ")");
            }
        }

        private void RunFrame()
        {
            long period = TickPeriod();
            long next = Clock.Now();
            while (_applied < _options.Frames)
            {
                StartFrame();
                if (!_engine.WaitForState(_options.TimeoutMs))
                    throw new EngineException("no response within " + _options.TimeoutMs + " ms (frame " + _applied + ")");
                if (!TryApply()) throw new EngineException("engine reported a state but none could be received (frame " + _applied + ")");
                long now = Clock.Now();
                next += period;
                if (next < now) next = now; // a frame longer than the tick: the next starts at once, no catch-up burst
                SleepUntil(next);
            }
        }

        private long TickPeriod()
        {
            long period = Clock.FromNs((long)(_options.RealTickMs * 1e6));
            if (period <= 0) throw new ArgumentException("tick period must be positive");
            return period;
        }

        private void RunFixed()
        {
            long period = TickPeriod();
            long next = Clock.Now();
            long lastProgress = next;
            int lastApplied = 0;
            while (_applied < _options.Frames)
            {
                Tick();
                long now = Clock.Now();
                if (_applied != lastApplied) { lastApplied = _applied; lastProgress = now; }
                else if (Clock.ToNs(now - lastProgress) > _options.TimeoutMs * 1000000L)
                    throw new EngineException("no response within " + _options.TimeoutMs + " ms (frame " + _applied + ")");
                next += period;
                if (next < now) next = now; // late: no catch-up burst
                SleepUntil(next);
            }
        }

        private void StartFrame()
        {
            long t = Clock.Now();
            _e2eStarts.Enqueue(t);
            _engine.SubmitPositions(_scene.Positions());
            _engine.RequestStep(_options.RoundsPerStep);
            _sent++;
        }

        private bool TryApply()
        {
            long pickup = Clock.Now();
            long arrival;
            if (!_engine.TryReceiveState(_state, out arrival)) return false;
            long t0 = Clock.Now();
            _scene.Apply(_state);
            long t1 = Clock.Now();
            long start = _e2eStarts.Dequeue();
            if (_log != null)
            {
                _log.Record(TimingIds.FrameWait, arrival, Math.Max(arrival, pickup));
                _log.Record(TimingIds.UnityApply, t0, t1);
                _log.Record(TimingIds.UnityE2e, start, t1);
            }
            _applied++;
            if (OnFrameApplied != null) OnFrameApplied(_applied);
            return true;
        }

        /// <summary>Sleeps until the given Stopwatch tick: coarse sleeps, then yields for the last millisecond.</summary>
        public static void SleepUntil(long deadline)
        {
            while (true)
            {
                long leftNs = Clock.ToNs(deadline - Clock.Now());
                if (leftNs <= 0) return;
                if (leftNs > 2000000) Thread.Sleep((int)((leftNs - 1000000) / 1000000));
                else if (leftNs > 100000) Thread.Sleep(0);
                else Thread.SpinWait(50);
            }
        }
    }
}
