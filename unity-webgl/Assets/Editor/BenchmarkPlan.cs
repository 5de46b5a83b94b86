using System;
using System.Collections.Generic;
using System.IO;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Newtonsoft.Json.Linq;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// What a batch-mode benchmark runs, read from the plan <c>npm run bench:unity</c> writes
    /// (<c>unity-plan.json</c>, measurement/src/unityRunFiles.mjs): the run folder, the transports, frames, warm-up, blocks,
    /// floors, how to start the JVM server, and one entry per configuration with its scenario and each block's
    /// transport order. Node decides every configuration's scenario (measurement/src/scenario.mjs) and every block's
    /// order (drawn from the run's order seed as bench:desktop draws it); this side only builds and follows them.
    /// </summary>
    public sealed class BenchmarkPlan
    {
        /// <summary>The run folder (absolute); per-block files go to &lt;configuration&gt;/block-&lt;k&gt;/.</summary>
        public string RunDir;
        /// <summary>Transports ("native", "socket").</summary>
        public List<string> Transports = new List<string>();
        /// <summary>Measured rounds per configuration, split over the blocks.</summary>
        public int Rounds;
        /// <summary>Warm-up rounds per block (dropped by the analysis).</summary>
        public int Warmup;
        /// <summary>Blocks per configuration.</summary>
        public int Blocks;
        /// <summary>Floor samples per transport and configuration, split over the blocks.</summary>
        public int Floors;
        /// <summary>No-op calls averaged per native floor sample.</summary>
        public int FloorBatch;
        /// <summary>How to start the JVM server: "npm" (<c>npm run server:jvm</c>, builds when stale) or "jar" (the built jar).</summary>
        public string Server;
        /// <summary>The configurations, in run order.</summary>
        public List<Configuration> Configurations = new List<Configuration>();

        /// <summary>One configuration: id (folder name), scenario, pacing, encoding, block orders.</summary>
        public sealed class Configuration
        {
            /// <summary>Folder name, e.g. n10-free.</summary>
            public string Id;
            /// <summary>The scenario to run (built from the plan's kind, N, seed, mean degree, maxDistance).</summary>
            public Scenario Scenario;
            /// <summary>Pacing.</summary>
            public Pacing Pacing;
            /// <summary>Fixed-pacing tick, ms.</summary>
            public double TickMs;
            /// <summary>Fixed-pacing time scale.</summary>
            public double TimeScale;
            /// <summary>Wire encoding.</summary>
            public WireEncoding Encoding;
            /// <summary>Per block, the transports in the order they run.</summary>
            public List<List<string>> PathOrders = new List<List<string>>();
        }

        /// <summary>Reads a plan file; throws with the file's name on a missing or malformed field.</summary>
        public static BenchmarkPlan Read(string path)
        {
            JObject o;
            try { o = JObject.Parse(File.ReadAllText(path)); }
            catch (Exception e) { throw new ArgumentException("cannot read the plan " + path + ": " + e.Message, e); }
            try
            {
                var p = new BenchmarkPlan
                {
                    RunDir = Required(o, "runDir").Value<string>(),
                    Rounds = Required(o, "rounds").Value<int>(),
                    Warmup = Required(o, "warmup").Value<int>(),
                    Blocks = Required(o, "blocks").Value<int>(),
                    Floors = Required(o, "floors").Value<int>(),
                    FloorBatch = Required(o, "floorBatch").Value<int>(),
                    Server = Required(o, "server").Value<string>(),
                };
                foreach (var t in Required(o, "transports"))
                {
                    string s = t.Value<string>();
                    if (s != "native" && s != "socket") throw new ArgumentException("transport " + s);
                    p.Transports.Add(s);
                }
                foreach (JObject c in Required(o, "configurations"))
                {
                    var seed = Required(c, "seed");
                    var configuration = new Configuration
                    {
                        Id = Required(c, "id").Value<string>(),
                        Scenario = Scenario.Of(Required(c, "scenario").Value<string>(), Required(c, "nodeCount").Value<int>(),
                            seed.Type == JTokenType.Null ? 0L : seed.Value<long>(), Required(c, "meanDegree").Value<double>(), Required(c, "maxDistance").Value<double>()),
                        Pacing = FrameLoopOptions.ParsePacing(Required(c, "pacing").Value<string>()),
                        TickMs = c["tickMs"] == null || c["tickMs"].Type == JTokenType.Null ? 0.0 : c["tickMs"].Value<double>(),
                        TimeScale = Required(c, "timeScale").Value<double>(),
                        Encoding = WireEncodings.Parse(Required(c, "encoding").Value<string>()),
                    };
                    foreach (var order in Required(c, "pathOrders"))
                    {
                        var transports = new List<string>();
                        foreach (var t in order) transports.Add(t.Value<string>());
                        if (transports.Count != p.Transports.Count || !p.Transports.TrueForAll(transports.Contains))
                            throw new ArgumentException(configuration.Id + ": a block order must list the transports " + string.Join(",", p.Transports.ToArray()) + " once each, got " + string.Join(",", transports.ToArray()));
                        configuration.PathOrders.Add(transports);
                    }
                    if (configuration.PathOrders.Count != p.Blocks)
                        throw new ArgumentException(configuration.Id + ": " + configuration.PathOrders.Count + " block orders for " + p.Blocks + " blocks");
                    p.Configurations.Add(configuration);
                }
                if (p.Rounds < 1 || p.Warmup < 0 || p.Blocks < 1 || p.Transports.Count == 0 || p.Configurations.Count == 0)
                    throw new ArgumentException("rounds >= 1, warmup >= 0, blocks >= 1, at least one transport and configuration");
                if (p.Server != "npm" && p.Server != "jar") throw new ArgumentException("server must be npm or jar, got " + p.Server);
                return p;
            }
            catch (Exception e)
            {
                throw new ArgumentException(path + ": " + e.Message, e);
            }
        }

        /// <summary>Frames of block <paramref name="b"/> when <paramref name="total"/> are split over the blocks.</summary>
        public int PerBlock(int total, int b) { return total / Blocks + (b < total % Blocks ? 1 : 0); }

        private static JToken Required(JObject o, string key)
        {
            var v = o[key];
            if (v == null) throw new ArgumentException("missing \"" + key + "\"");
            return v;
        }
    }
}
