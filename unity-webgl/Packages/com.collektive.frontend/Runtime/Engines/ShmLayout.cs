namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Byte offsets of the shared-memory file between the C# front-end and the JVM server (docs/protocol.md, "Shared
    /// memory"; the server's <c>ShmLayout</c> holds the same numbers, and both are tested against that table).
    /// Little-endian; the client's fields and the server's sit on different 64-byte cache lines.
    /// </summary>
    public static class ShmLayout
    {
        /// <summary>int32 <see cref="Magic"/> (server).</summary>
        public const int MagicAt = 0;
        /// <summary>int32 <see cref="Version"/> (server).</summary>
        public const int VersionAt = 4;
        /// <summary>int32 offset of the request slot (server).</summary>
        public const int RequestOffsetAt = 8;
        /// <summary>int32 bytes of the request slot (server).</summary>
        public const int RequestCapacityAt = 12;
        /// <summary>int32 offset of the reply slot (server).</summary>
        public const int ReplyOffsetAt = 16;
        /// <summary>int32 bytes of the reply slot (server).</summary>
        public const int ReplyCapacityAt = 20;
        /// <summary>int64 the server's process id (server).</summary>
        public const int ServerPidAt = 24;
        /// <summary>int64 the client's process id (client).</summary>
        public const int ClientPidAt = 32;
        /// <summary>int64 sequence number of the last request published (client, written last).</summary>
        public const int RequestSeqAt = 64;
        /// <summary>int32 bytes of the request (client, before the sequence number).</summary>
        public const int RequestLengthAt = 72;
        /// <summary>int32 1 while the client is (about to be) blocked on the wake-up socket (client).</summary>
        public const int ClientWaitingAt = 96;
        /// <summary>int64 sequence number of the request last answered (server, written last).</summary>
        public const int ReplySeqAt = 128;
        /// <summary>int32 bytes of the replies (server, before the sequence number).</summary>
        public const int ReplyLengthAt = 136;
        /// <summary>int32 1 while the server is (about to be) blocked on the wake-up socket (server).</summary>
        public const int ServerWaitingAt = 160;
        /// <summary>Where the request slot starts.</summary>
        public const int HeaderBytes = 256;
        /// <summary>"CKSM" as a little-endian int32.</summary>
        public const int Magic = 0x4D534B43;
        /// <summary>Layout version this client speaks.</summary>
        public const int Version = 1;
        /// <summary>First byte on the wake-up socket when the server serves this client.</summary>
        public const byte Ready = (byte)'R';
        /// <summary>First byte on the wake-up socket when the server refuses (an error line follows).</summary>
        public const byte Refused = (byte)'E';

        /// <summary>The wake-up socket of the shared-memory file <paramref name="file"/>.</summary>
        public static string WakeSocketOf(string file) { return file + ".sock"; }
    }
}
