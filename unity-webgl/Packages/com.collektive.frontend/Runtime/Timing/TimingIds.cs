namespace Collektive.Frontend.Timing
{
    /// <summary>
    /// The documented timing ids (docs/measurements.md). Front-end ids keep the reference study's names so its
    /// analysis runs unchanged on our files.
    /// </summary>
    public static class TimingIds
    {
        /// <summary>Before the step P/Invoke → after it returned and the buffer was copied.</summary>
        public const string NativeCall = "step.native.call";
        /// <summary>Parse of the binary state buffer into the scene's state.</summary>
        public const string NativeParse = "step.native.parse";
        /// <summary>Serialize + write of all position messages and the step request.</summary>
        public const string SocketSend = "step.socket.send";
        /// <summary>Step written → response received by the reader thread.</summary>
        public const string SocketWait = "step.socket.wait";
        /// <summary>Parse of the response into the scene's state.</summary>
        public const string SocketParse = "step.socket.parse";
        /// <summary>Apply of the parsed state to the scene (values, colours, link diff).</summary>
        public const string UnityApply = "step.unity.apply";
        /// <summary>Frame's step started (positions submitted) → state applied.</summary>
        public const string UnityE2e = "step.unity.e2e";
        /// <summary>Response available → picked up by the frame loop (tick quantization / thread hand-off).</summary>
        public const string FrameWait = "step.frame.wait";
        /// <summary>P/Invoke of the no-op export (per call, averaged over a batch).</summary>
        public const string FloorNativeNoop = "floor.native.noop";
        /// <summary>Loopback round trip of one JSON line against the server's echo op.</summary>
        public const string FloorSocketEcho = "floor.socket.echo";
    }
}
