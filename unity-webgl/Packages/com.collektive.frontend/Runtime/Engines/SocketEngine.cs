using System;
using System.Collections.Generic;
using System.Net.Sockets;
using System.Threading;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Out-of-process engine: a <see cref="TcpClient"/> to the JVM server speaking newline-delimited JSON
    /// (docs/reference-study.md), with a background reader thread as in the reference scene. Per frame: one <c>newPosition</c>
    /// message per device (or one batched <c>positions {xyz}</c>), then <c>step {rid, stepCount}</c>; all of a frame's
    /// messages go out in one write (TCP_NODELAY), timed as <c>step.socket.send</c>. The reader thread stamps each
    /// response when it arrives; on pickup the response is parsed on the caller's thread
    /// (<c>step.socket.parse</c>) and <c>step.socket.wait</c> (step handed to the kernel → reply received; it overlaps
    /// <c>step.socket.send</c> by the write call, like the echo floor that also starts before its write) is logged.
    /// </summary>
    public sealed class SocketEngine : IEngine
    {
        private struct Inbound
        {
            public string Line;
            public byte[] Binary;
            public int BinaryLength;
            public long BinaryRid;
            public long Arrival;
            public string Error;
        }

        private readonly TcpClient _client;
        private readonly NetworkStream _stream;
        private readonly TimingLog _log;
        private readonly WireEncoding _encoding;
        private readonly RequestWriter _out = new RequestWriter(terminateLines: true, capacity: 8192);
        private readonly Queue<Inbound> _inbox = new Queue<Inbound>();
        private readonly object _lock = new object();
        private volatile int _inboxCount;
        private readonly Thread _reader;
        private volatile bool _running = true;
        private readonly long[] _sentTicks = new long[1024];
        private readonly Queue<long> _ridOrder = new Queue<long>();
        private const byte BinaryMarker = 0x00;
        private long _nextRid = 1;
        private long _sendStart = -1;
        private int _nodeCount;
        private int _pending;

        /// <summary>
        /// Microseconds <see cref="WaitForState"/> polls (yielding the CPU between polls) before blocking on the
        /// reader thread's signal: trades CPU for a shorter reader → frame-loop hand-off (<c>step.frame.wait</c>).
        /// </summary>
        public int SpinMicros { get; set; }

        /// <summary>Connects to <paramref name="host"/>:<paramref name="port"/>; <paramref name="log"/> may be null.</summary>
        public SocketEngine(string host, int port, WireEncoding encoding, TimingLog log)
        {
            _encoding = encoding;
            _log = log;
            SpinMicros = 50;
            _client = new TcpClient();
            _client.NoDelay = true;
            try { _client.Connect(host, port); }
            catch (SocketException e) { throw new EngineException("cannot connect to " + host + ":" + port + ": " + e.Message, e); }
            _stream = _client.GetStream();
            _reader = new Thread(ReadLoop) { IsBackground = true, Name = "collektive-socket-reader" };
            _reader.Start();
        }

        /// <inheritdoc />
        public string Transport { get { return "socket"; } }
        /// <inheritdoc />
        public bool Synchronous { get { return false; } }
        /// <inheritdoc />
        public WireEncoding Encoding { get { return _encoding; } }
        /// <inheritdoc />
        public int Pending { get { return _pending; } }

        /// <inheritdoc />
        public void Create(int nodeCount, double maxDistance)
        {
            _nodeCount = nodeCount;
            // Appended, not cleared: lines a SubmitPositions left for RequestStep go out first, in call order.
            _out.CreateSim(nodeCount, maxDistance);
            Flush();
        }

        /// <inheritdoc />
        public void SetSource(int node, bool isSource)
        {
            _out.SetSource(node, isSource);
            Flush();
        }

        /// <inheritdoc />
        public void SubmitPositions(Vec3[] positions)
        {
            _sendStart = Clock.Now();
            _out.Clear();
            // json: the reference's one line per device; batched and binary: one positions line (the TCP server takes
            // no binary positions; binary only changes the reply).
            if (_encoding == WireEncoding.Json) _out.NewPositions(positions);
            else _out.Positions(positions);
        }

        /// <inheritdoc />
        public void RequestStep(int rounds)
        {
            long start = _sendStart >= 0 ? _sendStart : Clock.Now();
            if (_sendStart < 0) _out.Clear();
            _sendStart = -1;
            long rid = _nextRid++;
            _out.Step(rid, rounds, _encoding == WireEncoding.Binary);
            // step.socket.wait starts when the request is handed to the kernel, not when write() returns: on
            // loopback the server can be woken, compute and reply before the writing thread is scheduled again.
            long handedOver = Clock.Now();
            _sentTicks[rid & 1023] = handedOver;
            _ridOrder.Enqueue(rid);
            _pending++;
            Flush();
            long written = Clock.Now();
            if (_log != null) _log.Record(TimingIds.SocketSend, start, written);
        }

        /// <inheritdoc />
        public bool WaitForState(int timeoutMs)
        {
            if (_inboxCount > 0) return true;
            if (SpinMicros > 0)
            {
                long until = Clock.Now() + Clock.FromNs(SpinMicros * 1000L);
                // Yield rather than burn: on a 2-core machine (or pinned to one CPU) the reader thread needs a CPU
                // to receive the reply this loop is waiting for.
                while (Clock.Now() < until)
                {
                    if (_inboxCount > 0) return true;
                    Thread.Yield();
                }
            }
            lock (_lock)
            {
                long deadline = Clock.Now() + Clock.FromNs(timeoutMs * 1000000L);
                while (_inbox.Count == 0)
                {
                    long left = Clock.ToNs(deadline - Clock.Now()) / 1000000;
                    if (left <= 0 || !Monitor.Wait(_lock, (int)Math.Min(left, int.MaxValue))) return _inbox.Count > 0;
                }
                return true;
            }
        }

        /// <inheritdoc />
        public bool TryReceiveState(EngineState into, out long arrivalTicks)
        {
            arrivalTicks = 0;
            Inbound msg;
            lock (_lock)
            {
                if (_inbox.Count == 0) return false;
                msg = _inbox.Dequeue();
                _inboxCount = _inbox.Count;
            }
            arrivalTicks = msg.Arrival;
            if (msg.Error != null) throw new EngineException(msg.Error);
            long t0 = Clock.Now();
            long rid;
            if (msg.Binary != null)
            {
                StateBufferParser.Parse(msg.Binary, 0, msg.BinaryLength, into);
                rid = msg.BinaryRid;
            }
            else rid = StateJsonParser.Parse(msg.Line, into);
            long t1 = Clock.Now();
            // Pair with the request: by rid when the reply carries one, else by order (replies come in order).
            long expected = _ridOrder.Count > 0 ? _ridOrder.Dequeue() : -1;
            if (rid >= 0 && rid != expected) throw new EngineException("reply for rid " + rid + " while waiting for rid " + expected);
            if (expected < 0) throw new EngineException("unexpected reply with no step pending");
            _pending--;
            if (_log != null)
            {
                _log.Record(TimingIds.SocketWait, _sentTicks[expected & 1023], msg.Arrival);
                _log.Record(TimingIds.SocketParse, t0, t1);
            }
            if (into.Count != _nodeCount) throw new EngineException("reply has " + into.Count + " devices, expected " + _nodeCount);
            return true;
        }

        /// <inheritdoc />
        public void Dispose()
        {
            _running = false;
            try { _client.Close(); } catch (Exception) { }
            if (_reader.IsAlive) _reader.Join(500);
        }

        private void Flush()
        {
            try { _stream.Write(_out.Buffer, 0, _out.Length); }
            catch (Exception e) { throw new EngineException("write to the server failed: " + e.Message, e); }
            _out.Clear();
        }

        private void Enqueue(Inbound m)
        {
            lock (_lock)
            {
                _inbox.Enqueue(m);
                _inboxCount = _inbox.Count;
                Monitor.PulseAll(_lock);
            }
        }

        // Reader thread: splits the byte stream into JSON lines and binary state frames (collektive-jvm-server
        // README): marker 0x00, int32 LE length (= 8 + state size), int64 LE rid, the docs/reference-study.md state buffer.
        // A JSON reply line always starts with '{', so the first byte tells the two apart.
        private void ReadLoop()
        {
            var buf = new byte[1 << 16];
            int start = 0, end = 0;
            try
            {
                while (_running)
                {
                    if (end == buf.Length)
                    {
                        if (start > 0) { Buffer.BlockCopy(buf, start, buf, 0, end - start); end -= start; start = 0; }
                        else Array.Resize(ref buf, buf.Length * 2);
                    }
                    int n = _stream.Read(buf, end, buf.Length - end);
                    long now = Clock.Now();
                    if (n <= 0) { if (_running) Enqueue(new Inbound { Error = "server closed the connection", Arrival = now }); return; }
                    end += n;
                    while (start < end)
                    {
                        if (buf[start] == BinaryMarker)
                        {
                            if (end - start < 5) break;
                            int len = buf[start + 1] | (buf[start + 2] << 8) | (buf[start + 3] << 16) | (buf[start + 4] << 24);
                            if (len < 12 || len > (512 << 20)) { Enqueue(new Inbound { Error = "bad binary state frame length " + len, Arrival = now }); return; }
                            if (end - start < 5 + len)
                            {
                                if (start + 5 + len > buf.Length)
                                {
                                    Buffer.BlockCopy(buf, start, buf, 0, end - start); end -= start; start = 0;
                                    if (5 + len > buf.Length) Array.Resize(ref buf, 5 + len);
                                }
                                break;
                            }
                            long rid = 0;
                            for (int i = 7; i >= 0; i--) rid = (rid << 8) | buf[start + 5 + i];
                            var payload = new byte[len - 8];
                            Buffer.BlockCopy(buf, start + 13, payload, 0, len - 8);
                            start += 5 + len;
                            Enqueue(new Inbound { Binary = payload, BinaryLength = payload.Length, BinaryRid = rid, Arrival = now });
                            continue;
                        }
                        int nl = Array.IndexOf(buf, (byte)'\n', start, end - start);
                        if (nl < 0) break;
                        var line = System.Text.Encoding.UTF8.GetString(buf, start, nl - start);
                        start = nl + 1;
                        Enqueue(new Inbound { Line = line, Arrival = now });
                    }
                    if (start == end) { start = 0; end = 0; }
                }
            }
            catch (Exception e)
            {
                if (_running) Enqueue(new Inbound { Error = "socket read failed: " + e.GetType().Name + ": " + e.Message, Arrival = Clock.Now() });
            }
        }
    }
}
