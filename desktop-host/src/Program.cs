using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Timing;

namespace Collektive.DesktopHost
{
    /// <summary>
    /// Headless front-end standing in for the Unity scene: runs the shared package's frame loop against the native
    /// library or the JVM server and writes the front-end timing CSV (and floors). Commands: run, verify, info.
    /// The last line of stdout is a one-line JSON summary; errors go to stderr with exit code 1 (2 = usage).
    /// </summary>
    internal static class Program
    {
        private const string Usage =
@"usage: mono desktop-host.exe <command> [options]
  run     --engine native|socket|fake [--encoding json|batched|binary] [--scenario reference|random]
          [--nodes 10] [--max-distance 3] [--seed 1] [--mean-degree 8] [--frames 1030]
          [--pacing free|fixed] [--tick-ms 20] [--time-scale 1] [--transport tcp|uds|shm] [--host 127.0.0.1] [--port P]
          [--path FILE] (socket engine over uds: the server's socket; over shm: its shared-memory file)
          [--out unity_native.csv|unity_socket.csv] [--backend-csv native.csv] [--floors 0] [--floor-batch 100]
          [--floors-out floors.csv] [--spin-us 50] [--progress 0] [--cpu-mark-at -1]
          [--in-flight 1] (free pacing: steps kept in flight, results k - 1 frames late; docs/network.md)
          [--program euclidean] (native and socket: the program spec of docs/programs.md, e.g. gossipMax,
          boundedElection:bound=2; the scene colours by its output kind) [--values-out FILE] (the last state as JSON)
  verify  --engine native|socket --vectors FILE [--vectors FILE ...] [--transport tcp|uds|shm] [--host 127.0.0.1] [--port P]
          [--path FILE] [--encoding json]
  info    prints clock resolution and runtime versions";

        private static int Main(string[] args)
        {
            Options o;
            try { o = new Options(args); }
            catch (ArgumentException e) { Console.Error.WriteLine(e.Message); Console.Error.WriteLine(Usage); return 2; }
            try
            {
                switch (o.Command)
                {
                    case "run": return Run(o);
                    case "verify": return VectorCheck.Run(o);
                    case "info": o.CheckAllUsed(); Console.WriteLine(InfoJson()); return 0;
                    default: Console.Error.WriteLine("unknown command " + o.Command); Console.Error.WriteLine(Usage); return 2;
                }
            }
            catch (ArgumentException e) { Console.Error.WriteLine("desktop-host: " + e.Message); Console.Error.WriteLine(Usage); return 2; }
            catch (DllNotFoundException e)
            {
                Console.Error.WriteLine("desktop-host: cannot load libsimple_gradient.so (" + e.Message + "); build it with `npm run build -- native` and put collektive-native/build on LD_LIBRARY_PATH");
                return 1;
            }
            catch (Exception e) { Console.Error.WriteLine("desktop-host: " + e.GetType().Name + ": " + e.Message); return 1; }
        }

        /// <summary>The program spec of <c>--program</c>, null for the reference program.</summary>
        internal static string ProgramOf(Options o)
        {
            string spec = o.Str("program", null);
            if (spec == "true" || (spec != null && spec.Trim().Length == 0)) throw new ArgumentException("--program expects a program spec (docs/programs.md), e.g. gossipMax");
            return ProgramSpecs.IsReference(spec) ? null : spec;
        }

        internal static IEngine OpenEngine(Options o, TimingLog log)
        {
            string kind = o.Str("engine", null);
            var enc = WireEncodings.Parse(o.Str("encoding", "json"));
            string program = ProgramOf(o);
            if (program != null && kind == "fake") throw new ArgumentException("--program needs --engine native or socket (the fake engine runs the reference gradient only)");
            switch (kind)
            {
                case "native": return new NativeEngine(enc, log) { ProgramSpec = program };
                case "socket":
                    // The out-of-process path over one of the JVM server's transports (docs/protocol.md, "Transports").
                    string transport = o.Str("transport", "tcp");
                    int spinUs = o.Int("spin-us", 50);
                    if (transport == "tcp")
                    {
                        int port = o.Int("port", -1);
                        if (port <= 0) throw new ArgumentException("--engine socket needs --port");
                        var s = new SocketEngine(o.Str("host", "127.0.0.1"), port, enc, log);
                        s.SpinMicros = spinUs;
                        s.ProgramSpec = program;
                        return s;
                    }
                    string path = o.Str("path", null);
                    if (path == null) throw new ArgumentException("--transport " + transport + " needs --path");
                    if (transport == "uds")
                    {
                        var u = SocketEngine.OverUnixSocket(path, enc, log);
                        u.SpinMicros = spinUs;
                        u.ProgramSpec = program;
                        return u;
                    }
                    if (transport == "shm") return new ShmEngine(path, enc, log) { SpinMicros = spinUs, ProgramSpec = program };
                    throw new ArgumentException("--transport must be tcp, uds or shm");
                case "fake": return new FakeEngine();
                default: throw new ArgumentException("--engine must be native, socket or fake");
            }
        }

        private static int Run(Options o)
        {
            var scenarioKind = o.Str("scenario", "reference");
            int nodes = o.Int("nodes", 10);
            double maxDistance = o.Double("max-distance", 3.0);
            var scenario = Scenario.Of(scenarioKind, nodes, o.Int("seed", 1), o.Double("mean-degree", 8.0), maxDistance);
            var options = new FrameLoopOptions
            {
                Pacing = FrameLoopOptions.ParsePacing(o.Str("pacing", "free")),
                TickMs = o.Double("tick-ms", 20.0),
                TimeScale = o.Double("time-scale", 1.0),
                Frames = o.Int("frames", 1030),
                TimeoutMs = o.Int("timeout-ms", 10000),
                InFlight = o.Int("in-flight", 1),
            };
            if (options.InFlight < 1) throw new ArgumentException("--in-flight must be >= 1");
            if (options.InFlight > 1 && (o.Str("engine", null) != "socket" || options.Pacing != Pacing.Free))
                throw new ArgumentException("--in-flight > 1 needs --engine socket and --pacing free");
            if (options.Frames < 1) throw new ArgumentException("--frames must be >= 1");
            if (!(options.TimeScale > 0) || !(options.TickMs > 0)) throw new ArgumentException("--tick-ms and --time-scale must be > 0");
            string engineKind = o.Str("engine", null);
            string outPath = o.Str("out", engineKind == "socket" ? "unity_socket.csv" : "unity_" + engineKind + ".csv");
            string backendCsv = o.Str("backend-csv", null);
            int floors = o.Int("floors", 0);
            int floorBatch = o.Int("floor-batch", 100);
            string floorsOut = o.Str("floors-out", "floors.csv");
            int progress = o.Int("progress", 0);
            int cpuMarkAt = o.Int("cpu-mark-at", -1);
            string host = o.Str("host", "127.0.0.1");
            int port = o.Int("port", -1);
            // The echo floor (floor.socket.echo) is the TCP JSON echo of docs/measurements.md; over uds and shm
            // the OS floors of the same transport are the reference instead.
            string transport = o.Str("transport", "tcp");
            string valuesOut = o.Str("values-out", null);

            var log = new TimingLog(16 * options.Frames);
            var floorLog = new TimingLog(Math.Max(16, floors));
            if (engineKind == "native") NativeEngine.SetBackendCsv(backendCsv != null ? Path.GetFullPath(backendCsv) : null);
            var sw = Stopwatch.StartNew();
            using (var engine = OpenEngine(o, log))
            {
                o.CheckAllUsed();
                engine.Create(scenario.NodeCount, scenario.MaxDistance);
                foreach (var s in scenario.Sources) engine.SetSource(s, true);
                string program = ProgramOf(o);
                var scene = new SceneModel(scenario.Positions, scenario.Sources, scenario.MaxDistance, ProgramSpecs.OutputOf(program));
                var loop = new FrameLoop(engine, scene, log, options);
                if (progress > 0 || cpuMarkAt >= 0)
                    loop.OnFrameApplied = delegate (int done)
                    {
                        if (progress > 0 && (done % progress == 0 || done == options.Frames)) Console.Error.WriteLine("progress " + done + " " + options.Frames);
                        // The bench reads every process's CPU time while this host waits and the server idles, so the
                        // window holds exactly the frames between the two marks (docs/os-floor.md, "CPU per step").
                        if (done == cpuMarkAt || (cpuMarkAt >= 0 && done == options.Frames))
                        {
                            Console.Error.WriteLine("cpu-mark " + done);
                            Console.Error.Flush();
                            Console.In.ReadLine();
                        }
                    };
                loop.Run();
                if (floors > 0)
                {
                    if (engineKind == "native") Floors.NativeNoop(floorLog, floors, floorBatch);
                    else if (engineKind == "socket" && transport == "tcp") Floors.SocketEcho(floorLog, host, port, floors);
                }
                if (engineKind == "native") NativeEngine.FlushBackendCsv();
                WriteCsv(log, outPath);
                if (floors > 0) WriteCsv(floorLog, floorsOut);
                var st = loop.LastState;
                if (valuesOut != null) WriteValues(valuesOut, program, scenario, loop.Applied * options.RoundsPerStep, st);
                int finite = 0;
                for (int i = 0; i < st.Count; i++) if (!double.IsInfinity(st.Value(i))) finite++;
                var sb = new StringBuilder();
                sb.Append("{\"ok\":true,\"engine\":\"").Append(engine.Transport).Append("\",\"encoding\":\"").Append(WireEncodings.Name(engine.Encoding))
                  .Append("\",\"program\":").Append(JsonString(program ?? ProgramSpecs.Reference))
                  .Append(",\"pacing\":\"").Append(FrameLoopOptions.Name(options.Pacing)).Append("\",\"frames\":").Append(loop.Applied)
                  .Append(",\"nodeCount\":").Append(scenario.NodeCount).Append(",\"meanDegree\":").Append(scenario.MeanDegree().ToString("R", CultureInfo.InvariantCulture))
                  .Append(",\"finiteValues\":").Append(finite).Append(",\"links\":").Append(scene.Links.Count)
                  .Append(",\"samples\":").Append(log.Count).Append(",\"floorSamples\":").Append(floorLog.Count)
                  .Append(",\"elapsedMs\":").Append(sw.ElapsedMilliseconds).Append(",\"runtime\":").Append(InfoJson()).Append('}');
                Console.WriteLine(sb.ToString());
            }
            return 0;
        }

        /// <summary>
        /// <c>--values-out</c>: the run's last state with what produced it, one JSON object: program, rounds, positions
        /// (x y z per device), sources, values (null for a value that is not finite) and neighbour ids per device.
        /// </summary>
        private static void WriteValues(string path, string program, Scenario scenario, long rounds, EngineState st)
        {
            var inv = CultureInfo.InvariantCulture;
            var sb = new StringBuilder();
            sb.Append("{\"program\":").Append(JsonString(program ?? ProgramSpecs.Reference)).Append(",\"rounds\":").Append(rounds)
              .Append(",\"maxDistance\":").Append(scenario.MaxDistance.ToString("R", inv)).Append(",\"positions\":[");
            for (int i = 0; i < scenario.NodeCount; i++)
            {
                var p = scenario.Positions[i];
                if (i > 0) sb.Append(',');
                sb.Append(p.X.ToString("R", inv)).Append(',').Append(p.Y.ToString("R", inv)).Append(',').Append(p.Z.ToString("R", inv));
            }
            sb.Append("],\"sources\":[").Append(string.Join(",", scenario.Sources)).Append("],\"values\":[");
            for (int i = 0; i < st.Count; i++)
            {
                double v = st.Value(i);
                if (i > 0) sb.Append(',');
                sb.Append(double.IsNaN(v) || double.IsInfinity(v) ? "null" : v.ToString("R", inv));
            }
            sb.Append("],\"neighbors\":[");
            for (int i = 0; i < st.Count; i++) sb.Append(i > 0 ? ",[" : "[").Append(string.Join(",", st.Neighbors(i))).Append(']');
            sb.Append("]}\n");
            var dir = Path.GetDirectoryName(Path.GetFullPath(path));
            if (!string.IsNullOrEmpty(dir)) Directory.CreateDirectory(dir);
            File.WriteAllText(path, sb.ToString());
        }

        private static string JsonString(string s)
        {
            var sb = new StringBuilder("\"");
            foreach (char c in s)
            {
                if (c == '"' || c == '\\') sb.Append('\\').Append(c);
                else if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else sb.Append(c);
            }
            return sb.Append('"').ToString();
        }

        private static void WriteCsv(TimingLog log, string path)
        {
            var dir = Path.GetDirectoryName(Path.GetFullPath(path));
            if (!string.IsNullOrEmpty(dir)) Directory.CreateDirectory(dir);
            log.WriteCsv(path);
        }

        internal static string InfoJson()
        {
            string mono = "unknown";
            var t = Type.GetType("Mono.Runtime");
            if (t != null)
            {
                var m = t.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static);
                if (m != null) mono = (string)m.Invoke(null, null);
            }
            return "{\"mono\":\"" + mono.Replace("\"", "'") + "\",\"clr\":\"" + Environment.Version + "\",\"stopwatchFrequency\":" + Stopwatch.Frequency
                + ",\"timerResolutionNs\":" + Clock.ResolutionNs() + ",\"processorCount\":" + Environment.ProcessorCount + "}";
        }
    }
}
