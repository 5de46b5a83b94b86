using System;
using System.Globalization;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Loop;

namespace Collektive.Frontend.Scene
{
    /// <summary>
    /// Everything a run needs, settable from the Inspector (via the Unity scene's <c>SimulationManager</c>), from the command
    /// line of a player or batch-mode Editor (<c>-collektive "engine=socket;n=100;pacing=free"</c>) and from the
    /// hosting web page (<c>SendMessage("SimulationManager", "Restart", "engine=wasm;n=100")</c>). Keys:
    /// engine (native|socket|wasm|websocket), n, maxDistance, sources (ids separated by ','), scenario
    /// (reference|random), seed, pacing (fixed|free), tickMs, timeScale, frames (0 = endless), encoding
    /// (json|batched|binary), program (a docs/programs.md spec without ';', e.g. <c>boundedElection:bound=2</c>), host, port,
    /// url, csv (output folder, desktop), quit (1 = quit when done).
    /// </summary>
    [Serializable]
    public sealed class RunConfig
    {
        public EngineKind Engine = EngineKind.Native;
        public int NodeCount = 10;
        public double MaxDistance = 3.0;
        public int[] Sources = { 0 };
        public string Scenario = "reference";
        public long Seed = 1;
        public Pacing Pacing = Pacing.Fixed;
        public double TickMs = 20.0;
        public double TimeScale = 1.0;
        public int Frames;
        public WireEncoding Encoding = WireEncoding.Json;
        /// <summary>The aggregate program (docs/programs.md spec); "" = the reference program.</summary>
        public string Program = "";
        public string Host = "127.0.0.1";
        public int Port = 9090;
        public string Url = "ws://127.0.0.1:8787";
        public string CsvFolder = "";
        public bool QuitWhenDone;

        /// <summary>A copy with the <c>key=value;…</c> pairs of <paramref name="spec"/> applied; throws on unknown keys or bad values.</summary>
        public RunConfig With(string spec)
        {
            var c = (RunConfig)MemberwiseClone();
            c.Sources = (int[])Sources.Clone();
            if (string.IsNullOrEmpty(spec)) return c;
            foreach (var part in spec.Split(';'))
            {
                if (part.Trim().Length == 0) continue;
                int eq = part.IndexOf('=');
                if (eq <= 0) throw new ArgumentException("expected key=value, got '" + part + "'");
                c.Set(part.Substring(0, eq).Trim(), part.Substring(eq + 1).Trim());
            }
            return c;
        }

        private void Set(string key, string v)
        {
            var inv = CultureInfo.InvariantCulture;
            switch (key)
            {
                case "engine": Engine = ParseEngine(v); break;
                case "n": NodeCount = Positive(int.Parse(v, inv), key); break;
                case "maxDistance": MaxDistance = double.Parse(v, inv); break;
                case "sources": Sources = ParseIds(v); break;
                case "scenario":
                    if (v != "reference" && v != "random") throw new ArgumentException("scenario must be reference or random, got " + v);
                    Scenario = v;
                    break;
                case "seed": Seed = long.Parse(v, inv); break;
                case "pacing": Pacing = FrameLoopOptions.ParsePacing(v); break;
                case "tickMs": TickMs = double.Parse(v, inv); break;
                case "timeScale": TimeScale = double.Parse(v, inv); break;
                case "frames": Frames = int.Parse(v, inv); break;
                case "encoding": Encoding = WireEncodings.Parse(v); break;
                case "program": Program = v; break;
                case "host": Host = v; break;
                case "port": Port = int.Parse(v, inv); break;
                case "url": Url = v; break;
                case "csv": CsvFolder = v; break;
                case "quit": QuitWhenDone = v == "1" || v == "true"; break;
                default: throw new ArgumentException("unknown key '" + key + "'");
            }
        }

        /// <summary>Parses native|socket|wasm|websocket (case-insensitive).</summary>
        public static EngineKind ParseEngine(string v)
        {
            switch (v.ToLowerInvariant())
            {
                case "native": return EngineKind.Native;
                case "socket": return EngineKind.Socket;
                case "wasm": return EngineKind.Wasm;
                case "websocket": case "ws": return EngineKind.WebSocket;
                default: throw new ArgumentException("unknown engine '" + v + "' (native, socket, wasm, websocket)");
            }
        }

        private static int[] ParseIds(string v)
        {
            if (v.Length == 0) return new int[0];
            var parts = v.Split(',');
            var ids = new int[parts.Length];
            for (int i = 0; i < parts.Length; i++) ids[i] = int.Parse(parts[i].Trim(), CultureInfo.InvariantCulture);
            return ids;
        }

        private static int Positive(int v, string key)
        {
            if (v <= 0) throw new ArgumentException(key + " must be > 0, got " + v);
            return v;
        }

        /// <summary>The value following <paramref name="flag"/> on the process command line, or null.</summary>
        public static string CommandLineValue(string flag)
        {
            var args = Environment.GetCommandLineArgs();
            for (int i = 0; i + 1 < args.Length; i++) if (args[i] == flag) return args[i + 1];
            return null;
        }
    }
}
