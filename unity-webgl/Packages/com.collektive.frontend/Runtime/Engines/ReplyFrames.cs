using System;

namespace Collektive.Frontend.Engines
{
    /// <summary>One reply of the JVM server: a JSON line, or a binary state frame's payload and rid.</summary>
    internal struct Reply
    {
        public string Line;
        public byte[] Binary;
        public long BinaryRid;
        public long Arrival;
        public string Error;
    }

    /// <summary>
    /// Splits the JVM server's reply bytes into replies, the same over every transport (docs/protocol.md): a JSON
    /// line ends with '\n'; a binary state frame is marker 0x00, int32 LE length (= 8 + state size), int64 LE rid,
    /// then the docs/reference-study.md state buffer. A JSON reply always starts with '{', so the first byte tells
    /// the two apart.
    /// </summary>
    internal static class ReplyFrames
    {
        private const byte BinaryMarker = 0x00;

        /// <summary>Largest binary frame length accepted (a corrupt length fails instead of allocating).</summary>
        public const int MaxFrameLength = 512 << 20;

        /// <summary>
        /// Reads the reply starting at <paramref name="start"/> (bytes up to <paramref name="end"/>): returns the
        /// bytes it takes, or 0 when the reply is not complete yet (<paramref name="needed"/> = bytes the whole reply
        /// takes when known, else 0). Throws <see cref="EngineException"/> on a frame length out of range.
        /// </summary>
        public static int TryNext(byte[] buf, int start, int end, long arrival, out Reply reply, out int needed)
        {
            reply = default(Reply);
            needed = 0;
            if (start >= end) return 0;
            if (buf[start] == BinaryMarker)
            {
                if (end - start < 5) return 0;
                int len = buf[start + 1] | (buf[start + 2] << 8) | (buf[start + 3] << 16) | (buf[start + 4] << 24);
                if (len < 12 || len > MaxFrameLength) throw new EngineException("bad binary state frame length " + len);
                needed = 5 + len;
                if (end - start < needed) return 0;
                long rid = 0;
                for (int i = 7; i >= 0; i--) rid = (rid << 8) | buf[start + 5 + i];
                var payload = new byte[len - 8];
                Buffer.BlockCopy(buf, start + 13, payload, 0, len - 8);
                reply = new Reply { Binary = payload, BinaryRid = rid, Arrival = arrival };
                return needed;
            }
            int nl = Array.IndexOf(buf, (byte)'\n', start, end - start);
            if (nl < 0) return 0;
            reply = new Reply { Line = System.Text.Encoding.UTF8.GetString(buf, start, nl - start), Arrival = arrival };
            return nl + 1 - start;
        }
    }
}
