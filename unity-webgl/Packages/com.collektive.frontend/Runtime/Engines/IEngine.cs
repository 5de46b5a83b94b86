using System;
using Collektive.Frontend.Model;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// The boundary between the scene and an aggregate back-end. Per frame the frame loop calls
    /// <see cref="SubmitPositions"/> then <see cref="RequestStep"/>, and later picks the state up with
    /// <see cref="TryReceiveState"/> (synchronous engines have it ready at once; the socket engine when the reader
    /// thread has received it). Engines log their own timing ids into the <c>TimingLog</c> given at construction.
    /// Not thread-safe: call from one thread (the frame loop's).
    /// </summary>
    public interface IEngine : IDisposable
    {
        /// <summary>"native", "socket" or "fake" (the <c>transport</c> of docs/measurements.md).</summary>
        string Transport { get; }

        /// <summary>
        /// True when <see cref="RequestStep"/> returns with the state ready (an in-process call); false when the
        /// state arrives later from another thread or process. A fixed-pacing tick applies a synchronous state in the
        /// same tick and an asynchronous one at the next tick, however fast it came back.
        /// </summary>
        bool Synchronous { get; }

        /// <summary>How positions and states travel.</summary>
        WireEncoding Encoding { get; }

        /// <summary>
        /// The aggregate program <see cref="Create"/> asks for (docs/programs.md spec, e.g. <c>"gossipMax"</c>); null,
        /// "" or <c>"euclidean"</c>: the reference program, asked for with the reference's own call or request. A
        /// program the engine does not know fails <see cref="Create"/> (in-process) or the first step (a server's
        /// error reply) with the engine's message.
        /// </summary>
        string ProgramSpec { get; set; }

        /// <summary>Creates the simulation (replaces a previous one).</summary>
        void Create(int nodeCount, double maxDistance);

        /// <summary>Marks or unmarks a device as a gradient source.</summary>
        void SetSource(int node, bool isSource);

        /// <summary>Sends every device's position for the next step (index = device id).</summary>
        void SubmitPositions(Vec3[] positions);

        /// <summary>Requests one step of <paramref name="rounds"/> rounds.</summary>
        void RequestStep(int rounds);

        /// <summary>Steps requested whose state has not been received yet.</summary>
        int Pending { get; }

        /// <summary>Blocks until a state is ready for <see cref="TryReceiveState"/> (true) or the timeout elapses.</summary>
        bool WaitForState(int timeoutMs);

        /// <summary>
        /// When a requested step's state is available, parses it into <paramref name="into"/>, sets
        /// <paramref name="arrivalTicks"/> (Stopwatch ticks at which it became available) and returns true;
        /// otherwise returns false at once. Throws <see cref="EngineException"/> on a back-end error.
        /// </summary>
        bool TryReceiveState(EngineState into, out long arrivalTicks);
    }

    /// <summary>How positions and states travel between front-end and back-end.</summary>
    public enum WireEncoding
    {
        /// <summary>The reference protocol: one position request (JSON line or call) per device, JSON state (socket) or the state buffer (native).</summary>
        Json,
        /// <summary>One batched positions message/call per frame; JSON state on the socket.</summary>
        Batched,
        /// <summary>
        /// Binary positions and the binary state frame (socket: the JVM server's binary positions frame; WebSocket: a
        /// binary positions message); same as <see cref="Batched"/> on native.
        /// </summary>
        Binary,
    }

    /// <summary>A back-end reported an error or broke the protocol.</summary>
    public sealed class EngineException : Exception
    {
        /// <summary>Creates the exception.</summary>
        public EngineException(string message) : base(message) { }
        /// <summary>Creates the exception with a cause.</summary>
        public EngineException(string message, Exception inner) : base(message, inner) { }
    }

    /// <summary>Parsing and naming of <see cref="WireEncoding"/> values ("json", "batched", "binary").</summary>
    public static class WireEncodings
    {
        /// <summary>The lower-case name used on command lines and in run.json.</summary>
        public static string Name(WireEncoding e)
        {
            switch (e)
            {
                case WireEncoding.Json: return "json";
                case WireEncoding.Batched: return "batched";
                default: return "binary";
            }
        }

        /// <summary>Parses a name; throws <see cref="ArgumentException"/> on anything else.</summary>
        public static WireEncoding Parse(string name)
        {
            switch (name)
            {
                case "json": return WireEncoding.Json;
                case "batched": return WireEncoding.Batched;
                case "binary": return WireEncoding.Binary;
                default: throw new ArgumentException("unknown encoding '" + name + "' (json, batched, binary)");
            }
        }
    }
}
