using System;
using System.Runtime.InteropServices;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// In-process engine: P/Invoke into libsimple_gradient. Per frame, as the reference scene:
    /// <c>update_position</c> for every device (or one <c>update_positions</c> call with
    /// <see cref="WireEncoding.Batched"/>), then <c>step_and_get_state_with_distance(h, rounds, &amp;size)</c>, the
    /// buffer copied out with <see cref="Marshal.Copy(IntPtr, byte[], int, int)"/> (logged as
    /// <c>step.native.call</c>) and freed, then parsed on pickup (<c>step.native.parse</c>).
    /// </summary>
    public sealed class NativeEngine : IEngine
    {
        private readonly TimingLog _log;
        private readonly WireEncoding _encoding;
        private int _handle = -1;
        private int _nodeCount;
        private byte[] _buffer = new byte[1024];
        private int _bufferLength;
        private long _arrival;
        private int _pending;
        private double[] _xyz = new double[0];

        /// <summary>Creates the engine; <paramref name="log"/> may be null (no timings).</summary>
        public NativeEngine(WireEncoding encoding, TimingLog log)
        {
            _encoding = encoding;
            _log = log;
        }

        /// <inheritdoc />
        public string Transport { get { return "native"; } }
        /// <inheritdoc />
        public bool Synchronous { get { return true; } }
        /// <inheritdoc />
        public WireEncoding Encoding { get { return _encoding; } }
        /// <inheritdoc />
        public int Pending { get { return _pending; } }
        /// <summary>
        /// The program <see cref="Create"/> asks for (docs/programs.md spec, e.g. <c>"boundedElection:bound=2"</c>);
        /// null, "" or <c>"euclidean"</c>: the reference program, created by the reference call
        /// <c>create_with_distance</c>; any other spec by <c>create_with_program_spec</c>, whose refusal (unknown
        /// program, bad parameter) <see cref="Create"/> throws as an <see cref="EngineException"/> with the library's message.
        /// </summary>
        public string ProgramSpec { get; set; }
        /// <summary>The library's handle of this engine's simulation (-1 before <see cref="Create"/>).</summary>
        public int Handle { get { return _handle; } }

        /// <inheritdoc />
        public void Create(int nodeCount, double maxDistance)
        {
            if (_handle >= 0) { NativeApi.Destroy(_handle); _handle = -1; }
            int h;
            if (ProgramSpecs.IsReference(ProgramSpec))
            {
                h = NativeApi.Create(nodeCount, maxDistance);
                if (h < 0) throw new EngineException("create_with_distance(" + nodeCount + ", " + maxDistance + ") failed: " + LastErrorText());
            }
            else
            {
                h = NativeApi.CreateWithProgramSpec(nodeCount, maxDistance, NativeApi.Utf8z(ProgramSpec));
                if (h < 0) throw new EngineException("create_with_program_spec(" + nodeCount + ", " + maxDistance + ", \"" + ProgramSpec + "\") failed: " + LastErrorText());
            }
            _handle = h;
            _nodeCount = nodeCount;
            _xyz = new double[3 * nodeCount];
        }

        /// <inheritdoc />
        public void SetSource(int node, bool isSource)
        {
            RequireHandle();
            NativeApi.SetSource(_handle, node, isSource);
            CheckError("set_source_with_distance");
        }

        /// <inheritdoc />
        public void SubmitPositions(Vec3[] positions)
        {
            RequireHandle();
            if (positions.Length != _nodeCount) throw new ArgumentException("expected " + _nodeCount + " positions, got " + positions.Length);
            if (_encoding == WireEncoding.Json)
            {
                for (int i = 0; i < positions.Length; i++)
                    NativeApi.UpdatePosition(_handle, i, positions[i].X, positions[i].Y, positions[i].Z);
            }
            else
            {
                for (int i = 0, j = 0; i < positions.Length; i++, j += 3)
                {
                    _xyz[j] = positions[i].X; _xyz[j + 1] = positions[i].Y; _xyz[j + 2] = positions[i].Z;
                }
                if (NativeApi.UpdatePositions(_handle, _xyz, positions.Length) != 0)
                    throw new EngineException("update_positions failed: " + LastErrorText());
            }
        }

        /// <inheritdoc />
        public void RequestStep(int rounds)
        {
            RequireHandle();
            int size;
            long t0 = Clock.Now();
            IntPtr ptr = NativeApi.StepAndGetState(_handle, rounds, out size);
            if (ptr == IntPtr.Zero || size <= 0)
                throw new EngineException("step_and_get_state_with_distance returned no buffer: " + LastErrorText());
            if (_buffer.Length < size) _buffer = new byte[Math.Max(size, _buffer.Length * 2)];
            Marshal.Copy(ptr, _buffer, 0, size);
            long t1 = Clock.Now();
            NativeApi.FreeStateBuffer(ptr);
            _bufferLength = size;
            _arrival = Clock.Now(); // the state is available to the frame loop once the call protocol is done
            _pending = 1;
            if (_log != null) _log.Record(TimingIds.NativeCall, t0, t1);
        }

        /// <inheritdoc />
        public bool WaitForState(int timeoutMs) { return _pending > 0; }

        /// <inheritdoc />
        public bool TryReceiveState(EngineState into, out long arrivalTicks)
        {
            arrivalTicks = _arrival;
            if (_pending == 0) return false;
            long t0 = Clock.Now();
            StateBufferParser.Parse(_buffer, 0, _bufferLength, into);
            long t1 = Clock.Now();
            _pending = 0;
            if (_log != null) _log.Record(TimingIds.NativeParse, t0, t1);
            return true;
        }

        /// <summary>Directs the library's back-end timings (step.service, step.compute) to a CSV file.</summary>
        public static void SetBackendCsv(string path)
        {
            if (NativeApi.SetTimingCsvPath(path == null ? null : NativeApi.Utf8z(path)) != 0)
                throw new EngineException("set_timing_csv_path(" + path + ") failed: " + LastErrorText());
        }

        /// <summary>Appends the library's pending timing samples to its CSV.</summary>
        public static void FlushBackendCsv()
        {
            if (NativeApi.FlushTimings() != 0) throw new EngineException("flush_timings failed: " + LastErrorText());
        }

        /// <summary>One call of the library's no-op export (the P/Invoke floor).</summary>
        public static void Noop() { NativeApi.Noop(); }

        /// <summary>The library's last error as text ("none" when there is none).</summary>
        public static string LastErrorText()
        {
            try
            {
                int code = NativeApi.LastError();
                if (code == 0) return "none";
                var p = NativeApi.LastErrorMessage();
                return "error " + code + (p == IntPtr.Zero ? "" : ": " + PtrToUtf8(p));
            }
            catch (EntryPointNotFoundException) { return "(no error query export)"; }
        }

        /// <inheritdoc />
        public void Dispose()
        {
            if (_handle >= 0) { NativeApi.Destroy(_handle); _handle = -1; }
        }

        private void RequireHandle()
        {
            if (_handle < 0) throw new InvalidOperationException("call Create first");
        }

        private static void CheckError(string what)
        {
            string e = LastErrorText();
            if (e != "none" && !e.StartsWith("(")) throw new EngineException(what + " failed: " + e);
        }

        private static string PtrToUtf8(IntPtr p)
        {
            int len = 0;
            while (Marshal.ReadByte(p, len) != 0) len++;
            var bytes = new byte[len];
            Marshal.Copy(p, bytes, 0, len);
            return System.Text.Encoding.UTF8.GetString(bytes);
        }
    }
}
