using System;
using Collektive.Frontend.Model;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Parser of the binary state buffer (docs/reference-study.md, little-endian): int32 nodeCount, then per node float64 value,
    /// int32 neighbourCount, neighbourCount × int32 ids. Used for the native engine's buffer and the socket's binary
    /// frame. Rejects truncated buffers, negative counts and trailing bytes with a <see cref="FormatException"/>.
    /// </summary>
    public static class StateBufferParser
    {
        /// <summary>Parses <paramref name="length"/> bytes of <paramref name="buffer"/> from <paramref name="offset"/> into <paramref name="into"/>.</summary>
        public static void Parse(byte[] buffer, int offset, int length, EngineState into)
        {
            if (buffer == null) throw new ArgumentNullException("buffer");
            if (offset < 0 || length < 0 || offset + length > buffer.Length)
                throw new ArgumentOutOfRangeException("length", length, "range outside the buffer");
            int end = offset + length;
            int o = offset;
            int n = ReadInt32(buffer, ref o, end, -1);
            if (n < 0) throw new FormatException("state buffer: negative nodeCount " + n);
            // Each node needs at least 12 bytes: reject absurd counts before allocating.
            if ((long)n * 12 > end - o) throw new FormatException("state buffer truncated: nodeCount " + n + " needs at least " + ((long)n * 12) + " bytes, " + (end - o) + " left");
            // Upper bound of neighbour ids: what is left after the fixed 12 bytes per node, in int32s.
            int maxIds = (int)((end - o - (long)n * 12) / 4);
            double[] values; int[] offsets; int[] ids;
            into.BeginRaw(n, maxIds, out values, out offsets, out ids);
            int at = 0;
            for (int i = 0; i < n; i++)
            {
                values[i] = ReadDouble(buffer, ref o, end, i);
                int k = ReadInt32(buffer, ref o, end, i);
                if (k < 0) throw new FormatException("state buffer: negative neighbourCount " + k + " at node " + i);
                // The ids must fit in what is left once the remaining nodes' fixed 12 bytes are set aside.
                if ((long)k * 4 > end - o - (long)(n - 1 - i) * 12)
                    throw new FormatException("state buffer truncated in the neighbours of node " + i + " (" + k + " announced, " + ((end - o) / 4) + " int32s left for " + (n - i) + " nodes)");
                for (int j = 0; j < k; j++, o += 4)
                    ids[at++] = buffer[o] | (buffer[o + 1] << 8) | (buffer[o + 2] << 16) | (buffer[o + 3] << 24);
                offsets[i + 1] = at;
            }
            if (o != end) throw new FormatException("state buffer: " + (end - o) + " trailing bytes after " + n + " nodes");
            into.CommitRaw(n, at);
        }

        // node = -1 for the node count, else the node whose neighbour count is read (message built only on failure).
        private static int ReadInt32(byte[] b, ref int o, int end, int node)
        {
            if (end - o < 4)
                throw new FormatException("state buffer truncated reading " + (node < 0 ? "nodeCount" : "neighbourCount of node " + node) + " at byte " + o);
            int v = b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24);
            o += 4;
            return v;
        }

        private static double ReadDouble(byte[] b, ref int o, int end, int node)
        {
            if (end - o < 8) throw new FormatException("state buffer truncated reading the value of node " + node + " at byte " + o);
            long lo = (uint)(b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24));
            long hi = (uint)(b[o + 4] | (b[o + 5] << 8) | (b[o + 6] << 16) | (b[o + 7] << 24));
            o += 8;
            return BitConverter.Int64BitsToDouble(lo | (hi << 32));
        }
    }
}
