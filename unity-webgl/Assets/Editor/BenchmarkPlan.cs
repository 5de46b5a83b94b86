using System;
using System.Collections.Generic;
using System.Globalization;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Loop;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// What a batch-mode benchmark runs, with the defaults of <c>npm run bench:desktop</c>: the reference scenario
    /// for N = 10, 100, 1000 (N > 10 extends the reference layout), fixed (20 ms tick, time scale 1) and free pacing,
    /// the reference JSON encoding, 1000 rounds + 30 warm-up per block, 5 blocks, native and socket interleaved in a
    /// random order per block. Set from the command line with <c>-collektiveBench "key=value;…"</c>: nodes (list),
    /// pacing (list), encodings (list), scenario, rounds, warmup, blocks, tickMs, timeScale, floors, floorBatch,
    /// transports (list of native,socket), seed (order shuffle), out (runs folder), title.
    /// </summary>
    public sealed class BenchmarkPlan
    {
        /// <summary>Device counts.</summary>
        public List<int> Nodes = new List<int> { 10, 100, 1000 };
        /// <summary>Pacings.</summary>
        public List<Pacing> Pacings = new List<Pacing> { Pacing.Fixed, Pacing.Free };
        /// <summary>Encodings.</summary>
        public List<WireEncoding> Encodings = new List<WireEncoding> { WireEncoding.Json };
        /// <summary>Transports ("native", "socket").</summary>
        public List<string> Transports = new List<string> { "native", "socket" };
        /// <summary>"reference" or "random".</summary>
        public string Scenario = "reference";
        /// <summary>Measured rounds per block.</summary>
        public int Rounds = 1000;
        /// <summary>Warm-up rounds per block (dropped by the analysis).</summary>
        public int Warmup = 30;
        /// <summary>Blocks per configuration.</summary>
        public int Blocks = 5;
        /// <summary>Fixed-pacing tick, ms.</summary>
        public double TickMs = 20.0;
        /// <summary>Fixed-pacing time scale.</summary>
        public double TimeScale = 1.0;
        /// <summary>Floor samples per transport and configuration.</summary>
        public int Floors = 1000;
        /// <summary>No-op calls averaged per native floor sample.</summary>
        public int FloorBatch = 100;
        /// <summary>Seed of the per-block order shuffle.</summary>
        public int Seed = 1;
        /// <summary>Runs folder (default public/data/runs of the repository).</summary>
        public string Out;
        /// <summary>Run title.</summary>
        public string Title;

        /// <summary>The default plan with <paramref name="spec"/> applied.</summary>
        public static BenchmarkPlan Parse(string spec)
        {
            var p = new BenchmarkPlan();
            if (string.IsNullOrEmpty(spec)) return p;
            var inv = CultureInfo.InvariantCulture;
            foreach (var part in spec.Split(';'))
            {
                if (part.Trim().Length == 0) continue;
                int eq = part.IndexOf('=');
                if (eq <= 0) throw new ArgumentException("expected key=value in -collektiveBench, got '" + part + "'");
                string k = part.Substring(0, eq).Trim(), v = part.Substring(eq + 1).Trim();
                switch (k)
                {
                    case "nodes": p.Nodes = List(v, delegate (string s) { return int.Parse(s, inv); }); break;
                    case "pacing": p.Pacings = List(v, FrameLoopOptions.ParsePacing); break;
                    case "encodings": p.Encodings = List(v, WireEncodings.Parse); break;
                    case "transports": p.Transports = List(v, delegate (string s) { if (s != "native" && s != "socket") throw new ArgumentException("transport " + s); return s; }); break;
                    case "scenario": p.Scenario = v; break;
                    case "rounds": p.Rounds = int.Parse(v, inv); break;
                    case "warmup": p.Warmup = int.Parse(v, inv); break;
                    case "blocks": p.Blocks = int.Parse(v, inv); break;
                    case "tickMs": p.TickMs = double.Parse(v, inv); break;
                    case "timeScale": p.TimeScale = double.Parse(v, inv); break;
                    case "floors": p.Floors = int.Parse(v, inv); break;
                    case "floorBatch": p.FloorBatch = int.Parse(v, inv); break;
                    case "seed": p.Seed = int.Parse(v, inv); break;
                    case "out": p.Out = v; break;
                    case "title": p.Title = v; break;
                    default: throw new ArgumentException("unknown -collektiveBench key '" + k + "'");
                }
            }
            if (p.Rounds < 1 || p.Warmup < 0 || p.Blocks < 1) throw new ArgumentException("rounds >= 1, warmup >= 0, blocks >= 1");
            return p;
        }

        /// <summary>Configuration folder name, e.g. n10-free or n100-fixed-batched.</summary>
        public static string ConfigId(int nodes, Pacing pacing, WireEncoding encoding)
        {
            return "n" + nodes + "-" + FrameLoopOptions.Name(pacing) + (encoding == WireEncoding.Json ? "" : "-" + WireEncodings.Name(encoding));
        }

        private static List<T> List<T>(string v, Func<string, T> parse)
        {
            var r = new List<T>();
            foreach (var s in v.Split(',')) if (s.Trim().Length > 0) r.Add(parse(s.Trim()));
            if (r.Count == 0) throw new ArgumentException("empty list '" + v + "'");
            return r;
        }
    }
}
