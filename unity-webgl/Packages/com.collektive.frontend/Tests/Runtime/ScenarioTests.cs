using System;
using System.Globalization;
using System.IO;
using System.Linq;
using Collektive.Frontend.Layout;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    /// <summary>
    /// One scene layout: the C# scenarios are the Kotlin engine's (collektive.engine.Scenarios), asked of
    /// libsimple_gradient.so (the platform's <see cref="LayoutSources"/> off WebGL), as the engine wrote them into the
    /// shared test vectors (collektive-core/test-vectors): the first positions of every vector with a random layout
    /// and of the reference-layout vectors, number for number; and the engine's refusals reach the caller.
    /// </summary>
    public class ScenarioTests
    {
        /// <summary>
        /// The vectors' folder: COLLEKTIVE_TEST_VECTORS (the NUnit runner sets it), else found above the working
        /// directory (Unity's Test Runner runs in the Unity project, beside collektive-core).
        /// </summary>
        private static string VectorsDir()
        {
            var set = Environment.GetEnvironmentVariable("COLLEKTIVE_TEST_VECTORS");
            if (!string.IsNullOrEmpty(set)) return set;
            for (var dir = new DirectoryInfo(Directory.GetCurrentDirectory()); dir != null; dir = dir.Parent)
            {
                var candidate = Path.Combine(Path.Combine(dir.FullName, "collektive-core"), "test-vectors");
                if (Directory.Exists(candidate)) return candidate;
            }
            Assert.Fail("collektive-core/test-vectors not found above " + Directory.GetCurrentDirectory() + ": set COLLEKTIVE_TEST_VECTORS");
            return null;
        }

        private static JObject[] Vectors()
        {
            return Directory.GetFiles(VectorsDir(), "*.json").Where(f => Path.GetFileName(f) != "index.json")
                .Select(f => JObject.Parse(File.ReadAllText(f))).ToArray();
        }

        private static double Num(JToken t) { return double.Parse((string)t, CultureInfo.InvariantCulture); }

        private static void AssertFirstPositions(JObject v, Scenario s)
        {
            var ops = (JArray)v["rounds"][0]["ops"];
            var xyz = ops.First(o => (string)o["op"] == "updatePositions")["xyz"].Select(Num).ToArray();
            Assert.AreEqual(xyz.Length, 3 * s.NodeCount, (string)v["name"]);
            for (int i = 0; i < s.NodeCount; i++)
            {
                var p = s.Positions[i];
                Assert.IsTrue(p.X == xyz[3 * i] && p.Y == xyz[3 * i + 1] && p.Z == xyz[3 * i + 2],
                    string.Format(CultureInfo.InvariantCulture, "{0}: device {1} at ({2:R}, {3:R}, {4:R}), the engine's at ({5:R}, {6:R}, {7:R})",
                        v["name"], i, p.X, p.Y, p.Z, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]));
            }
        }

        [Test]
        public void RandomLayoutsAreTheEngines()
        {
            var random = Vectors().Where(v => v["randomLayout"] != null && v["randomLayout"].Type == JTokenType.Object).ToArray();
            Assert.Greater(random.Length, 2);
            foreach (var v in random)
            {
                AssertFirstPositions(v, Scenario.Random((int)v["nodeCount"], (long)v["randomLayout"]["seed"],
                    Num(v["randomLayout"]["meanDegree"]), Num(v["maxDistance"])));
            }
        }

        [Test]
        public void ReferenceLayoutIsTheEngines()
        {
            var reference = Vectors().Where(v => ((string)v["name"]).StartsWith("reference", StringComparison.Ordinal)).ToArray();
            Assert.Greater(reference.Length, 0);
            foreach (var v in reference) AssertFirstPositions(v, Scenario.Reference((int)v["nodeCount"], Num(v["maxDistance"])));
        }

        [Test]
        public void TheEnginesRefusalsAreArgumentExceptionsWithItsMessage()
        {
            StringAssert.Contains("meanDegree", Assert.Throws<ArgumentException>(delegate { Scenario.Random(10, 1, 0.0, 3.0); }).Message);
            StringAssert.Contains("maxDistance", Assert.Throws<ArgumentException>(delegate { Scenario.Reference(10, double.NaN); }).Message);
            StringAssert.Contains("SG_MAX_NODE_COUNT", Assert.Throws<ArgumentException>(delegate { Scenario.Random(1000001, 1, 8.0, 3.0); }).Message);
            StringAssert.Contains("SG_MAX_LINKS", Assert.Throws<ArgumentException>(delegate { Scenario.Reference(5000, 3.0); }).Message);
            // The front-end's own rule: device 0 is every scenario's source.
            Assert.Throws<ArgumentOutOfRangeException>(delegate { Scenario.Random(0, 1, 8.0, 3.0); });
        }
    }
}
