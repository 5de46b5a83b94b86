using System;
using System.Diagnostics;
using System.Globalization;
using System.Threading;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// The JVM TCP server as a child process: <c>npm run -s server:jvm -- --port 0 --csv FILE</c> (builds the jar when
    /// stale, then runs it), or with <c>jar</c> the built jar directly (<c>java -jar
    /// collektive-jvm-server/target/collektive-jvm-server.jar</c>, same JVM flags), started in its own process group
    /// (setsid), its port read from the "listening on HOST:PORT" line, and stopped with SIGTERM to the whole group so
    /// the server writes its complete timing CSV.
    /// </summary>
    public sealed class JvmServerProcess : IDisposable
    {
        private readonly Process _process;

        /// <summary>The port the server listens on (127.0.0.1).</summary>
        public int Port { get; private set; }

        /// <summary>Starts the server and waits (up to <paramref name="timeoutMs"/>) for its listening line.</summary>
        public JvmServerProcess(string repository, string csvPath, int timeoutMs, bool jar)
        {
            string command = jar
                ? "java -XX:+UseSerialGC -XX:-UsePerfData -jar collektive-jvm-server/target/collektive-jvm-server.jar"
                : "npm run -s server:jvm --";
            var psi = new ProcessStartInfo("setsid", command + " --port 0 --csv \"" + csvPath + "\"")
            {
                WorkingDirectory = repository,
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = false,
                CreateNoWindow = true,
            };
            _process = Process.Start(psi);
            string line = null;
            var reader = new Thread(delegate ()
            {
                string l;
                while ((l = _process.StandardOutput.ReadLine()) != null)
                {
                    if (line == null && l.Contains("listening")) { line = l; }
                }
            }) { IsBackground = true, Name = "jvm-server-stdout" };
            reader.Start();
            var sw = Stopwatch.StartNew();
            while (line == null && !_process.HasExited && sw.ElapsedMilliseconds < timeoutMs) Thread.Sleep(20);
            if (line == null)
            {
                Dispose();
                throw new InvalidOperationException("the JVM server did not print its listening line within " + timeoutMs + " ms (is `npm run server:jvm` available? build: npm run build -- jvm-server)");
            }
            Port = int.Parse(line.Substring(line.LastIndexOf(':') + 1).Trim(), CultureInfo.InvariantCulture);
        }

        /// <summary>SIGTERM to the server's process group, then waits for it to exit (its CSV is then complete).</summary>
        public void Dispose()
        {
            if (_process.HasExited) return;
            var kill = Process.Start(new ProcessStartInfo("kill", "-TERM -- -" + _process.Id) { UseShellExecute = false });
            kill.WaitForExit();
            if (!_process.WaitForExit(15000)) _process.Kill();
        }
    }
}
