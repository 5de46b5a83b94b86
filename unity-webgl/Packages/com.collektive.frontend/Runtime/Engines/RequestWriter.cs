using System;
using Collektive.Frontend.Model;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// The client's requests of docs/protocol.md, written as JSON lines into one reusable buffer: the one request
    /// writer of the out-of-process engines (<see cref="SocketEngine"/> over TCP or a Unix socket,
    /// <see cref="ShmEngine"/> over shared memory, <c>WebSocketEngine</c> over a browser WebSocket), so all send
    /// byte-identical requests. Lines are separated by '\n'; with <c>terminateLines</c> (the JVM server's stream of
    /// requests) every line also ends with one, without it (one WebSocket message holding several lines) the last line
    /// has none. Numbers: <see cref="ByteWriter.Double"/>. The stream also takes the binary positions frame
    /// (<see cref="PositionsFrame"/>) between its lines.
    /// </summary>
    public sealed class RequestWriter
    {
        private readonly ByteWriter _out;
        private readonly bool _terminateLines;

        /// <summary>Creates an empty writer.</summary>
        public RequestWriter(bool terminateLines, int capacity = 4096)
        {
            _out = new ByteWriter(capacity);
            _terminateLines = terminateLines;
        }

        /// <summary>The written bytes (valid up to <see cref="Length"/>).</summary>
        public byte[] Buffer { get { return _out.Buffer; } }
        /// <summary>Bytes written.</summary>
        public int Length { get { return _out.Length; } }

        /// <summary>Forgets the written requests.</summary>
        public void Clear() { _out.Clear(); }

        /// <summary>The written requests as text (ASCII: every JSON request is; a binary frame's bytes are not text).</summary>
        public string Text() { return System.Text.Encoding.ASCII.GetString(_out.Buffer, 0, _out.Length); }

        /// <summary>
        /// <c>createSim {nodeCount, maxDistance}</c>, with <c>"program": spec</c> only when <paramref name="program"/>
        /// asks for another program than the reference (<see cref="ProgramSpecs.IsReference"/>): the reference
        /// program's request stays the reference's bytes.
        /// </summary>
        public void CreateSim(int nodeCount, double maxDistance, string program = null)
        {
            Begin("createSim").Ascii("\"nodeCount\":").Int(nodeCount).Ascii(",\"maxDistance\":").Double(maxDistance);
            if (!ProgramSpecs.IsReference(program))
            {
                _out.Ascii(",\"program\":");
                JsonString(program);
            }
            End();
        }

        /// <summary><c>setSource {nodeId}</c>, the reference's form; <c>"isSource":false</c> only to clear a source.</summary>
        public void SetSource(int node, bool isSource)
        {
            Begin("setSource").Ascii("\"nodeId\":").Int(node);
            if (!isSource) _out.Ascii(",\"isSource\":false");
            End();
        }

        /// <summary>One <c>newPosition {nodeId, x, y, z}</c> per device, in id order (the reference's requests).</summary>
        public void NewPositions(Vec3[] positions)
        {
            for (int i = 0; i < positions.Length; i++)
            {
                var p = positions[i];
                Begin("newPosition").Ascii("\"nodeId\":").Int(i)
                    .Ascii(",\"x\":").Double(p.X).Ascii(",\"y\":").Double(p.Y).Ascii(",\"z\":").Double(p.Z);
                End();
            }
        }

        /// <summary>The batched extension: one <c>positions {xyz: [x0, y0, z0, x1, …]}</c>.</summary>
        public void Positions(Vec3[] positions)
        {
            Begin("positions").Ascii("\"xyz\":[");
            for (int i = 0; i < positions.Length; i++)
            {
                var p = positions[i];
                if (i > 0) _out.Byte((byte)',');
                _out.Double(p.X).Byte((byte)',').Double(p.Y).Byte((byte)',').Double(p.Z);
            }
            _out.Byte((byte)']');
            End();
        }

        /// <summary>
        /// The JVM server's binary positions frame (docs/protocol.md, "Binary positions frame"): byte 0x00, kind 0x01,
        /// then the positions buffer of <see cref="BinaryPositions"/> (int32 LE count, x y z as float64 LE per device),
        /// and no line end (the count says where the frame ends). The <c>positions</c> request without its JSON: no
        /// number is formatted here nor parsed by the server. Streams only (<c>terminateLines</c>): a WebSocket
        /// carries <see cref="BinaryPositions"/> as a binary message instead.
        /// </summary>
        public void PositionsFrame(Vec3[] positions)
        {
            if (!_terminateLines) throw new InvalidOperationException("the binary positions frame belongs to the JVM server's request stream, not to a WebSocket message of lines");
            _out.Byte(FrameMarker).Byte(PositionsFrameKind);
            WritePositionsBuffer(_out, positions);
        }

        /// <summary>First byte of a binary request frame (no JSON line starts with it).</summary>
        public const byte FrameMarker = 0x00;
        /// <summary>Frame kind of <see cref="PositionsFrame"/>.</summary>
        public const byte PositionsFrameKind = 0x01;

        /// <summary><c>step {rid, stepCount}</c>, with <c>"encoding":"binary"</c> to be answered by the binary state frame.</summary>
        public void Step(long rid, int rounds, bool binaryReply)
        {
            Begin("step").Ascii("\"rid\":").Int(rid).Ascii(",\"stepCount\":").Int(rounds);
            if (binaryReply) _out.Ascii(",\"encoding\":\"binary\"");
            End();
        }

        /// <summary><c>echo {seq}</c>: the server answers with the request unchanged (the transport floor).</summary>
        public void Echo(long seq)
        {
            Begin("echo").Ascii("\"seq\":").Int(seq);
            End();
        }

        /// <summary>
        /// The binary positions message of docs/protocol.md (WebSocket only: int32 LE count, then x y z as float64 LE per
        /// device), built in <paramref name="scratch"/> and returned as its own array.
        /// </summary>
        public static byte[] BinaryPositions(Vec3[] positions, ByteWriter scratch)
        {
            scratch.Clear();
            WritePositionsBuffer(scratch, positions);
            var copy = new byte[scratch.Length];
            System.Buffer.BlockCopy(scratch.Buffer, 0, copy, 0, scratch.Length);
            return copy;
        }

        /// <summary>The positions buffer both binary forms carry: int32 LE count, then x y z as float64 LE per device.</summary>
        private static void WritePositionsBuffer(ByteWriter w, Vec3[] positions)
        {
            w.Int32LE(positions.Length);
            for (int i = 0; i < positions.Length; i++) w.Float64LE(positions[i].X).Float64LE(positions[i].Y).Float64LE(positions[i].Z);
        }

        /// <summary>A JSON string of <paramref name="s"/>, ASCII only (quotes, backslashes, control and non-ASCII characters escaped).</summary>
        private void JsonString(string s)
        {
            _out.Byte((byte)'"');
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') { _out.Byte((byte)'\\').Byte((byte)c); }
                else if (c >= 0x20 && c < 0x7f) _out.Byte((byte)c);
                else _out.Ascii("\\u").Ascii(((int)c).ToString("x4", System.Globalization.CultureInfo.InvariantCulture));
            }
            _out.Byte((byte)'"');
        }

        private ByteWriter Begin(string op)
        {
            if (!_terminateLines && _out.Length > 0) _out.Byte((byte)'\n');
            return _out.Ascii("{\"op\":\"").Ascii(op).Ascii("\",\"data\":{");
        }

        private void End()
        {
            _out.Ascii("}}");
            if (_terminateLines) _out.Byte((byte)'\n');
        }
    }
}
