using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    /// <summary>SocketEngine against a scripted in-process loopback server (the real JVM server is exercised by the integration suite).</summary>
    [TestFixture]
    public class SocketEngineTests
    {
        private sealed class ScriptedServer : IDisposable
        {
            private readonly TcpListener _listener = new TcpListener(IPAddress.Loopback, 0);
            private readonly Thread _thread;
            public readonly List<string> Lines = new List<string>();
            public string ErrorOnStep;
            public bool CloseOnStep;
            /// <summary>When set, a createSim with a "program" gets this error reply.</summary>
            public string RefuseProgram;

            public ScriptedServer()
            {
                _listener.Start();
                _thread = new Thread(Serve) { IsBackground = true };
                _thread.Start();
            }

            public int Port { get { return ((IPEndPoint)_listener.LocalEndpoint).Port; } }

            private void Serve()
            {
                try
                {
                    using (var client = _listener.AcceptTcpClient())
                    {
                        var stream = client.GetStream();
                        string line;
                        while ((line = ReadRequest(stream)) != null)
                        {
                            lock (Lines) Lines.Add(line);
                            if (line.Contains("\"op\":\"echo\""))
                            {
                                var echo = Encoding.UTF8.GetBytes(line + "\n");
                                stream.Write(echo, 0, echo.Length);
                                continue;
                            }
                            if (RefuseProgram != null && line.Contains("\"op\":\"createSim\"") && line.Contains("\"program\":"))
                            {
                                var error = Encoding.UTF8.GetBytes("{\"error\":\"" + RefuseProgram + "\",\"op\":\"createSim\"}\n");
                                stream.Write(error, 0, error.Length);
                                continue;
                            }
                            if (!line.Contains("\"op\":\"step\"")) continue;
                            if (CloseOnStep) return;
                            long rid = long.Parse(line.Split(new[] { "\"rid\":" }, StringSplitOptions.None)[1].Split(',', '}')[0]);
                            byte[] reply;
                            if (ErrorOnStep != null) reply = Encoding.UTF8.GetBytes("{\"error\":\"" + ErrorOnStep + "\",\"op\":\"step\",\"rid\":" + rid + "}\n");
                            else if (line.Contains("\"encoding\":\"binary\""))
                            {
                                var state = StateBufferParserTests.Encode(new[] { 0.0, double.PositiveInfinity }, new[] { new[] { 1 }, new[] { 0 } });
                                var w = new ByteWriter();
                                w.Byte(0).Int32LE(8 + state.Length).Int32LE((int)rid).Int32LE((int)(rid >> 32));
                                reply = new byte[w.Length + state.Length];
                                Array.Copy(w.Buffer, reply, w.Length);
                                Array.Copy(state, 0, reply, w.Length, state.Length);
                            }
                            else reply = Encoding.UTF8.GetBytes("{\"rid\":" + rid + ",\"values\":[{\"value\":0.0,\"neighbors\":[1]},{\"value\":Infinity,\"neighbors\":[0]}]}\n");
                            // Split the reply in two writes to exercise the reader's reassembly.
                            int half = reply.Length / 2;
                            stream.Write(reply, 0, half);
                            stream.Flush();
                            Thread.Sleep(1);
                            stream.Write(reply, half, reply.Length - half);
                        }
                    }
                }
                catch (Exception) { }
            }

            public void Dispose() { _listener.Stop(); _thread.Join(1000); }

            /// <summary>
            /// The next request: a line (without its end), or a binary positions frame written as
            /// <c>&lt;positions frame: x0,y0,z0,…&gt;</c> (round-trip numbers); null at the end of the stream.
            /// </summary>
            private static string ReadRequest(Stream stream)
            {
                int first = stream.ReadByte();
                if (first < 0) return null;
                if (first == RequestWriter.FrameMarker)
                {
                    var header = ReadExactly(stream, 5);
                    Assert.AreEqual(RequestWriter.PositionsFrameKind, header[0], "frame kind");
                    int n = BitConverter.ToInt32(header, 1);
                    var xyz = ReadExactly(stream, 24 * n);
                    var numbers = new string[3 * n];
                    for (int k = 0; k < numbers.Length; k++) numbers[k] = BitConverter.ToDouble(xyz, 8 * k).ToString("R", System.Globalization.CultureInfo.InvariantCulture);
                    return "<positions frame: " + string.Join(",", numbers) + ">";
                }
                var bytes = new List<byte>();
                for (int b = first; b != '\n'; b = stream.ReadByte())
                {
                    if (b < 0) return null;
                    bytes.Add((byte)b);
                }
                return Encoding.UTF8.GetString(bytes.ToArray()).TrimEnd('\r');
            }

            private static byte[] ReadExactly(Stream stream, int count)
            {
                var bytes = new byte[count];
                for (int off = 0; off < count;)
                {
                    int n = stream.Read(bytes, off, count - off);
                    if (n <= 0) throw new EndOfStreamException("a frame cut after " + off + " of " + count + " bytes");
                    off += n;
                }
                return bytes;
            }
        }

        private static readonly Vec3[] Two = { new Vec3(0, 0, 0), new Vec3(2.5, -1, 0) };

        private static void Frames(SocketEngine engine, int frames, EngineState state)
        {
            for (int f = 0; f < frames; f++)
            {
                engine.SubmitPositions(Two);
                engine.RequestStep(1);
                Assert.IsTrue(engine.WaitForState(5000), "response within 5 s");
                long arrival;
                Assert.IsTrue(engine.TryReceiveState(state, out arrival));
                Assert.That(arrival, Is.GreaterThan(0L));
            }
        }

        [TestCase(WireEncoding.Json)]
        [TestCase(WireEncoding.Batched)]
        [TestCase(WireEncoding.Binary)]
        public void SpeaksTheProtocolAndLogsSendWaitParse(WireEncoding encoding)
        {
            using (var server = new ScriptedServer())
            {
                var log = new TimingLog();
                var state = new EngineState();
                using (var engine = new SocketEngine("127.0.0.1", server.Port, encoding, log))
                {
                    engine.Create(2, 3.0);
                    engine.SetSource(0, true);
                    Frames(engine, 5, state);
                    Assert.AreEqual(0, engine.Pending);
                }
                Assert.AreEqual(2, state.Count);
                Assert.IsTrue(double.IsPositiveInfinity(state.Value(1)));
                CollectionAssert.AreEqual(new[] { 0 }, state.Neighbors(1));
                var counts = new Dictionary<string, int>();
                for (int i = 0; i < log.Count; i++) { var id = log.Sample(i).Id; counts[id] = (counts.ContainsKey(id) ? counts[id] : 0) + 1; }
                Assert.AreEqual(5, counts[TimingIds.SocketSend]);
                Assert.AreEqual(5, counts[TimingIds.SocketWait]);
                Assert.AreEqual(5, counts[TimingIds.SocketParse]);
                lock (server.Lines)
                {
                    Assert.AreEqual("{\"op\":\"createSim\",\"data\":{\"nodeCount\":2,\"maxDistance\":3}}", server.Lines[0]);
                    Assert.AreEqual("{\"op\":\"setSource\",\"data\":{\"nodeId\":0}}", server.Lines[1]);
                    if (encoding == WireEncoding.Json)
                    {
                        Assert.AreEqual("{\"op\":\"newPosition\",\"data\":{\"nodeId\":1,\"x\":2.5,\"y\":-1,\"z\":0}}", server.Lines[3]);
                        Assert.AreEqual("{\"op\":\"step\",\"data\":{\"rid\":1,\"stepCount\":1}}", server.Lines[4]);
                    }
                    else
                    {
                        // binary: the JVM server's binary positions frame instead of the JSON line, the same numbers
                        Assert.AreEqual(encoding == WireEncoding.Binary ? "<positions frame: 0,0,0,2.5,-1,0>" : "{\"op\":\"positions\",\"data\":{\"xyz\":[0,0,0,2.5,-1,0]}}", server.Lines[2]);
                        StringAssert.StartsWith("{\"op\":\"step\",\"data\":{\"rid\":1,\"stepCount\":1", server.Lines[3]);
                    }
                }
            }
        }

        [Test]
        public void RequestsBetweenSubmitAndStepKeepCallOrderAndLoseNoPosition()
        {
            using (var server = new ScriptedServer())
            {
                var state = new EngineState();
                using (var engine = new SocketEngine("127.0.0.1", server.Port, WireEncoding.Json, null))
                {
                    engine.Create(2, 3.0);
                    engine.SubmitPositions(Two);
                    engine.SetSource(1, true);
                    engine.RequestStep(1);
                    Assert.IsTrue(engine.WaitForState(5000), "response within 5 s");
                    long arrival;
                    Assert.IsTrue(engine.TryReceiveState(state, out arrival));
                }
                lock (server.Lines)
                {
                    Assert.AreEqual(5, server.Lines.Count, string.Join(" | ", server.Lines.ToArray()));
                    StringAssert.StartsWith("{\"op\":\"newPosition\",\"data\":{\"nodeId\":0", server.Lines[1]);
                    StringAssert.StartsWith("{\"op\":\"newPosition\",\"data\":{\"nodeId\":1", server.Lines[2]);
                    Assert.AreEqual("{\"op\":\"setSource\",\"data\":{\"nodeId\":1}}", server.Lines[3]);
                    StringAssert.StartsWith("{\"op\":\"step\"", server.Lines[4]);
                }
            }
        }

        /// <summary>One frame against <paramref name="server"/>; the failure the engine reports when the state is taken.</summary>
        private static EngineException FailedStep(ScriptedServer server)
        {
            using (var engine = new SocketEngine("127.0.0.1", server.Port, WireEncoding.Json, null))
            {
                engine.Create(2, 3.0);
                engine.SubmitPositions(Two);
                engine.RequestStep(1);
                Assert.IsTrue(engine.WaitForState(5000), "an answer (or the close) within 5 s");
                long arrival;
                return Assert.Throws<EngineException>(delegate { engine.TryReceiveState(new EngineState(), out arrival); });
            }
        }

        [Test]
        public void ErrorReplyRaisesEngineException()
        {
            using (var server = new ScriptedServer { ErrorOnStep = "no simulation" })
            {
                StringAssert.Contains("no simulation", FailedStep(server).Message);
            }
        }

        [Test]
        public void ServerClosingTheConnectionIsReportedNotHung()
        {
            using (var server = new ScriptedServer { CloseOnStep = true })
            {
                StringAssert.Contains("closed", FailedStep(server).Message);
            }
        }

        [Test]
        public void ConnectingToANonListeningPortFailsClearly()
        {
            var l = new TcpListener(IPAddress.Loopback, 0);
            l.Start();
            int port = ((IPEndPoint)l.LocalEndpoint).Port;
            l.Stop();
            var e = Assert.Throws<EngineException>(delegate { new SocketEngine("127.0.0.1", port, WireEncoding.Json, null); });
            StringAssert.Contains("cannot connect", e.Message);
        }

        [Test]
        public void AProgramIsSentInCreateSimAndItsAcceptanceAwaited()
        {
            using (var server = new ScriptedServer())
            {
                var state = new EngineState();
                using (var engine = new SocketEngine("127.0.0.1", server.Port, WireEncoding.Json, null) { ProgramSpec = "boundedElection:bound=2" })
                {
                    engine.Create(2, 3.0);
                    engine.SetSource(0, true);
                    Frames(engine, 3, state); // the echo that confirmed the program is not taken for a step's reply
                }
                lock (server.Lines)
                {
                    Assert.AreEqual("{\"op\":\"createSim\",\"data\":{\"nodeCount\":2,\"maxDistance\":3,\"program\":\"boundedElection:bound=2\"}}", server.Lines[0]);
                    StringAssert.StartsWith("{\"op\":\"echo\"", server.Lines[1]);
                }
            }
        }

        [Test]
        public void TheReferenceProgramKeepsTheReferenceRequest()
        {
            using (var server = new ScriptedServer())
            {
                using (var engine = new SocketEngine("127.0.0.1", server.Port, WireEncoding.Json, null) { ProgramSpec = "Euclidean" })
                {
                    engine.Create(2, 3.0);
                    Frames(engine, 1, new EngineState());
                }
                lock (server.Lines) Assert.AreEqual("{\"op\":\"createSim\",\"data\":{\"nodeCount\":2,\"maxDistance\":3}}", server.Lines[0]);
            }
        }

        [Test]
        public void ARefusedProgramThrowsTheServersMessageFromCreate()
        {
            using (var server = new ScriptedServer { RefuseProgram = "program: unknown program \\\"spiral\\\" (known: euclidean)" })
            using (var engine = new SocketEngine("127.0.0.1", server.Port, WireEncoding.Json, null) { ProgramSpec = "spiral" })
            {
                var e = Assert.Throws<EngineException>(delegate { engine.Create(2, 3.0); });
                StringAssert.Contains("refused createSim with program \"spiral\": program: unknown program \"spiral\"", e.Message);
                Assert.AreEqual(0, engine.Pending);
            }
        }

        [Test]
        public void RequestWriterEscapesTheProgramSpec()
        {
            var w = new RequestWriter(terminateLines: false);
            w.CreateSim(3, 1.5, "a\"b\\c\u00e9");
            Assert.AreEqual("{\"op\":\"createSim\",\"data\":{\"nodeCount\":3,\"maxDistance\":1.5,\"program\":\"a\\\"b\\\\c\\u00e9\"}}", w.Text());
            w.Clear();
            w.CreateSim(3, 1.5, "");
            Assert.AreEqual("{\"op\":\"createSim\",\"data\":{\"nodeCount\":3,\"maxDistance\":1.5}}", w.Text());
        }

        [Test]
        public void RequestWriterWritesTheBinaryPositionsFrameBetweenLines()
        {
            var w = new RequestWriter(terminateLines: true);
            w.PositionsFrame(new[] { new Vec3(1, -0.0, 2.5), new Vec3(1e300, 0.1, -3) });
            w.Step(7, 1, true);
            var expected = new List<byte> { 0x00, 0x01, 2, 0, 0, 0 };
            foreach (double v in new[] { 1, -0.0, 2.5, 1e300, 0.1, -3 })
            {
                long bits = BitConverter.DoubleToInt64Bits(v);
                for (int i = 0; i < 8; i++) expected.Add((byte)(bits >> (8 * i))); // little-endian whatever the machine
            }
            expected.AddRange(Encoding.ASCII.GetBytes("{\"op\":\"step\",\"data\":{\"rid\":7,\"stepCount\":1,\"encoding\":\"binary\"}}\n"));
            var written = new byte[w.Length];
            Array.Copy(w.Buffer, written, w.Length);
            CollectionAssert.AreEqual(expected.ToArray(), written);
            // The WebSocket's binary message is the same positions buffer without the frame's two bytes.
            var message = RequestWriter.BinaryPositions(new[] { new Vec3(1, -0.0, 2.5), new Vec3(1e300, 0.1, -3) }, new ByteWriter());
            CollectionAssert.AreEqual(expected.GetRange(2, 4 + 48).ToArray(), message);
            w.Clear();
            w.PositionsFrame(new Vec3[0]);
            CollectionAssert.AreEqual(new byte[] { 0, 1, 0, 0, 0, 0 }, new List<byte>(w.Buffer).GetRange(0, w.Length).ToArray(), "no device: the header alone");
            Assert.Throws<InvalidOperationException>(delegate { new RequestWriter(terminateLines: false).PositionsFrame(new Vec3[0]); }, "not in a WebSocket message of lines");
        }

        [Test]
        public void ByteWriterWritesJsonNumbersThatRoundTrip()
        {
            var w = new ByteWriter();
            w.Double(0.1).Byte((byte)' ').Double(-12).Byte((byte)' ').Double(1e-7).Byte((byte)' ').Int(long.MinValue);
            var text = Encoding.ASCII.GetString(w.Buffer, 0, w.Length).Split(' ');
            Assert.AreEqual(0.1, double.Parse(text[0], System.Globalization.CultureInfo.InvariantCulture));
            Assert.AreEqual("-12", text[1]);
            Assert.AreEqual(1e-7, double.Parse(text[2], System.Globalization.CultureInfo.InvariantCulture));
            Assert.AreEqual("-9223372036854775808", text[3]);
            Assert.Throws<ArgumentException>(delegate { w.Double(double.PositiveInfinity); });
        }
    }
}
