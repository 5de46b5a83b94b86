using System;
using System.Collections.Generic;
using System.Globalization;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Loop;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// What a batch-mode benchmark runs, with the defaults and rules of <c>npm run bench:desktop</c>
    /// (scripts/bench-desktop.mjs): N = 10 (the reference scenario; a larger N runs the random scenario of the same
    /// density: seed 1, mean degree 8, maxDistance 3), fixed (20 ms tick, time scale 1) and free pacing, the
    /// reference JSON encoding, 1000 measured frames split over 5 blocks, each block with its own 30 warm-up frames,
    /// native and socket in a random order per block, 200 floor samples. Set from the command line with
    /// <c>-collektiveBench "key=value;…"</c>: nodes (list, e.g. 10,100,1000), pacing (list), encodings (list),
    /// rounds, warmup, blocks, tickMs, timeScale, floors, floorBatch, transports (list of native,socket), seed
    /// (random scenario), meanDegree, maxDistance, orderSeed (block-order shuffle), out (runs folder; the manifest is
    /// updated only for the default), title, server (npm | jar).
    /// </summary>
    public sealed class BenchmarkPlan
    {
        /// <summary>Device counts.</summary>
        public List<int> Nodes = new List<int> { 10 };
        /// <summary>Pacings.</summary>
        public List<Pacing> Pacings = new List<Pacing> { Pacing.Fixed, Pacing.Free };
        /// <summary>Encodings.</summary>
        public List<WireEncoding> Encodings = new List<WireEncoding> { WireEncoding.Json };
        /// <summary>Transports ("native", "socket").</summary>
        public List<string> Transports = new List<string> { "native", "socket" };
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
        public int Floors = 200;
        /// <summary>No-op calls averaged per native floor sample.</summary>
        public int FloorBatch = 100;
        /// <summary>Seed of the random scenario (N &gt; 10).</summary>
        public int Seed = 1;
        /// <summary>Mean degree of the random scenario.</summary>
        public double MeanDegree = 8.0;
        /// <summary>Neighbour radius.</summary>
        public double MaxDistance = 3.0;
        /// <summary>Seed of the per-block order shuffle (default: random, recorded in run.json).</summary>
        public int OrderSeed = new System.Random().Next();
        /// <summary>Runs folder (default public/data/runs of the repository).</summary>
        public string Out;
        /// <summary>Run title.</summary>
        public string Title;
        /// <summary>How to start the JVM server: "npm" (<c>npm run server:jvm</c>, builds when stale) or "jar" (the built jar).</summary>
        public string Server = "npm";

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
                    case "rounds": p.Rounds = int.Parse(v, inv); break;
                    case "warmup": p.Warmup = int.Parse(v, inv); break;
                    case "blocks": p.Blocks = int.Parse(v, inv); break;
                    case "tickMs": p.TickMs = double.Parse(v, inv); break;
                    case "timeScale": p.TimeScale = double.Parse(v, inv); break;
                    case "floors": p.Floors = int.Parse(v, inv); break;
                    case "floorBatch": p.FloorBatch = int.Parse(v, inv); break;
                    case "seed": p.Seed = int.Parse(v, inv); break;
                    case "orderSeed": p.OrderSeed = int.Parse(v, inv); break;
                    case "meanDegree": p.MeanDegree = double.Parse(v, inv); break;
                    case "maxDistance": p.MaxDistance = double.Parse(v, inv); break;
                    case "out": p.Out = v; break;
                    case "title": p.Title = v; break;
                    case "server":
                        if (v != "npm" && v != "jar") throw new ArgumentException("server must be npm or jar, got " + v);
                        p.Server = v;
                        break;
                    default: throw new ArgumentException("unknown -collektiveBench key '" + k + "'");
                }
            }
            if (p.Rounds < 1 || p.Warmup < 0 || p.Blocks < 1) throw new ArgumentException("rounds >= 1, warmup >= 0, blocks >= 1");
            return p;
        }

        /// <summary>"reference" for N = 10, "random" otherwise (as bench:desktop).</summary>
        public static string ScenarioFor(int nodes) { return nodes == 10 ? "reference" : "random"; }

        /// <summary>Frames of block <paramref name="b"/> when <paramref name="total"/> are split over the blocks.</summary>
        public int PerBlock(int total, int b) { return total / Blocks + (b < total % Blocks ? 1 : 0); }

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
