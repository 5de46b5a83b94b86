using System;
using System.Collections.Generic;
using System.Globalization;

namespace Collektive.DesktopHost
{
    /// <summary>Command-line options: <c>--name value</c> pairs and flags after a command word.</summary>
    internal sealed class Options
    {
        private readonly Dictionary<string, List<string>> _values = new Dictionary<string, List<string>>();
        private readonly HashSet<string> _used = new HashSet<string>();
        public readonly string Command;

        public Options(string[] args)
        {
            if (args.Length == 0 || args[0].StartsWith("--")) throw new ArgumentException("missing command (run, verify, info)");
            Command = args[0];
            for (int i = 1; i < args.Length; i++)
            {
                if (!args[i].StartsWith("--")) throw new ArgumentException("unexpected argument '" + args[i] + "'");
                string name = args[i].Substring(2);
                string value = i + 1 < args.Length && !args[i + 1].StartsWith("--") ? args[++i] : "true";
                List<string> list;
                if (!_values.TryGetValue(name, out list)) { list = new List<string>(); _values[name] = list; }
                list.Add(value);
            }
        }

        public string Str(string name, string def)
        {
            _used.Add(name);
            List<string> v;
            return _values.TryGetValue(name, out v) ? v[v.Count - 1] : def;
        }

        public List<string> All(string name)
        {
            _used.Add(name);
            List<string> v;
            return _values.TryGetValue(name, out v) ? v : new List<string>();
        }

        public int Int(string name, int def)
        {
            var s = Str(name, null);
            if (s == null) return def;
            int r;
            if (!int.TryParse(s, NumberStyles.Integer, CultureInfo.InvariantCulture, out r)) throw new ArgumentException("--" + name + " expects an integer, got '" + s + "'");
            return r;
        }

        public double Double(string name, double def)
        {
            var s = Str(name, null);
            if (s == null) return def;
            double r;
            if (!double.TryParse(s, NumberStyles.Float, CultureInfo.InvariantCulture, out r)) throw new ArgumentException("--" + name + " expects a number, got '" + s + "'");
            return r;
        }

        public bool Flag(string name) { return Str(name, "false") == "true"; }

        /// <summary>Throws when an option was given that no code asked for (typos).</summary>
        public void CheckAllUsed()
        {
            foreach (var k in _values.Keys)
                if (!_used.Contains(k)) throw new ArgumentException("unknown option --" + k);
        }
    }
}
