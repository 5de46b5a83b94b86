using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text.RegularExpressions;
using Collektive.Frontend.Scene;
using Collektive.Frontend.Timing;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Writes a run's <c>run.json</c> (docs/measurements.md, schemaVersion 1, kind "unity", front-end "Unity" with
    /// its version) and appends the run to <c>public/data/manifest.json</c> (newest last; other runs untouched).
    /// </summary>
    public static class RunRecord
    {
        /// <summary>A new run id: <c>yyyy-MM-dd-unity-&lt;short commit&gt;-HHmm</c>, suffixed when the folder exists.</summary>
        public static string NewRunId(string runsFolder, string commit)
        {
            var now = DateTime.UtcNow;
            string baseId = now.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture) + "-unity-" + (commit == null ? "nocommit" : commit.Substring(0, Math.Min(7, commit.Length)))
                + "-" + now.ToString("HHmm", CultureInfo.InvariantCulture);
            string id = baseId;
            for (int i = 2; Directory.Exists(Path.Combine(runsFolder, id)); i++) id = baseId + "-" + i;
            return id;
        }

        /// <summary>The run.json skeleton: id, title, kind, createdAt, commit, frontEnd, environment, parameters, empty configurations.</summary>
        public static JObject Create(string id, string title, string commit, BenchmarkPlan plan)
        {
            return new JObject
            {
                { "schemaVersion", 1 },
                { "id", id },
                { "title", title },
                { "kind", "unity" },
                { "createdAt", DateTime.UtcNow.ToString("yyyy-MM-ddTHH:mm:ssZ", CultureInfo.InvariantCulture) },
                { "commit", commit },
                { "description", "Unity Editor in batch mode as the front-end: the shared com.collektive.frontend frame loop (the code the headless desktop host runs) driving libsimple_gradient.so via P/Invoke (native) and the Kotlin/JVM server over loopback TCP (socket), interleaved in blocks with a random order per block. Front-end files keep the reference names (unity_*.csv). Blocks after the first lose their own warm-up samples at merge." },
                { "frontEnd", new JObject { { "name", "Unity" }, { "version", Application.unityVersion } } },
                { "environment", Environment() },
                { "parameters", new JObject
                    {
                        { "rounds", plan.Rounds }, { "warmup", plan.Warmup }, { "blocks", plan.Blocks }, { "floors", plan.Floors },
                        { "floorBatch", plan.FloorBatch }, { "orderSeed", plan.OrderSeed }, { "meanDegree", plan.MeanDegree }, { "roundsPerStep", 1 },
                        { "command", "Unity -batchmode -projectPath unity-webgl -executeMethod Collektive.Unity.Editor.BenchmarkRunner.RunDesktop -collektiveBench \"" + (RunConfig.CommandLineValue("-collektiveBench") ?? "") + "\"" },
                    }
                },
                { "configurations", new JArray() },
            };
        }

        /// <summary>One configuration entry.</summary>
        public static JObject Configuration(string id, string scenario, int nodes, double maxDistance, string pacing, double? tickMs, double timeScale, string encoding, JArray files)
        {
            return new JObject
            {
                { "id", id }, { "scenario", scenario }, { "nodeCount", nodes }, { "maxDistance", maxDistance }, { "seed", null },
                { "pacing", pacing }, { "tickMs", tickMs.HasValue ? (JToken)tickMs.Value : JValue.CreateNull() }, { "timeScale", timeScale },
                { "encoding", encoding }, { "files", files },
            };
        }

        /// <summary>One file entry.</summary>
        public static JObject File(string path, string side, string transport)
        {
            return new JObject
            {
                { "file", path }, { "side", side }, { "platform", "desktop" },
                { "transport", transport == null ? JValue.CreateNull() : (JToken)transport },
            };
        }

        /// <summary>Writes run.json into the run folder and appends the run to the manifest (none when <paramref name="manifestPath"/> is null).</summary>
        public static void Save(JObject run, string runFolder, string manifestPath)
        {
            System.IO.File.WriteAllText(Path.Combine(runFolder, "run.json"), run.ToString(Formatting.Indented) + "\n");
            if (manifestPath == null) return;
            JObject manifest = System.IO.File.Exists(manifestPath)
                ? JObject.Parse(System.IO.File.ReadAllText(manifestPath))
                : new JObject { { "schemaVersion", 1 }, { "runs", new JArray() } };
            var runs = (JArray)manifest["runs"];
            string id = (string)run["id"];
            runs.Add(new JObject
            {
                { "id", id }, { "kind", "unity" }, { "title", run["title"] }, { "createdAt", run["createdAt"] },
                { "run", "runs/" + id + "/run.json" },
            });
            System.IO.File.WriteAllText(manifestPath, manifest.ToString(Formatting.Indented) + "\n");
        }

        /// <summary>The repository's HEAD commit, or null.</summary>
        public static string Commit(string repository)
        {
            string s = Capture("git", "-C \"" + repository + "\" rev-parse HEAD");
            return s != null && Regex.IsMatch(s, "^[0-9a-f]{40}$") ? s : null;
        }

        private static JObject Environment()
        {
            string cpu = Match(ReadOr("/proc/cpuinfo", ""), @"model name\s*:\s*(.+)");
            string mem = Match(ReadOr("/proc/meminfo", ""), @"MemTotal:\s*(\d+) kB");
            string os = Match(ReadOr("/etc/os-release", ""), "PRETTY_NAME=\"?([^\"\\n]+)");
            string kernel = ReadOr("/proc/sys/kernel/osrelease", "").Trim();
            string java = Capture("sh", "-c \"java -version 2>&1 | head -1\"");
            return new JObject
            {
                { "cpuModel", cpu }, { "cores", System.Environment.ProcessorCount },
                { "memoryBytes", mem == null ? JValue.CreateNull() : (JToken)(long.Parse(mem, CultureInfo.InvariantCulture) * 1024L) },
                { "os", os ?? SystemInfo() }, { "kernel", kernel.Length > 0 ? kernel : null },
                { "runtimes", new JObject { { "unity", Application.unityVersion }, { "clr", System.Environment.Version.ToString() }, { "jdk", java } } },
                { "timerResolutionNs", Clock.ResolutionNs() },
                { "pinning", null },
            };
        }

        private static string SystemInfo() { return UnityEngine.SystemInfo.operatingSystem; }

        private static string ReadOr(string path, string fallback)
        {
            try { return System.IO.File.ReadAllText(path); } catch (IOException) { return fallback; } catch (UnauthorizedAccessException) { return fallback; }
        }

        private static string Match(string text, string pattern)
        {
            var m = Regex.Match(text, pattern);
            return m.Success ? m.Groups[1].Value.Trim() : null;
        }

        private static string Capture(string cmd, string args)
        {
            try
            {
                var p = Process.Start(new ProcessStartInfo(cmd, args) { UseShellExecute = false, RedirectStandardOutput = true, CreateNoWindow = true });
                string s = p.StandardOutput.ReadToEnd().Trim();
                p.WaitForExit();
                return p.ExitCode == 0 ? s : null;
            }
            catch (Exception) { return null; }
        }
    }
}
