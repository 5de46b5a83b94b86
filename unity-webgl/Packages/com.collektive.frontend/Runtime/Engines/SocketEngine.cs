using System;
using System.Collections.Generic;
using System.Net.Sockets;
using System.Threading;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Out-of-process engine over a stream socket to the JVM server, TCP (<see cref="SocketEngine(string, int, WireEncoding, TimingLog)"/>)
    /// or a Unix domain socket (<see cref="OverUnixSocket"/>), speaking newline-delimited JSON (docs/reference-study.md,
    /// docs/protocol.md), with a background reader thread as in the reference scene. Per frame: one <c>newPosition</c>
    /// message per device (or one batched <c>positions {xyz}</c>, or with <see cref="WireEncoding.Binary"/> the binary
    /// positions frame), then <c>step {rid, stepCount}</c>; all of a frame's messages go out in one write (TCP_NODELAY),
    /// timed as <c>step.socket.send</c>. The reader thread stamps each response when it arrives; on pickup the
    /// response is parsed on the caller's thread (<c>step.socket.parse</c>) and <c>step.socket.wait</c> (step handed
    /// to the kernel → reply received; it overlaps <c>step.socket.send</c> by the write call, like the echo floor that
    /// also starts before its write) is logged.
    /// </summary>
    public sealed class SocketEngine : IEngine
    {
        private readonly Socket _socket;
        private readonly NetworkStream _stream;
        private readonly WireEncoding _encoding;
        private readonly string _link;
        private readonly RequestWriter _out = new RequestWriter(terminateLines: true, capacity: 8192);
        private readonly Queue<Reply> _inbox = new Queue<Reply>();
        private readonly object _lock = new object();
        private volatile int _inboxCount;
        private readonly Thread _reader;
        private volatile bool _running = true;
        private readonly PendingSteps _steps;
        private readonly TimingLog _log;
        private long _sendStart = -1;
        private int _nodeCount;

        /// <summary>
        /// Microseconds <see cref="WaitForState"/> polls (yielding the CPU between polls) before blocking on the
        /// reader thread's signal: trades CPU for a shorter reader → frame-loop hand-off (<c>step.frame.wait</c>).
        /// </summary>
        public int SpinMicros { get; set; }

        /// <summary>
        /// The program <see cref="Create"/> asks for (docs/programs.md spec, e.g. <c>"boundedElection:bound=2"</c>), sent
        /// as createSim's <c>"program"</c>; null, "" or <c>"euclidean"</c>: the reference program and the reference
        /// request bytes (no <c>"program"</c>). With another program <see cref="Create"/> waits for the server's verdict
        /// and throws its error reply (unknown program, bad parameter) as an <see cref="EngineException"/>.
        /// </summary>
        public string ProgramSpec { get; set; }

        /// <summary>Connects over TCP to <paramref name="host"/>:<paramref name="port"/>; <paramref name="log"/> may be null.</summary>
        public SocketEngine(string host, int port, WireEncoding encoding, TimingLog log)
            : this(ConnectTcp(host, port), "tcp", encoding, log) { }

        private SocketEngine(Socket socket, string link, WireEncoding encoding, TimingLog log)
        {
            _socket = socket;
            _link = link;
            _encoding = encoding;
            _log = log;
            _steps = new PendingSteps(log);
            SpinMicros = 50;
            CreateTimeoutMs = 10000;
            _stream = new NetworkStream(socket, true);
            _reader = new Thread(ReadLoop) { IsBackground = true, Name = "collektive-socket-reader" };
            _reader.Start();
        }

        /// <summary>
        /// Connects to the server's Unix domain socket at <paramref name="path"/> (server flags
        /// <c>--transport uds --path PATH</c>): the same framing and encodings as TCP.
        /// </summary>
        public static SocketEngine OverUnixSocket(string path, WireEncoding encoding, TimingLog log)
        {
            return new SocketEngine(UnixSocketEndPoint.Connect(path), "uds", encoding, log);
        }

        private static Socket ConnectTcp(string host, int port)
        {
            var client = new TcpClient();
            client.NoDelay = true;
            try { client.Connect(host, port); }
            catch (SocketException e) { client.Close(); throw new EngineException("cannot connect to " + host + ":" + port + ": " + e.Message, e); }
            return client.Client;
        }

        /// <summary>"tcp" or "uds": what carries the stream.</summary>
        public string Link { get { return _link; } }

        /// <inheritdoc />
        public string Transport { get { return "socket"; } }
        /// <inheritdoc />
        public bool Synchronous { get { return false; } }
        /// <inheritdoc />
        public WireEncoding Encoding { get { return _encoding; } }
        /// <inheritdoc />
        public int Pending { get { return _steps.Count; } }

        /// <inheritdoc />
        public void Create(int nodeCount, double maxDistance)
        {
            _nodeCount = nodeCount;
            if (ProgramSpecs.IsReference(ProgramSpec))
            {
                // Appended, not cleared: lines a SubmitPositions left for RequestStep go out first, in call order.
                _out.CreateSim(nodeCount, maxDistance);
                Flush();
                return;
            }
            // A createSim that succeeds has no reply: an echo right behind it comes back alone when the server took
            // the program, after an error reply when it refused it.
            if (_steps.Count > 0 || _inboxCount > 0) throw new InvalidOperationException("Create with a program needs no step pending");
            _out.CreateSim(nodeCount, maxDistance, ProgramSpec);
            _out.Echo(0);
            Flush();
            string refused = null;
            while (true)
            {
                if (!WaitForState(CreateTimeoutMs))
                    throw new EngineException("the server did not answer createSim with program \"" + ProgramSpec + "\" within " + CreateTimeoutMs + " ms");
                Reply msg;
                lock (_lock)
                {
                    msg = _inbox.Dequeue();
                    _inboxCount = _inbox.Count;
                }
                if (msg.Error != null) throw new EngineException(msg.Error);
                if (msg.Line == null) throw new EngineException("unexpected binary reply to createSim");
                string error = StateJsonParser.ErrorOf(msg.Line);
                if (error == null) break; // the echo
                if (refused == null) refused = error;
            }
            if (refused != null) throw new EngineException("the server refused createSim with program \"" + ProgramSpec + "\": " + refused);
        }

        /// <summary>How long <see cref="Create"/> with a program waits for the server's verdict (ms).</summary>
        public int CreateTimeoutMs { get; set; }

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
            // json: the reference's one line per device; batched: one positions line; binary: the binary positions
            // frame (no number formatted here nor parsed by the server).
            if (_encoding == WireEncoding.Json) _out.NewPositions(positions);
            else if (_encoding == WireEncoding.Binary) _out.PositionsFrame(positions);
            else _out.Positions(positions);
        }

        /// <inheritdoc />
        public void RequestStep(int rounds)
        {
            long start = _sendStart >= 0 ? _sendStart : Clock.Now();
            if (_sendStart < 0) _out.Clear();
            _sendStart = -1;
            long rid = _steps.NextRid();
            _out.Step(rid, rounds, _encoding == WireEncoding.Binary);
            // step.socket.wait starts when the request is handed to the kernel, not when write() returns: on
            // loopback the server can be woken, compute and reply before the writing thread is scheduled again.
            _steps.Sent(rid, Clock.Now());
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
            Reply msg;
            lock (_lock)
            {
                if (_inbox.Count == 0) return false;
                msg = _inbox.Dequeue();
                _inboxCount = _inbox.Count;
            }
            arrivalTicks = msg.Arrival;
            _steps.Receive(msg, into, _nodeCount);
            return true;
        }

        /// <inheritdoc />
        public void Dispose()
        {
            _running = false;
            try { _socket.Close(); } catch (Exception) { }
            if (_reader.IsAlive) _reader.Join(500);
        }

        private void Flush()
        {
            try { _stream.Write(_out.Buffer, 0, _out.Length); }
            catch (Exception e) { throw new EngineException("write to the server failed: " + e.Message, e); }
            _out.Clear();
        }

        private void Enqueue(Reply m)
        {
            lock (_lock)
            {
                _inbox.Enqueue(m);
                _inboxCount = _inbox.Count;
                Monitor.PulseAll(_lock);
            }
        }

        // Reader thread: splits the byte stream into replies (ReplyFrames) as they arrive.
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
                    if (n <= 0) { if (_running) Enqueue(new Reply { Error = "server closed the connection", Arrival = now }); return; }
                    end += n;
                    while (start < end)
                    {
                        Reply reply;
                        int needed;
                        int used = ReplyFrames.TryNext(buf, start, end, now, out reply, out needed);
                        if (used == 0)
                        {
                            // Incomplete: make room for the whole frame when its length is known.
                            if (needed > 0 && start + needed > buf.Length)
                            {
                                Buffer.BlockCopy(buf, start, buf, 0, end - start); end -= start; start = 0;
                                if (needed > buf.Length) Array.Resize(ref buf, needed);
                            }
                            break;
                        }
                        start += used;
                        Enqueue(reply);
                    }
                    if (start == end) { start = 0; end = 0; }
                }
            }
            catch (EngineException e)
            {
                if (_running) Enqueue(new Reply { Error = e.Message, Arrival = Clock.Now() });
            }
            catch (Exception e)
            {
                if (_running) Enqueue(new Reply { Error = "socket read failed: " + e.GetType().Name + ": " + e.Message, Arrival = Clock.Now() });
            }
        }
    }
}
