using System;
using System.Collections.Generic;
using System.IO;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Scene;
using Collektive.Frontend.Timing;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Batch-mode benchmark entry points (<c>Unity -batchmode -projectPath unity-webgl -executeMethod …</c>):
    /// <list type="bullet">
    /// <item><see cref="RunDesktop"/>: the configurations of <c>npm run bench:desktop</c> (<see cref="BenchmarkPlan"/>),
    /// native and socket interleaved in blocks with a random order per block, each block run by the shared package's
    /// <see cref="FrameLoop"/> inside the Editor's runtime, exactly as the headless host runs it; writes per
    /// configuration <c>native.csv</c>, <c>socket.csv</c> (back-ends; a fresh JVM server per socket block),
    /// <c>unity_native.csv</c>, <c>unity_socket.csv</c> (front-end), <c>floors.csv</c>, merged over the blocks as
    /// bench:desktop merges them (<see cref="TimingMerge"/>), and a <c>run.json</c> (kind "unity", front-end "Unity"
    /// and its version) into <c>public/data/runs/&lt;run-id&gt;/</c>, appended to <c>public/data/manifest.json</c>.</item>
    /// <item><see cref="RunNative"/> / <see cref="RunSocket"/>: the same with one transport.</item>
    /// <item><see cref="RunPlayMode"/>: one configuration through the scene's MonoBehaviours (FixedUpdate / Update),
    /// configured by <c>-collektive "engine=…;frames=1030;csv=…;quit=1"</c>.</item>
    /// </list>
    /// The socket path starts the JVM server itself (<c>npm run server:jvm</c>) and stops it with SIGTERM.
    /// Exit code 0 on success, 1 on failure.
    /// </summary>
    public static class BenchmarkRunner
    {
        /// <summary>Both desktop transports, every configuration of the plan.</summary>
        public static void RunDesktop() { Guarded(delegate { Run(BenchmarkPlan.Parse(RunConfig.CommandLineValue("-collektiveBench"))); }); }

        /// <summary>The native transport only.</summary>
        public static void RunNative() { Guarded(delegate { Run(BenchmarkPlan.Parse("transports=native;" + RunConfig.CommandLineValue("-collektiveBench"))); }); }

        /// <summary>The socket transport only.</summary>
        public static void RunSocket() { Guarded(delegate { Run(BenchmarkPlan.Parse("transports=socket;" + RunConfig.CommandLineValue("-collektiveBench"))); }); }

        /// <summary>Enters play mode in the Gradient scene; the SimulationManager reads <c>-collektive</c> and quits when done.</summary>
        public static void RunPlayMode()
        {
            string spec = RunConfig.CommandLineValue("-collektive");
            if (spec == null || spec.IndexOf("frames=", StringComparison.Ordinal) < 0 || spec.IndexOf("quit=1", StringComparison.Ordinal) < 0)
                Debug.LogWarning("[collektive] RunPlayMode: pass -collektive \"engine=native;frames=1030;csv=<folder>;quit=1\" so the run ends by itself");
            if (spec != null && spec.IndexOf("engine=native", StringComparison.Ordinal) >= 0) NativeLibraryCopier.Copy(true);
            EditorSceneManager.OpenScene(SceneSetup.Ensure());
            EditorApplication.isPlaying = true;
        }

        private static void Guarded(Action body)
        {
            int code = 1;
            try { body(); code = 0; }
            catch (Exception e) { Debug.LogException(e); }
            if (Application.isBatchMode) EditorApplication.Exit(code);
        }

        /// <summary>Runs a plan and publishes it; returns the run folder.</summary>
        public static string Run(BenchmarkPlan plan)
        {
            if (plan.Transports.Contains("native")) NativeLibraryCopier.Copy(true);
            string runs = plan.Out ?? ProjectPaths.Runs;
            string commit = RunRecord.Commit(ProjectPaths.Repository);
            string runId = RunRecord.NewRunId(runs, commit);
            string runFolder = Path.Combine(runs, runId);
            Directory.CreateDirectory(runFolder);
            string title = plan.Title ?? ("Unity " + Application.unityVersion + ", desktop " + string.Join("+", plan.Transports.ToArray()) + ", N=" + string.Join(",", plan.Nodes.ConvertAll(delegate (int n) { return n.ToString(); }).ToArray()));
            var run = RunRecord.Create(runId, title, commit, plan);
            var rng = new System.Random(plan.OrderSeed);
            foreach (int nodes in plan.Nodes)
                foreach (var pacing in plan.Pacings)
                    foreach (var encoding in plan.Encodings)
                        ((JArray)run["configurations"]).Add(RunConfiguration(plan, nodes, pacing, encoding, runFolder, rng));
            RunRecord.Save(run, runFolder, plan.Out == null ? ProjectPaths.Manifest : null);
            Debug.Log("[collektive] benchmark written to " + runFolder);
            return runFolder;
        }

        private static JObject RunConfiguration(BenchmarkPlan plan, int nodes, Pacing pacing, WireEncoding encoding, string runFolder, System.Random rng)
        {
            string id = BenchmarkPlan.ConfigId(nodes, pacing, encoding);
            string folder = Path.Combine(runFolder, id);
            string blocksFolder = Path.Combine(Path.GetTempPath(), "collektive-unity-bench-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(folder);
            Directory.CreateDirectory(blocksFolder);
            string scenarioKind = BenchmarkPlan.ScenarioFor(nodes);
            var scenario = scenarioKind == "random"
                ? Scenario.Random(nodes, plan.Seed, plan.MeanDegree, plan.MaxDistance)
                : Scenario.Reference(nodes, plan.MaxDistance);
            var merges = new Dictionary<string, TimingMerge>();
            foreach (var t in plan.Transports)
            {
                merges[t] = new TimingMerge(plan.Warmup);
                merges["unity_" + t] = new TimingMerge(plan.Warmup);
            }
            var floorMerges = new Dictionary<string, TimingMerge>();
            foreach (var t in plan.Transports) floorMerges[t] = new TimingMerge(plan.Warmup);
            var orders = new JArray();
            long configStart = Clock.Now();
            try
            {
                for (int block = 0; block < plan.Blocks; block++)
                {
                    var options = new FrameLoopOptions
                    {
                        Pacing = pacing, TickMs = plan.TickMs, TimeScale = plan.TimeScale, RoundsPerStep = 1,
                        Frames = plan.Warmup + plan.PerBlock(plan.Rounds, block),
                    };
                    int floors = plan.Floors > 0 ? plan.Warmup + plan.PerBlock(plan.Floors, block) : 0;
                    var order = new List<string>(plan.Transports);
                    for (int i = order.Count - 1; i > 0; i--) { int j = rng.Next(i + 1); var x = order[i]; order[i] = order[j]; order[j] = x; }
                    orders.Add(string.Join(">", order.ToArray()));
                    foreach (var transport in order)
                    {
                        EditorUtility.DisplayProgressBar("Collektive benchmark", id + " block " + (block + 1) + "/" + plan.Blocks + ": " + transport, (float)block / plan.Blocks);
                        string backendCsv = Path.Combine(blocksFolder, transport + "-" + block + ".csv");
                        var log = new TimingLog(16 * options.Frames);
                        var floorLog = new TimingLog(Math.Max(16, floors));
                        if (transport == "native")
                        {
                            NativeEngine.SetBackendCsv(backendCsv);
                            try
                            {
                                RunBlock(transport, scenario, encoding, options, log, 0);
                                if (floors > 0) Floors.NativeNoop(floorLog, floors, plan.FloorBatch);
                                NativeEngine.FlushBackendCsv();
                            }
                            finally { NativeEngine.SetBackendCsv(null); }
                            // the library's clock origin is in this process, before the configuration started
                            merges["native"].AddBlock(backendCsv, 0);
                        }
                        else
                        {
                            long serverStart = Clock.Now();
                            using (var server = new JvmServerProcess(ProjectPaths.Repository, backendCsv, 600000, plan.Server == "jar"))
                            {
                                RunBlock(transport, scenario, encoding, options, log, server.Port);
                                if (floors > 0) Floors.SocketEcho(floorLog, "127.0.0.1", server.Port, floors);
                            }
                            merges["socket"].AddBlock(backendCsv, Clock.ToNs(serverStart - configStart));
                        }
                        merges["unity_" + transport].AddBlock(log, configStart);
                        if (floors > 0) floorMerges[transport].AddBlock(floorLog, configStart);
                        Debug.Log("[collektive] " + id + " block " + (block + 1) + "/" + plan.Blocks + " " + transport + ": " + options.Frames + " frames");
                    }
                }
            }
            finally
            {
                EditorUtility.ClearProgressBar();
                try { Directory.Delete(blocksFolder, true); } catch (IOException) { }
            }
            var files = new JArray();
            foreach (var t in plan.Transports)
            {
                merges[t].Write(Path.Combine(folder, t + ".csv"));
                merges["unity_" + t].Write(Path.Combine(folder, "unity_" + t + ".csv"));
                files.Add(RunRecord.File(id + "/" + t + ".csv", "backend", t));
                files.Add(RunRecord.File(id + "/unity_" + t + ".csv", "frontend", t));
            }
            if (plan.Floors > 0)
            {
                TimingMerge.Write(Path.Combine(folder, "floors.csv"), new List<TimingMerge>(floorMerges.Values).ToArray());
                files.Add(RunRecord.File(id + "/floors.csv", "floor", null));
            }
            var config = RunRecord.Configuration(id, scenarioKind, nodes, plan.MaxDistance, FrameLoopOptions.Name(pacing),
                pacing == Pacing.Fixed ? (double?)plan.TickMs : null, pacing == Pacing.Fixed ? plan.TimeScale : 1.0, WireEncodings.Name(encoding), files);
            config["seed"] = scenarioKind == "random" ? (JToken)plan.Seed : JValue.CreateNull();
            config["title"] = (scenarioKind == "reference" ? "Reference scenario" : "Random scenario") + ", N=" + nodes + ", " + FrameLoopOptions.Name(pacing) + " pacing, " + WireEncodings.Name(encoding);
            config["blockOrders"] = orders;
            return config;
        }

        private static void RunBlock(string transport, Scenario scenario, WireEncoding encoding, FrameLoopOptions options, TimingLog log, int port)
        {
            IEngine engine = transport == "native"
                ? (IEngine)new NativeEngine(encoding, log)
                : new SocketEngine("127.0.0.1", port, encoding, log);
            using (engine)
            {
                engine.Create(scenario.NodeCount, scenario.MaxDistance);
                foreach (var s in scenario.Sources) engine.SetSource(s, true);
                var scene = new SceneModel(scenario.Positions, scenario.Sources, scenario.MaxDistance);
                new FrameLoop(engine, scene, log, options).Run();
            }
        }
    }
}
