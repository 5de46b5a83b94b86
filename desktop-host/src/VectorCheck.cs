using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Model;
using Newtonsoft.Json.Linq;

namespace Collektive.DesktopHost
{
    /// <summary>
    /// <c>verify</c>: replays the engine's test vectors (collektive-core/test-vectors, format 1) through an
    /// <see cref="IEngine"/> — the same calls the frame loop makes: all positions, then one step — and compares every
    /// round's values (bit for bit) and neighbour lists with the expected ones. Per-device position updates are
    /// applied to the front-end's position array (all positions are sent each round, as the scene does);
    /// clearSources unsets every source set so far. Only EUCLIDEAN vectors are accepted: the reference ABI and
    /// protocol create the Euclidean program.
    /// </summary>
    internal static class VectorCheck
    {
        public static int Run(Options o)
        {
            var files = o.All("vectors");
            if (files.Count == 0) throw new ArgumentException("verify needs --vectors FILE (repeatable)");
            string engineKind = o.Str("engine", null);
            o.Str("host", null); o.Str("port", null); o.Str("encoding", null); o.Str("spin-us", null); o.Str("transport", null); o.Str("path", null);
            o.CheckAllUsed();
            var report = new StringBuilder("{\"ok\":");
            var parts = new List<string>();
            int totalMismatches = 0;
            foreach (var file in files)
            {
                var v = JObject.Parse(File.ReadAllText(file));
                string name = (string)v["name"] ?? Path.GetFileNameWithoutExtension(file);
                if ((string)v["program"] != "EUCLIDEAN")
                    throw new ArgumentException("vector " + name + " uses program " + v["program"] + "; only EUCLIDEAN is reachable through the reference ABI/protocol");
                int n = (int)v["nodeCount"];
                double maxDistance = Num(v["maxDistance"]);
                var positions = new Vec3[n];
                var sources = new HashSet<int>();
                var state = new EngineState();
                int rounds = 0, mismatches = 0;
                using (var engine = Program.OpenEngine(o, null))
                {
                    engine.Create(n, maxDistance);
                    foreach (JObject round in (JArray)v["rounds"])
                    {
                        foreach (JObject op in (JArray)round["ops"])
                        {
                            switch ((string)op["op"])
                            {
                                case "updatePositions":
                                    var xyz = (JArray)op["xyz"];
                                    for (int i = 0; i < n; i++) positions[i] = new Vec3(Num(xyz[3 * i]), Num(xyz[3 * i + 1]), Num(xyz[3 * i + 2]));
                                    break;
                                case "updatePosition":
                                    var p = (JArray)op["xyz"];
                                    positions[(int)op["node"]] = new Vec3(Num(p[0]), Num(p[1]), Num(p[2]));
                                    break;
                                case "setSource":
                                    int node = (int)op["node"];
                                    bool isSource = op["isSource"] == null || (bool)op["isSource"];
                                    engine.SetSource(node, isSource);
                                    if (isSource) sources.Add(node); else sources.Remove(node);
                                    break;
                                case "clearSources":
                                    foreach (var s in sources) engine.SetSource(s, false);
                                    sources.Clear();
                                    break;
                                default: throw new ArgumentException("vector " + name + ": unknown op " + op["op"]);
                            }
                        }
                        engine.SubmitPositions(positions);
                        engine.RequestStep((int)round["steps"]);
                        if (!engine.WaitForState(10000)) throw new EngineException("no state within 10 s (vector " + name + ", round " + rounds + ")");
                        long arrival;
                        if (!engine.TryReceiveState(state, out arrival)) throw new EngineException("state announced but not received");
                        mismatches += Compare(name, rounds, (JArray)round["values"], (JArray)round["neighbors"], state, mismatches);
                        rounds++;
                    }
                }
                totalMismatches += mismatches;
                parts.Add("{\"name\":\"" + name + "\",\"nodeCount\":" + n + ",\"rounds\":" + rounds + ",\"mismatches\":" + mismatches + "}");
            }
            report.Append(totalMismatches == 0 ? "true" : "false").Append(",\"engine\":\"").Append(engineKind).Append("\",\"vectors\":[")
                  .Append(string.Join(",", parts.ToArray())).Append("]}");
            Console.WriteLine(report.ToString());
            return totalMismatches == 0 ? 0 : 1;
        }

        private static int Compare(string name, int round, JArray values, JArray neighbors, EngineState state, int reportedSoFar)
        {
            int bad = 0;
            if (state.Count != values.Count)
            {
                Console.Error.WriteLine(name + " round " + round + ": " + state.Count + " devices, expected " + values.Count);
                return 1;
            }
            for (int i = 0; i < values.Count; i++)
            {
                double expected = Num(values[i]);
                double got = state.Value(i);
                bool valueOk = BitConverter.DoubleToInt64Bits(expected) == BitConverter.DoubleToInt64Bits(got) || (double.IsNaN(expected) && double.IsNaN(got));
                var exp = (JArray)neighbors[i];
                bool linksOk = exp.Count == state.NeighborCount(i);
                for (int k = 0; linksOk && k < exp.Count; k++) linksOk = (int)exp[k] == state.Neighbor(i, k);
                if (valueOk && linksOk) continue;
                bad++;
                if (reportedSoFar + bad <= 10)
                    Console.Error.WriteLine(name + " round " + round + " device " + i + ": value " + got.ToString("R", CultureInfo.InvariantCulture)
                        + " expected " + (string)values[i] + "; neighbours [" + string.Join(",", Array.ConvertAll(state.Neighbors(i), x => x.ToString())) + "] expected " + exp.ToString(Newtonsoft.Json.Formatting.None));
            }
            return bad;
        }

        private static double Num(JToken t)
        {
            if (t.Type == JTokenType.Float || t.Type == JTokenType.Integer) return (double)t;
            var s = (string)t;
            if (s == "Infinity") return double.PositiveInfinity;
            if (s == "-Infinity") return double.NegativeInfinity;
            if (s == "NaN") return double.NaN;
            return double.Parse(s, NumberStyles.Float, CultureInfo.InvariantCulture);
        }
    }
}
