using System;

namespace Collektive.Frontend.Loop
{
    /// <summary>When the frame loop starts the next step.</summary>
    public enum Pacing
    {
        /// <summary>
        /// A fixed-update tick (default 20 ms of simulated time, divided by the time scale in real time): each tick
        /// submits positions and requests a step, then polls once for responses, like the reference's FixedUpdate.
        /// </summary>
        Fixed,
        /// <summary>The next step starts as soon as the previous state is applied.</summary>
        Free,
        /// <summary>
        /// One step per frame at the tick's real-time period, awaited within the frame (as an Update that blocks on
        /// the engine): both paths paced alike, the step's e2e is its own (no tick quantization), and the processes
        /// idle between frames as a game's do.
        /// </summary>
        Frame,
    }

    /// <summary>Options of a <see cref="FrameLoop"/> run.</summary>
    public sealed class FrameLoopOptions
    {
        /// <summary>Pacing (default free).</summary>
        public Pacing Pacing = Pacing.Free;
        /// <summary>Fixed timestep in ms of simulated time (Unity's fixedDeltaTime; default 20).</summary>
        public double TickMs = 20.0;
        /// <summary>Simulated time per real time (Unity's Time.timeScale; default 1; the reference socket scene used 0.1).</summary>
        public double TimeScale = 1.0;
        /// <summary>Frames (steps) to run.</summary>
        public int Frames = 1000;
        /// <summary>Rounds per step (the reference: 1).</summary>
        public int RoundsPerStep = 1;
        /// <summary>Longest wait for one response before the run fails, ms.</summary>
        public int TimeoutMs = 10000;
        /// <summary>
        /// Free pacing only: steps kept in flight (default 1, the reference protocol's one step at a time). With k
        /// &gt; 1 the loop starts a new step whenever fewer than k are pending, so each applied state is the reply
        /// to a request made k − 1 steps earlier: the scene shows results k − 1 frames late (docs/network.md,
        /// "Pipelining"). Needs an engine that queues requests (the socket engine does; the native engine is
        /// synchronous and never has more than one).
        /// </summary>
        public int InFlight = 1;

        /// <summary>Real-time tick period in ms.</summary>
        public double RealTickMs { get { return TickMs / TimeScale; } }

        /// <summary>Parses "fixed" / "free" / "frame".</summary>
        public static Pacing ParsePacing(string s)
        {
            if (s == "fixed") return Pacing.Fixed;
            if (s == "free") return Pacing.Free;
            if (s == "frame") return Pacing.Frame;
            throw new ArgumentException("unknown pacing '" + s + "' (fixed, free, frame)");
        }

        /// <summary>"fixed" / "free" / "frame".</summary>
        public static string Name(Pacing p) { return p == Pacing.Fixed ? "fixed" : p == Pacing.Frame ? "frame" : "free"; }
    }
}
