using System;
using System.Net.Sockets;
using System.Text;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Physical floors measured in the same run as the paths: the P/Invoke cost of the library's no-op export
    /// (<c>floor.native.noop</c>, one sample = the mean of a batch of calls, because the clock ticks in 100 ns)
    /// and the loopback round trip of one JSON line against the server's <c>echo</c> op (<c>floor.socket.echo</c>,
    /// synchronous write then read on one thread, own connection, TCP_NODELAY).
    /// </summary>
    public static class Floors
    {
        /// <summary>Logs <paramref name="samples"/> samples of the no-op P/Invoke, each averaged over <paramref name="batch"/> calls.</summary>
        public static void NativeNoop(TimingLog log, int samples, int batch)
        {
            if (batch < 1) throw new ArgumentOutOfRangeException("batch");
            NativeEngine.Noop();
            for (int s = 0; s < samples; s++)
            {
                long t0 = Clock.Now();
                for (int b = 0; b < batch; b++) NativeEngine.Noop();
                long t1 = Clock.Now();
                log.RecordNs(TimingIds.FloorNativeNoop, t0, (Clock.ToNs(t1 - t0) + batch / 2) / batch);
            }
        }

        /// <summary>Logs <paramref name="samples"/> echo round trips against <paramref name="host"/>:<paramref name="port"/>.</summary>
        public static void SocketEcho(TimingLog log, string host, int port, int samples)
        {
            using (var client = new TcpClient())
            {
                client.NoDelay = true;
                client.Connect(host, port);
                var stream = client.GetStream();
                var buf = new byte[4096];
                var req = new RequestWriter(terminateLines: true, capacity: 64);
                for (int s = 0; s < samples; s++)
                {
                    req.Clear();
                    req.Echo(s);
                    long t0 = Clock.Now();
                    stream.Write(req.Buffer, 0, req.Length);
                    int got = 0;
                    while (true)
                    {
                        int n = stream.Read(buf, got, buf.Length - got);
                        if (n <= 0) throw new EngineException("echo: server closed the connection");
                        got += n;
                        if (Array.IndexOf(buf, (byte)'\n', 0, got) >= 0) break;
                        if (got == buf.Length) throw new EngineException("echo: reply longer than " + buf.Length + " bytes");
                    }
                    long t1 = Clock.Now();
                    string reply = Encoding.UTF8.GetString(buf, 0, got);
                    if (reply.IndexOf("\"error\"", StringComparison.Ordinal) >= 0) throw new EngineException("echo op failed: " + reply.Trim());
                    log.Record(TimingIds.FloorSocketEcho, t0, t1);
                }
            }
        }
    }
}
