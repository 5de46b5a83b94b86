using System;
using System.Collections.Generic;
using System.IO;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
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
    /// configuration <c>native.csv</c>, <c>socket.csv</c> (back-ends), <c>unity_native.csv</c>,
    /// <c>unity_socket.csv</c> (front-end), <c>floors.csv</c>, and a <c>run.json</c> with front-end "Unity" and its
    /// version into <c>public/data/runs/&lt;run-id&gt;/</c>, appended to <c>public/data/manifest.json</c>.</item>
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
            var rng = new System.Random(plan.Seed);
            foreach (int nodes in plan.Nodes)
                foreach (var pacing in plan.Pacings)
                    foreach (var encoding in plan.Encodings)
                        ((JArray)run["configurations"]).Add(RunConfiguration(plan, nodes, pacing, encoding, runFolder, rng));
            RunRecord.Save(run, runFolder, plan.Out == null ? ProjectPaths.Manifest : Path.Combine(Path.GetDirectoryName(runs), "manifest.json"));
            Debug.Log("[collektive] benchmark written to " + runFolder);
            return runFolder;
        }

        private static JObject RunConfiguration(BenchmarkPlan plan, int nodes, Pacing pacing, WireEncoding encoding, string runFolder, System.Random rng)
        {
            string id = BenchmarkPlan.ConfigId(nodes, pacing, encoding);
            string folder = Path.Combine(runFolder, id);
            Directory.CreateDirectory(folder);
            var scenario = plan.Scenario == "random" ? Scenario.Random(nodes, plan.Seed, 8.0, 3.0) : Scenario.Reference(nodes, 3.0);
            var options = new FrameLoopOptions
            {
                Pacing = pacing, TickMs = plan.TickMs, TimeScale = plan.TimeScale, Frames = plan.Rounds + plan.Warmup, RoundsPerStep = 1,
            };
            var logs = new Dictionary<string, TimingLog>();
            foreach (var t in plan.Transports) logs[t] = new TimingLog(16 * options.Frames * plan.Blocks);
            var floors = new TimingLog(Math.Max(16, 2 * plan.Floors));
            var files = new JArray();
            JvmServerProcess server = null;
            try
            {
                if (plan.Transports.Contains("native")) NativeEngine.SetBackendCsv(Path.Combine(folder, "native.csv"));
                if (plan.Transports.Contains("socket")) server = new JvmServerProcess(ProjectPaths.Repository, Path.Combine(folder, "socket.csv"), 120000);
                for (int block = 0; block < plan.Blocks; block++)
                {
                    var order = new List<string>(plan.Transports);
                    for (int i = order.Count - 1; i > 0; i--) { int j = rng.Next(i + 1); var x = order[i]; order[i] = order[j]; order[j] = x; }
                    foreach (var transport in order)
                    {
                        EditorUtility.DisplayProgressBar("Collektive benchmark", id + " block " + (block + 1) + "/" + plan.Blocks + ": " + transport, (float)block / plan.Blocks);
                        RunBlock(transport, scenario, encoding, options, logs[transport], server);
                        Debug.Log("[collektive] " + id + " block " + (block + 1) + "/" + plan.Blocks + " " + transport + " done");
                    }
                }
                if (plan.Floors > 0)
                {
                    if (plan.Transports.Contains("native")) Floors.NativeNoop(floors, plan.Floors, plan.FloorBatch);
                    if (server != null) Floors.SocketEcho(floors, "127.0.0.1", server.Port, plan.Floors);
                }
            }
            finally
            {
                EditorUtility.ClearProgressBar();
                if (plan.Transports.Contains("native")) { NativeEngine.FlushBackendCsv(); NativeEngine.SetBackendCsv(null); }
                if (server != null) server.Dispose();
            }
            foreach (var t in plan.Transports)
            {
                logs[t].WriteCsv(Path.Combine(folder, "unity_" + t + ".csv"));
                files.Add(RunRecord.File(id + "/" + t + ".csv", "backend", t));
                files.Add(RunRecord.File(id + "/unity_" + t + ".csv", "frontend", t));
            }
            if (plan.Floors > 0)
            {
                floors.WriteCsv(Path.Combine(folder, "floors.csv"));
                files.Add(RunRecord.File(id + "/floors.csv", "floor", null));
            }
            return RunRecord.Configuration(id, plan.Scenario, nodes, 3.0, FrameLoopOptions.Name(pacing),
                pacing == Pacing.Fixed ? (double?)plan.TickMs : null, pacing == Pacing.Fixed ? plan.TimeScale : 1.0, WireEncodings.Name(encoding), files);
        }

        private static void RunBlock(string transport, Scenario scenario, WireEncoding encoding, FrameLoopOptions options, TimingLog log, JvmServerProcess server)
        {
            IEngine engine = transport == "native"
                ? (IEngine)new NativeEngine(encoding, log)
                : new SocketEngine("127.0.0.1", server.Port, encoding, log);
            using (engine)
            {
                engine.Create(scenario.NodeCount, scenario.MaxDistance);
                foreach (var s in scenario.Sources) engine.SetSource(s, true);
                var scene = new SceneModel(scenario.Positions, scenario.Sources, scenario.MaxDistance);
                new FrameLoop(engine, scene, log, options).Run();
            }
            if (transport == "native") NativeEngine.FlushBackendCsv();
        }
    }
}
