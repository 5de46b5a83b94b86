using System;
using System.Collections.Generic;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// Out-of-process web engine for the Unity WebGL player: a browser WebSocket (CollektiveWebSocket.jslib) to the
    /// Node <c>ws</c> server, speaking the JSON-lines protocol of docs/reference-study.md.
    /// <see cref="WireEncoding.Json"/>: one <c>newPosition</c> per device then <c>step {rid, stepCount}</c> (the
    /// reference requests), sent as ONE text message per frame holding those requests as lines joined by '\n' — the
    /// desktop socket's framing, which <c>SocketEngine</c> also hands over in one write; the server
    /// handles each line as its own request, with its own error reply. Why one message: in the browser every
    /// WebSocket message has its own cost in the network stack (Chromium's network service), ~40–60 µs per message
    /// on a 2-core machine, paid N+1 times per frame; one message of JSON lines carries the identical requests with
    /// the desktop's framing.
    /// <see cref="WireEncoding.Batched"/>: one <c>positions {xyz}</c> message, then the step message;
    /// <see cref="WireEncoding.Binary"/>: a binary positions message and <c>step {…, "encoding": "binary"}</c>
    /// answered by the binary state frame.
    /// Responses arrive as browser events between frames (there is no reader thread in a WebGL player): the
    /// arrival time is taken in the callback, and the message is parsed when the frame loop picks it up.
    /// Timing ids <c>step.web.ws.send</c>, <c>step.web.ws.wait</c>, <c>step.web.ws.parse</c>. Messages sent before
    /// the socket opens are queued and flushed on open. Requests leave in the order they were made: a request made
    /// between <see cref="SubmitPositions"/> and <see cref="RequestStep"/> first sends the pending position lines.
    /// </summary>
    public sealed class WebSocketEngine : IEngine, IWebSocketEvents
    {
        private readonly IWebSocketBridge _bridge;
        private readonly TimingLog _log;
        private readonly WireEncoding _encoding;
        private readonly string _url;
        /// <summary>One request at a time, posted as its own message.</summary>
        private readonly RequestWriter _message = new RequestWriter(terminateLines: false, capacity: 256);
        /// <summary>The frame's <c>newPosition</c> lines (json), sent with the step request as one message.</summary>
        private readonly RequestWriter _frame = new RequestWriter(terminateLines: false);
        private readonly ByteWriter _bin = new ByteWriter(1024);
        private readonly List<object> _outbox = new List<object>();
        private readonly Queue<Response> _inbox = new Queue<Response>();
        private readonly Queue<long> _sentAt = new Queue<long>();
        private readonly Queue<long> _echoSentAt = new Queue<long>();
        private int _socket = -1;
        private bool _open;
        private string _closed;
        private int _nodeCount;
        private long _rid;
        private int _pending;
        private long _sendStart;

        private struct Response
        {
            public string Text;
            public byte[] Binary;
            public long Arrival;
        }

        /// <summary>Creates the engine over the platform's bridge; connects to <paramref name="url"/> (ws://host:port).</summary>
        public WebSocketEngine(string url, WireEncoding encoding, TimingLog log) : this(WebSocketBridges.Default(), url, encoding, log) { }

        /// <summary>Creates the engine over a given bridge (tests).</summary>
        public WebSocketEngine(IWebSocketBridge bridge, string url, WireEncoding encoding, TimingLog log)
        {
            if (bridge == null) throw new ArgumentNullException("bridge");
            if (string.IsNullOrEmpty(url)) throw new ArgumentException("a ws:// URL is required", "url");
            _bridge = bridge;
            _url = url;
            _encoding = encoding;
            _log = log;
            _socket = _bridge.Open(url, this);
            if (_socket <= 0) throw new EngineException("WebSocket to " + url + " could not be opened: " + _bridge.LastError());
        }

        /// <inheritdoc />
        public string Transport { get { return "websocket"; } }
        /// <inheritdoc />
        public bool Synchronous { get { return false; } }
        /// <inheritdoc />
        public WireEncoding Encoding { get { return _encoding; } }
        /// <inheritdoc />
        public int Pending { get { return _pending; } }
        /// <summary>True once the socket is open (until it closes).</summary>
        public bool IsOpen { get { return _open; } }
        /// <summary>The server URL.</summary>
        public string Url { get { return _url; } }
        /// <inheritdoc />
        public string ProgramSpec { get; set; }

        /// <inheritdoc />
        public void Create(int nodeCount, double maxDistance)
        {
            if (nodeCount <= 0) throw new ArgumentOutOfRangeException("nodeCount", nodeCount, "must be > 0");
            _nodeCount = nodeCount;
            _pending = 0;
            _inbox.Clear();
            _sentAt.Clear();
            FlushFrame();
            NewMessage().CreateSim(nodeCount, maxDistance, ProgramSpec);
            PostMessage();
        }

        /// <inheritdoc />
        public void SetSource(int node, bool isSource)
        {
            RequireCreated();
            FlushFrame();
            NewMessage().SetSource(node, isSource);
            PostMessage();
        }

        /// <inheritdoc />
        public void SubmitPositions(Vec3[] positions)
        {
            RequireCreated();
            if (positions.Length != _nodeCount) throw new ArgumentException("expected " + _nodeCount + " positions, got " + positions.Length);
            // Timed together with the step request in RequestStep's step.web.ws.send sample: start here.
            _sendStart = Clock.Now();
            if (_encoding == WireEncoding.Json)
            {
                // Lines only: RequestStep appends the step line and posts the frame as one message.
                _frame.NewPositions(positions);
            }
            else if (_encoding == WireEncoding.Batched)
            {
                NewMessage().Positions(positions);
                PostMessage();
            }
            else Post(RequestWriter.BinaryPositions(positions, _bin));
        }

        /// <inheritdoc />
        public void RequestStep(int rounds)
        {
            RequireCreated();
            long t0 = _sendStart != 0 ? _sendStart : Clock.Now();
            _sendStart = 0;
            _rid++;
            // json: the step line goes after the frame's newPosition lines, sent as one message; otherwise on its own.
            if (_frame.Length > 0)
            {
                _frame.Step(_rid, rounds, _encoding == WireEncoding.Binary);
                FlushFrame();
            }
            else
            {
                NewMessage().Step(_rid, rounds, _encoding == WireEncoding.Binary);
                PostMessage();
            }
            long t1 = Clock.Now();
            _sentAt.Enqueue(t1);
            _pending++;
            if (_log != null) _log.Record(WebTimingIds.WsSend, t0, t1);
        }

        /// <summary>
        /// A WebGL player cannot block its only thread: this reports whether a response is already queued and never
        /// waits (the frame loop tries again on the next frame).
        /// </summary>
        public bool WaitForState(int timeoutMs)
        {
            ThrowIfClosed();
            return _inbox.Count > 0;
        }

        /// <inheritdoc />
        public bool TryReceiveState(EngineState into, out long arrivalTicks)
        {
            arrivalTicks = 0;
            if (_inbox.Count == 0) { ThrowIfClosed(); return false; }
            var r = _inbox.Dequeue();
            if (_pending > 0) _pending--;
            arrivalTicks = r.Arrival;
            long t0 = Clock.Now();
            if (r.Binary != null)
            {
                StateBufferParser.Parse(r.Binary, 0, r.Binary.Length, into);
            }
            else
            {
                long rid = StateJsonParser.Parse(r.Text, into);
                if (rid != -1 && rid > _rid) throw new EngineException("response rid " + rid + " was never requested (last " + _rid + ")");
            }
            long t1 = Clock.Now();
            if (into.Count != _nodeCount) throw new EngineException("response has " + into.Count + " devices, expected " + _nodeCount);
            if (_log != null) _log.Record(WebTimingIds.WsParse, t0, t1);
            return true;
        }

        /// <summary>Sends one echo request (the <c>floor.web.ws.echo</c> floor); its round trip is logged when the echo returns.</summary>
        public void SendEcho()
        {
            FlushFrame();
            long t0 = Clock.Now();
            _echoSentAt.Enqueue(t0);
            NewMessage().Echo(_echoSentAt.Count);
            PostMessage();
        }

        /// <summary>Echo replies received so far (each logged as <c>floor.web.ws.echo</c>).</summary>
        public int EchoesReceived { get; private set; }

        /// <inheritdoc />
        public void Dispose()
        {
            if (_socket > 0) _bridge.Close(_socket);
            _open = false;
            _socket = -1;
        }

        // ---- IWebSocketEvents (browser events, main thread) ----

        /// <inheritdoc />
        public void OnOpen()
        {
            _open = true;
            foreach (var m in _outbox) Transmit(m);
            _outbox.Clear();
        }

        /// <inheritdoc />
        public void OnText(string text)
        {
            long now = Clock.Now();
            if (text.StartsWith("{\"op\":\"echo\"", StringComparison.Ordinal))
            {
                if (_echoSentAt.Count > 0)
                {
                    long t0 = _echoSentAt.Dequeue();
                    if (_log != null) _log.Record(WebTimingIds.FloorWsEcho, t0, now);
                }
                EchoesReceived++;
                return;
            }
            Arrived(new Response { Text = text, Arrival = now });
        }

        /// <inheritdoc />
        public void OnBinary(byte[] data, int length)
        {
            long now = Clock.Now();
            var copy = new byte[length];
            Buffer.BlockCopy(data, 0, copy, 0, length);
            Arrived(new Response { Binary = copy, Arrival = now });
        }

        /// <inheritdoc />
        public void OnClose(int code, string reason)
        {
            _open = false;
            _socket = -1;
            _closed = "WebSocket to " + _url + " closed (code " + code + (string.IsNullOrEmpty(reason) ? "" : ", " + reason) + ")";
        }

        private void Arrived(Response r)
        {
            // Error replies carry no state: keep them in order so TryReceiveState raises them.
            if (_sentAt.Count > 0)
            {
                long sent = _sentAt.Dequeue();
                if (_log != null) _log.Record(WebTimingIds.WsWait, sent, r.Arrival);
            }
            _inbox.Enqueue(r);
        }

        /// <summary>The single-request message writer, emptied.</summary>
        private RequestWriter NewMessage()
        {
            _message.Clear();
            return _message;
        }

        /// <summary>Posts what <see cref="NewMessage"/>'s writer holds as one text message.</summary>
        private void PostMessage() { Post(_message.Text()); }

        /// <summary>Sends pending <c>newPosition</c> lines on their own, so that a request made before the step keeps its order.</summary>
        private void FlushFrame()
        {
            if (_frame.Length == 0) return;
            string lines = _frame.Text();
            _frame.Clear();
            Post(lines);
        }

        private void Post(object message)
        {
            ThrowIfClosed();
            if (_open) Transmit(message);
            else _outbox.Add(message);
        }

        private void Transmit(object message)
        {
            var text = message as string;
            int rc;
            if (text != null) rc = _bridge.Send(_socket, text);
            else { var b = (byte[])message; rc = _bridge.SendBinary(_socket, b, b.Length); }
            if (rc != 0) throw new EngineException("WebSocket send failed: " + _bridge.LastError());
        }

        private void ThrowIfClosed()
        {
            if (_closed != null) throw new EngineException(_closed);
        }

        private void RequireCreated()
        {
            if (_nodeCount == 0) throw new InvalidOperationException("call Create first");
        }
    }
}
