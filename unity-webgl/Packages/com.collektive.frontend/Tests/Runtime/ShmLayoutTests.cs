using System;
using System.Collections.Generic;
using System.IO;
using Collektive.Frontend.Engines;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    /// <summary>
    /// The front-end's shared-memory offsets against the header table of docs/protocol.md ("Shared memory"), the
    /// table the JVM server's <c>ShmLayout</c> is tested against too: the two runtimes agree because both agree
    /// with the document.
    /// </summary>
    [TestFixture]
    public class ShmLayoutTests
    {
        private static string ProtocolDoc()
        {
            // The headless runner names the repository (COLLEKTIVE_ROOT); in Unity the project folder is inside it.
            foreach (var start in new[] { Environment.GetEnvironmentVariable("COLLEKTIVE_ROOT"), Directory.GetCurrentDirectory(), AppDomain.CurrentDomain.BaseDirectory })
            {
                if (string.IsNullOrEmpty(start)) continue;
                for (var dir = new DirectoryInfo(start); dir != null; dir = dir.Parent)
                {
                    var doc = Path.Combine(Path.Combine(dir.FullName, "docs"), "protocol.md");
                    if (File.Exists(doc)) return File.ReadAllText(doc);
                }
            }
            Assert.Fail("docs/protocol.md not found above " + Directory.GetCurrentDirectory() + ": run the tests inside the repository");
            return null;
        }

        private static Dictionary<string, int> DocumentedOffsets()
        {
            string doc = ProtocolDoc();
            int from = doc.IndexOf("### Shared memory (JVM server)", StringComparison.Ordinal);
            Assert.That(from, Is.GreaterThanOrEqualTo(0), "the Shared memory section");
            int to = doc.IndexOf("\nRules:", from, StringComparison.Ordinal);
            var rows = new Dictionary<string, int>();
            foreach (var line in doc.Substring(from, to - from).Split('\n'))
            {
                if (!line.StartsWith("| ")) continue;
                var cells = line.Split('|');
                int offset;
                if (cells.Length < 5 || !int.TryParse(cells[1].Trim(), out offset)) continue;
                rows[cells[3].Trim()] = offset;
            }
            return rows;
        }

        [Test]
        public void EveryHeaderFieldSitsAtTheDocumentedOffset()
        {
            var documented = DocumentedOffsets();
            var expected = new Dictionary<string, int>
            {
                { "magic `0x4D534B43` (bytes `C K S M`)", ShmLayout.MagicAt },
                { "layout version, `1`", ShmLayout.VersionAt },
                { "request slot offset (`256`)", ShmLayout.RequestOffsetAt },
                { "request slot capacity = `maxMessageBytes`", ShmLayout.RequestCapacityAt },
                { "reply slot offset (request slot end rounded up to 64)", ShmLayout.ReplyOffsetAt },
                { "reply slot capacity = `maxReplyBytes`", ShmLayout.ReplyCapacityAt },
                { "server process id", ShmLayout.ServerPidAt },
                { "client process id (0 while none is attached)", ShmLayout.ClientPidAt },
                { "request sequence number", ShmLayout.RequestSeqAt },
                { "request length in bytes", ShmLayout.RequestLengthAt },
                { "client waiting flag", ShmLayout.ClientWaitingAt },
                { "reply sequence number", ShmLayout.ReplySeqAt },
                { "reply length in bytes", ShmLayout.ReplyLengthAt },
                { "server waiting flag", ShmLayout.ServerWaitingAt },
                { "request slot, then the reply slot", ShmLayout.HeaderBytes },
            };
            Assert.AreEqual(expected.Count, documented.Count, "rows of the header table: " + string.Join(", ", new List<string>(documented.Keys).ToArray()));
            foreach (var kv in expected)
            {
                Assert.IsTrue(documented.ContainsKey(kv.Key), "documented field '" + kv.Key + "'");
                Assert.AreEqual(kv.Value, documented[kv.Key], kv.Key);
            }
            StringAssert.Contains("magic `0x" + ShmLayout.Magic.ToString("X8") + "`", ProtocolDoc());
        }

        [Test]
        public void MagicReadsAsTheBytesCKSM()
        {
            var bytes = BitConverter.GetBytes(ShmLayout.Magic);
            if (!BitConverter.IsLittleEndian) Array.Reverse(bytes);
            Assert.AreEqual("CKSM", System.Text.Encoding.ASCII.GetString(bytes));
        }
    }
}
