using System.Collections.Generic;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// The steps an out-of-process engine has sent and not yet received, whatever the transport: pairs each reply
    /// with its request (by rid when the reply carries one, else by order: replies come in order), parses it
    /// (<c>step.socket.parse</c>) and logs <c>step.socket.wait</c> from the moment the request was handed over to the
    /// moment the reply arrived.
    /// </summary>
    internal sealed class PendingSteps
    {
        private readonly TimingLog _log;
        private readonly long[] _sentTicks = new long[1024];
        private readonly Queue<long> _ridOrder = new Queue<long>();
        private long _nextRid = 1;

        public PendingSteps(TimingLog log) { _log = log; }

        /// <summary>Steps sent whose reply has not been received.</summary>
        public int Count { get { return _ridOrder.Count; } }

        /// <summary>The rid for the next step.</summary>
        public long NextRid() { return _nextRid++; }

        /// <summary>Step <paramref name="rid"/> was handed to the transport at <paramref name="ticks"/>.</summary>
        public void Sent(long rid, long ticks)
        {
            _sentTicks[rid & 1023] = ticks;
            _ridOrder.Enqueue(rid);
        }

        /// <summary>Parses <paramref name="msg"/> into <paramref name="into"/>; throws <see cref="EngineException"/> on an error reply or a mismatch.</summary>
        public void Receive(Reply msg, EngineState into, int nodeCount)
        {
            if (msg.Error != null) throw new EngineException(msg.Error);
            long t0 = Clock.Now();
            long rid;
            if (msg.Binary != null)
            {
                StateBufferParser.Parse(msg.Binary, 0, msg.Binary.Length, into);
                rid = msg.BinaryRid;
            }
            else rid = StateJsonParser.Parse(msg.Line, into);
            long t1 = Clock.Now();
            long expected = _ridOrder.Count > 0 ? _ridOrder.Dequeue() : -1;
            if (rid >= 0 && rid != expected) throw new EngineException("reply for rid " + rid + " while waiting for rid " + expected);
            if (expected < 0) throw new EngineException("unexpected reply with no step pending");
            if (_log != null)
            {
                _log.Record(TimingIds.SocketWait, _sentTicks[expected & 1023], msg.Arrival);
                _log.Record(TimingIds.SocketParse, t0, t1);
            }
            if (into.Count != nodeCount) throw new EngineException("reply has " + into.Count + " devices, expected " + nodeCount);
        }
    }
}
