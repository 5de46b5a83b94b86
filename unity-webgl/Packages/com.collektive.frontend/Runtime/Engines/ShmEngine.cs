using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Threading;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Out-of-process engine over shared memory with the JVM server (server flags <c>--transport shm --path FILE</c>;
    /// layout and rules in docs/protocol.md, "Shared memory"): the requests of a frame go into the file's request
    /// slot and the server's replies come back in its reply slot, each published by a sequence number, with the same
    /// requests (lines and the binary positions frame) and reply framing as the socket. No reader thread:
    /// <see cref="WaitForState"/> spins <see cref="SpinMicros"/> on the reply sequence number, then raises its waiting
    /// flag and blocks on the wake-up socket (<c>FILE.sock</c>) the server writes one byte to. That socket is also how
    /// either side's death is seen: the kernel closes it when the server process ends, so a wait ends with an
    /// <see cref="EngineException"/> at once.
    /// One request is in flight at a time: sending waits for the previous request's replies (kept for
    /// <see cref="TryReceiveState"/>). Memory is reached through <see cref="Marshal"/> (no unsafe code, so the same
    /// file compiles in Unity), with full fences where the protocol needs store → load order.
    /// </summary>
    public sealed class ShmEngine : IEngine
    {
        private readonly Socket _wake;
        private readonly MemoryMappedFile _file;
        private readonly MemoryMappedViewAccessor _view;
        private readonly IntPtr _base;
        private readonly int _requestOffset, _requestCapacity, _replyOffset, _replyCapacity;
        private readonly WireEncoding _encoding;
        private readonly TimingLog _log;
        private readonly RequestWriter _out = new RequestWriter(terminateLines: true, capacity: 8192);
        private readonly Queue<Reply> _inbox = new Queue<Reply>();
        private readonly PendingSteps _steps;
        private readonly byte[] _scratch = new byte[64];
        private byte[] _replies = new byte[1 << 16];
        private long _seq;
        private long _answered;
        private long _sendStart = -1;
        private int _nodeCount;
        private bool _broken;

        /// <summary>Microseconds a wait polls the reply sequence number (yielding the CPU between polls) before blocking; 0 = block at once.</summary>
        public int SpinMicros { get; set; }

        /// <summary>
        /// The program <see cref="Create"/> asks for (docs/programs.md spec, e.g. <c>"boundedElection:bound=2"</c>), sent
        /// as createSim's <c>"program"</c>; null, "" or <c>"euclidean"</c>: the reference program and the reference
        /// request bytes (no <c>"program"</c>). With another program <see cref="Create"/> waits for the server's verdict
        /// (the replies of its request) and throws its error reply (unknown program, bad parameter) as an <see cref="EngineException"/>.
        /// </summary>
        public string ProgramSpec { get; set; }

        /// <summary>How long sending waits for the previous request's replies before failing.</summary>
        public int SendTimeoutMs { get; set; }

        /// <summary>
        /// Attaches to the server's shared-memory file <paramref name="path"/>: connects to its wake-up socket, waits
        /// (at most <paramref name="attachTimeoutMs"/>) for the server to accept, maps the file and checks its header.
        /// </summary>
        public ShmEngine(string path, WireEncoding encoding, TimingLog log, int attachTimeoutMs = 10000)
        {
            _encoding = encoding;
            _log = log;
            _steps = new PendingSteps(log);
            SpinMicros = 50;
            SendTimeoutMs = 30000;
            _wake = UnixSocketEndPoint.Connect(ShmLayout.WakeSocketOf(path));
            try
            {
                Attach(attachTimeoutMs, path);
                _file = MemoryMappedFile.CreateFromFile(path, FileMode.Open, null, 0, MemoryMappedFileAccess.ReadWrite);
                _view = _file.CreateViewAccessor(0, 0, MemoryMappedFileAccess.ReadWrite);
                _base = new IntPtr(_view.SafeMemoryMappedViewHandle.DangerousGetHandle().ToInt64() + _view.PointerOffset);
                int magic = Marshal.ReadInt32(_base, ShmLayout.MagicAt);
                int version = Marshal.ReadInt32(_base, ShmLayout.VersionAt);
                if (magic != ShmLayout.Magic || version != ShmLayout.Version)
                    throw new EngineException(path + " is not a shared-memory channel of version " + ShmLayout.Version + " (magic 0x" + magic.ToString("x8") + ", version " + version + ")");
                _requestOffset = Marshal.ReadInt32(_base, ShmLayout.RequestOffsetAt);
                _requestCapacity = Marshal.ReadInt32(_base, ShmLayout.RequestCapacityAt);
                _replyOffset = Marshal.ReadInt32(_base, ShmLayout.ReplyOffsetAt);
                _replyCapacity = Marshal.ReadInt32(_base, ShmLayout.ReplyCapacityAt);
                if (_replyOffset < _requestOffset + _requestCapacity || (long)_replyOffset + _replyCapacity > _view.Capacity)
                    throw new EngineException(path + ": slots outside the mapped file (" + _view.Capacity + " bytes)");
                Marshal.WriteInt64(_base, ShmLayout.ClientPidAt, Process.GetCurrentProcess().Id);
            }
            catch (Exception e)
            {
                Close();
                if (e is EngineException) throw;
                throw new EngineException("cannot map the shared-memory file " + path + ": " + e.Message, e);
            }
        }

        private void Attach(int timeoutMs, string path)
        {
            if (!_wake.Poll(timeoutMs * 1000, SelectMode.SelectRead))
                throw new EngineException("the shared-memory server at " + path + " did not answer within " + timeoutMs + " ms");
            int n = _wake.Receive(_scratch, 0, 1, SocketFlags.None);
            if (n == 1 && _scratch[0] == ShmLayout.Ready) return;
            if (n == 1 && _scratch[0] == ShmLayout.Refused)
            {
                var message = new System.Text.StringBuilder();
                var buf = new byte[4096];
                int got;
                while (_wake.Poll(1000000, SelectMode.SelectRead) && (got = _wake.Receive(buf)) > 0) message.Append(System.Text.Encoding.UTF8.GetString(buf, 0, got));
                throw new EngineException("the shared-memory server refused: " + message.ToString().Trim());
            }
            throw new EngineException("the shared-memory server at " + path + " closed the channel while attaching");
        }

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
                _out.CreateSim(nodeCount, maxDistance);
                Publish();
                return;
            }
            if (_steps.Count > 0 || _inbox.Count > 0) throw new InvalidOperationException("Create with a program needs no step pending");
            _out.CreateSim(nodeCount, maxDistance, ProgramSpec);
            Publish();
            // The request's replies: none when the server took the program, one error reply when it refused it.
            if (!AwaitReply(Clock.Now() + Clock.FromNs(SendTimeoutMs * 1000000L)))
                throw new EngineException("the shared-memory server did not answer createSim with program \"" + ProgramSpec + "\" within " + SendTimeoutMs + " ms");
            TakeReplies();
            if (_inbox.Count == 0) return;
            var msg = _inbox.Dequeue();
            _inbox.Clear();
            string error = msg.Line == null ? null : StateJsonParser.ErrorOf(msg.Line);
            throw new EngineException(error != null
                ? "the server refused createSim with program \"" + ProgramSpec + "\": " + error
                : "unexpected reply to createSim");
        }

        /// <inheritdoc />
        public void SetSource(int node, bool isSource)
        {
            _out.SetSource(node, isSource);
            Publish();
        }

        /// <inheritdoc />
        public void SubmitPositions(Vec3[] positions)
        {
            _sendStart = Clock.Now();
            _out.Clear();
            // As SocketEngine: the request slot holds the bytes the stream would carry.
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
            Publish(rid);
            if (_log != null) _log.Record(TimingIds.SocketSend, start, Clock.Now());
        }

        /// <inheritdoc />
        public bool WaitForState(int timeoutMs)
        {
            if (_inbox.Count > 0) return true;
            if (_seq == _answered) return false;
            if (AwaitReply(Clock.Now() + Clock.FromNs(timeoutMs * 1000000L))) TakeReplies();
            return _inbox.Count > 0;
        }

        /// <inheritdoc />
        public bool TryReceiveState(EngineState into, out long arrivalTicks)
        {
            arrivalTicks = 0;
            if (_inbox.Count == 0 && _seq != _answered && ReplySeq() == _seq) TakeReplies();
            if (_inbox.Count == 0) return false;
            var msg = _inbox.Dequeue();
            arrivalTicks = msg.Arrival;
            _steps.Receive(msg, into, _nodeCount);
            return true;
        }

        /// <inheritdoc />
        public void Dispose() { Close(); }

        private void Close()
        {
            try { _wake.Close(); } catch (Exception) { }
            if (_view != null) _view.Dispose();
            if (_file != null) _file.Dispose();
        }

        private long ReplySeq() { return Marshal.ReadInt64(_base, ShmLayout.ReplySeqAt); }

        /// <summary>Publishes the written requests (after the previous request's replies are in); <paramref name="rid"/> > 0 marks a step.</summary>
        private void Publish(long rid = 0)
        {
            if (_broken) throw new EngineException("the shared-memory channel failed earlier");
            if (_seq != _answered)
            {
                if (!AwaitReply(Clock.Now() + Clock.FromNs(SendTimeoutMs * 1000000L)))
                    throw new EngineException("the shared-memory server did not answer request " + _seq + " within " + SendTimeoutMs + " ms");
                TakeReplies();
            }
            int length = _out.Length;
            if (length > _requestCapacity)
                throw new EngineException("request of " + length + " bytes is over the shared-memory request slot of " + _requestCapacity + " bytes (maxMessageBytes)");
            Marshal.Copy(_out.Buffer, 0, _base + _requestOffset, length);
            Marshal.WriteInt32(_base, ShmLayout.RequestLengthAt, length);
            Thread.MemoryBarrier(); // the bytes and length before the sequence number
            if (rid > 0) _steps.Sent(rid, Clock.Now());
            Marshal.WriteInt64(_base, ShmLayout.RequestSeqAt, ++_seq);
            Thread.MemoryBarrier(); // store → load: the sequence number before reading the server's waiting flag
            if (Marshal.ReadInt32(_base, ShmLayout.ServerWaitingAt) != 0) Ring();
            _out.Clear();
        }

        private void Ring()
        {
            try { _wake.Send(_scratch, 0, 1, SocketFlags.None); }
            catch (SocketException e) { _broken = true; throw new EngineException("the shared-memory server is gone (wake-up socket: " + e.Message + ")", e); }
        }

        /// <summary>
        /// Waits until the server has answered the last request (true) or <paramref name="deadline"/> passes (false):
        /// spins, then raises the waiting flag, looks once more (the server reads the flag after publishing, so one of
        /// the two sees the other) and blocks on the wake-up socket. Throws when the server's socket closes.
        /// </summary>
        private bool AwaitReply(long deadline)
        {
            long spinUntil = Clock.Now() + Clock.FromNs(SpinMicros * 1000L);
            while (true)
            {
                if (ReplySeq() == _seq) return true;
                long now = Clock.Now();
                if (now < spinUntil) { Thread.Yield(); continue; }
                if (now >= deadline) return false;
                Marshal.WriteInt32(_base, ShmLayout.ClientWaitingAt, 1);
                Thread.MemoryBarrier(); // store → load: the flag before the server's sequence number
                if (ReplySeq() == _seq) { Marshal.WriteInt32(_base, ShmLayout.ClientWaitingAt, 0); return true; }
                long leftUs = Clock.ToNs(deadline - now) / 1000;
                bool readable;
                try { readable = _wake.Poll((int)Math.Min(Math.Max(leftUs, 1), 200000), SelectMode.SelectRead); }
                finally { Marshal.WriteInt32(_base, ShmLayout.ClientWaitingAt, 0); }
                if (!readable) continue;
                int n;
                try { n = _wake.Receive(_scratch, 0, _scratch.Length, SocketFlags.None); }
                catch (SocketException e) { n = 0; _broken = true; throw new EngineException("the shared-memory server is gone (wake-up socket: " + e.Message + ")", e); }
                if (n == 0)
                {
                    _broken = true;
                    throw new EngineException("the shared-memory server is gone (its wake-up socket closed) with request " + _seq + " unanswered");
                }
            }
        }

        /// <summary>Copies the last request's replies out of the reply slot into the inbox (the slot is reused by the next request).</summary>
        private void TakeReplies()
        {
            long arrival = Clock.Now();
            int length = Marshal.ReadInt32(_base, ShmLayout.ReplyLengthAt);
            if (length < 0 || length > _replyCapacity)
            {
                _broken = true;
                throw new EngineException("shared-memory reply length " + length + " outside [0, " + _replyCapacity + "]");
            }
            if (_replies.Length < length) _replies = new byte[Math.Max(length, _replies.Length * 2)];
            Marshal.Copy(_base + _replyOffset, _replies, 0, length);
            _answered = _seq;
            int start = 0;
            while (start < length)
            {
                Reply reply;
                int needed;
                int used = ReplyFrames.TryNext(_replies, start, length, arrival, out reply, out needed);
                if (used == 0) { _broken = true; throw new EngineException("shared-memory reply ends inside a reply (" + (length - start) + " bytes left)"); }
                start += used;
                _inbox.Enqueue(reply);
            }
        }
    }
}
