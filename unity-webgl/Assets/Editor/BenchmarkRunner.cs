using System;
using System.Collections.Generic;
using System.IO;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Scene;
using Collektive.Frontend.Timing;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Batch-mode benchmark entry points (<c>Unity -batchmode -projectPath unity-webgl -executeMethod …</c>):
    /// <list type="bullet">
    /// <item><see cref="RunDesktop"/>: the measure stage of <c>npm run bench:unity</c>, which writes the plan
    /// (<c>-collektivePlan unity-plan.json</c>, <see cref="BenchmarkPlan"/>) and, once Unity has exited 0, merges the
    /// blocks and writes run.json (measurement/src/unityRunFiles.mjs; docs/measurements.md, "The Unity bench"). Per
    /// configuration, native and socket interleaved in blocks in the plan's order per block, each block run by the
    /// shared package's <see cref="FrameLoop"/> inside the Editor's runtime, exactly as the headless host runs it.
    /// Each block's raw files go to <c>&lt;configuration&gt;/block-&lt;k&gt;/</c>: <c>native.csv</c>,
    /// <c>socket.csv</c> (back-ends; a fresh JVM server per socket block), <c>unity_native.csv</c>,
    /// <c>unity_socket.csv</c> (front-end), <c>floors.csv</c>; what ran, with each file's clock offset, goes to
    /// <c>unity-record.json</c> in the run folder.</item>
    /// <item><see cref="RunPlayMode"/>: one configuration through the scene's MonoBehaviours (FixedUpdate / Update),
    /// configured by <c>-collektive "engine=…;frames=1030;csv=…;quit=1"</c>.</item>
    /// </list>
    /// The socket path starts the JVM server itself (<c>npm run server:jvm</c>) and stops it with SIGTERM.
    /// Exit code 0 on success, 1 on failure.
    /// </summary>
    public static class BenchmarkRunner
    {
        /// <summary>File name of what Unity ran (read by measurement/src/unityRunFiles.mjs).</summary>
        public const string RecordFile = "unity-record.json";

        /// <summary>Every configuration of the plan given as <c>-collektivePlan</c>.</summary>
        public static void RunDesktop()
        {
            Guarded(delegate
            {
                string plan = RunConfig.CommandLineValue("-collektivePlan");
                if (plan == null) throw new ArgumentException("RunDesktop needs -collektivePlan <unity-plan.json>: run it through npm run bench:unity -- --unity <Unity executable>");
                Run(BenchmarkPlan.Read(plan));
            });
        }

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

        /// <summary>Runs a plan: per-block files and <see cref="RecordFile"/> in the plan's run folder.</summary>
        public static void Run(BenchmarkPlan plan)
        {
            if (plan.Transports.Contains("native")) NativeLibraryCopier.Copy(true);
            Directory.CreateDirectory(plan.RunDir);
            // Every file's t_ns is shifted onto this clock by the Node write stage (the offsets in the record).
            long runStart = Clock.Now();
            var configurations = new JArray();
            foreach (var c in plan.Configurations) configurations.Add(RunConfiguration(plan, c, runStart));
            var record = new JObject
            {
                { "frontEnd", new JObject { { "name", "Unity" }, { "version", Application.unityVersion } } },
                { "runtimes", new JObject { { "unity", Application.unityVersion }, { "clr", System.Environment.Version.ToString() } } },
                { "timerResolutionNs", Clock.ResolutionNs() },
                { "configurations", configurations },
            };
            File.WriteAllText(Path.Combine(plan.RunDir, RecordFile), record.ToString(Formatting.Indented) + "\n");
            Debug.Log("[collektive] benchmark measured into " + plan.RunDir);
        }

        private static JObject RunConfiguration(BenchmarkPlan plan, BenchmarkPlan.Configuration c, long runStart)
        {
            var scenario = c.Scenario;
            var blocks = new JArray();
            try
            {
                for (int block = 0; block < plan.Blocks; block++)
                {
                    string dir = c.Id + "/block-" + block;
                    string folder = Path.Combine(plan.RunDir, c.Id, "block-" + block);
                    Directory.CreateDirectory(folder);
                    var options = new FrameLoopOptions
                    {
                        Pacing = c.Pacing, TickMs = c.TickMs, TimeScale = c.TimeScale, RoundsPerStep = 1,
                        Frames = plan.Warmup + plan.PerBlock(plan.Rounds, block),
                    };
                    int floors = plan.Floors > 0 ? plan.Warmup + plan.PerBlock(plan.Floors, block) : 0;
                    var order = c.PathOrders[block];
                    var offsets = new JObject();
                    // One floors.csv per block: both transports' floor samples on one log.
                    var floorLog = new TimingLog(Math.Max(16, 2 * floors));
                    foreach (var transport in order)
                    {
                        EditorUtility.DisplayProgressBar("Collektive benchmark", c.Id + " block " + (block + 1) + "/" + plan.Blocks + ": " + transport, (float)block / plan.Blocks);
                        var log = new TimingLog(16 * options.Frames);
                        if (transport == "native")
                        {
                            NativeEngine.SetBackendCsv(Path.Combine(folder, "native.csv"));
                            try
                            {
                                RunBlock(transport, scenario, c.Encoding, options, log, 0);
                                if (floors > 0) Floors.NativeNoop(floorLog, floors, plan.FloorBatch);
                                NativeEngine.FlushBackendCsv();
                            }
                            finally { NativeEngine.SetBackendCsv(null); }
                            // the library's clock starts in this process when it is first used: offset 0
                            offsets["native.csv"] = 0L;
                        }
                        else
                        {
                            long serverStart = Clock.Now();
                            using (var server = new JvmServerProcess(ProjectPaths.Repository, Path.Combine(folder, "socket.csv"), 600000, plan.Server == "jar"))
                            {
                                RunBlock(transport, scenario, c.Encoding, options, log, server.Port);
                                if (floors > 0) Floors.SocketEcho(floorLog, "127.0.0.1", server.Port, floors);
                            }
                            offsets["socket.csv"] = Clock.ToNs(serverStart - runStart);
                        }
                        log.WriteCsv(Path.Combine(folder, "unity_" + transport + ".csv"));
                        offsets["unity_" + transport + ".csv"] = Clock.ToNs(log.OriginTicks - runStart);
                        Debug.Log("[collektive] " + c.Id + " block " + (block + 1) + "/" + plan.Blocks + " " + transport + ": " + options.Frames + " frames");
                    }
                    if (floors > 0)
                    {
                        floorLog.WriteCsv(Path.Combine(folder, "floors.csv"));
                        offsets["floors.csv"] = Clock.ToNs(floorLog.OriginTicks - runStart);
                    }
                    blocks.Add(new JObject { { "dir", dir }, { "order", new JArray(order.ToArray()) }, { "offsetsNs", offsets } });
                }
            }
            finally { EditorUtility.ClearProgressBar(); }
            return new JObject
            {
                { "id", c.Id },
                // what ran, as built here: the Node write stage checks it against the plan
                { "scenario", new JObject
                    {
                        { "kind", scenario.Kind }, { "nodeCount", scenario.NodeCount },
                        { "seed", scenario.Seed.HasValue ? (JToken)scenario.Seed.Value : JValue.CreateNull() },
                        { "maxDistance", scenario.MaxDistance }, { "meanDegree", scenario.MeanDegree() },
                        { "sources", new JArray(scenario.Sources) },
                    }
                },
                { "blocks", blocks },
            };
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
