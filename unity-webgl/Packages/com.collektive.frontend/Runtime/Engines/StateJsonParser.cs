using System;
using System.IO;
using Collektive.Frontend.Model;
using Newtonsoft.Json;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// Streaming parser (Newtonsoft <see cref="JsonTextReader"/>, no JObject, no reflection) of the socket
    /// protocol's step response <c>{"rid": N, "values": [{"value": v, "neighbors": [ids]}, ...]}</c>. Values may be
    /// numbers, bare <c>Infinity</c>/<c>-Infinity</c>/<c>NaN</c>, those words as strings, or null (= +infinity).
    /// Unknown properties are skipped. An <c>{"error": ...}</c> reply raises <see cref="EngineException"/>.
    /// </summary>
    public static class StateJsonParser
    {
        /// <summary>Parses one response line into <paramref name="into"/>; returns its rid, or -1 when absent.</summary>
        public static long Parse(string line, EngineState into)
        {
            if (line == null) throw new ArgumentNullException("line");
            try
            {
                using (var r = new JsonTextReader(new StringReader(line)))
                {
                    r.FloatParseHandling = FloatParseHandling.Double;
                    r.DateParseHandling = DateParseHandling.None;
                    return ParseReader(r, line, into);
                }
            }
            catch (JsonException e)
            {
                throw new FormatException("invalid JSON response: " + e.Message + " in: " + Clip(line), e);
            }
        }

        /// <summary>
        /// The <c>error</c> of an error reply (docs/protocol.md, "Error reply"), or null when <paramref name="line"/>
        /// is a JSON object without one; throws <see cref="FormatException"/> when it is not a JSON object.
        /// </summary>
        public static string ErrorOf(string line)
        {
            if (line == null) throw new ArgumentNullException("line");
            try
            {
                using (var r = new JsonTextReader(new StringReader(line)))
                {
                    r.DateParseHandling = DateParseHandling.None;
                    if (!r.Read() || r.TokenType != JsonToken.StartObject) throw new FormatException("reply is not a JSON object: " + Clip(line));
                    while (r.Read() && r.TokenType == JsonToken.PropertyName)
                    {
                        var name = (string)r.Value;
                        if (!r.Read()) break;
                        if (name == "error") return r.TokenType == JsonToken.String ? (string)r.Value : Convert.ToString(r.Value);
                        r.Skip();
                    }
                    return null;
                }
            }
            catch (JsonException e)
            {
                throw new FormatException("invalid JSON reply: " + e.Message + " in: " + Clip(line), e);
            }
        }

        private static long ParseReader(JsonTextReader r, string line, EngineState into)
        {
            if (!r.Read() || r.TokenType != JsonToken.StartObject) throw new FormatException("response is not a JSON object: " + Clip(line));
            long rid = -1;
            bool sawValues = false;
            string error = null;
            while (r.Read() && r.TokenType == JsonToken.PropertyName)
            {
                var name = (string)r.Value;
                if (!r.Read()) break;
                if (name == "rid")
                {
                    if (r.TokenType == JsonToken.Integer) rid = Convert.ToInt64(r.Value);
                    else if (r.TokenType != JsonToken.Null) throw new FormatException("rid is not an integer: " + Clip(line));
                }
                else if (name == "values")
                {
                    ParseValues(r, line, into);
                    sawValues = true;
                }
                else if (name == "error")
                {
                    error = r.TokenType == JsonToken.String ? (string)r.Value : Convert.ToString(r.Value);
                    r.Skip();
                }
                else r.Skip();
            }
            if (r.TokenType != JsonToken.EndObject) throw new FormatException("response object not closed: " + Clip(line));
            if (error != null) throw new EngineException("back-end error: " + error);
            if (!sawValues) throw new FormatException("response has no \"values\": " + Clip(line));
            return rid;
        }

        // The device count is not known before the array ends: collect into a growing scratch first.
        [ThreadStatic] private static double[] _scratchValues;
        [ThreadStatic] private static int[] _scratchCounts;
        [ThreadStatic] private static int[] _scratchIds;

        private static void ParseValues(JsonTextReader r, string line, EngineState into)
        {
            if (r.TokenType != JsonToken.StartArray) throw new FormatException("\"values\" is not an array: " + Clip(line));
            if (_scratchValues == null) { _scratchValues = new double[64]; _scratchCounts = new int[64]; _scratchIds = new int[256]; }
            int n = 0, ids = 0;
            while (r.Read() && r.TokenType != JsonToken.EndArray)
            {
                if (r.TokenType != JsonToken.StartObject) throw new FormatException("values[" + n + "] is not an object: " + Clip(line));
                if (n == _scratchValues.Length) { Array.Resize(ref _scratchValues, n * 2); Array.Resize(ref _scratchCounts, n * 2); }
                double value = double.NaN;
                bool hasValue = false;
                int count = 0;
                while (r.Read() && r.TokenType == JsonToken.PropertyName)
                {
                    var name = (string)r.Value;
                    if (!r.Read()) throw new FormatException("truncated response: " + Clip(line));
                    if (name == "value") { value = ReadNumber(r, n, line); hasValue = true; }
                    else if (name == "neighbors")
                    {
                        if (r.TokenType == JsonToken.Null) continue;
                        if (r.TokenType != JsonToken.StartArray) throw new FormatException("values[" + n + "].neighbors is not an array: " + Clip(line));
                        while (r.Read() && r.TokenType != JsonToken.EndArray)
                        {
                            if (r.TokenType != JsonToken.Integer) throw new FormatException("values[" + n + "].neighbors has a non-integer: " + Clip(line));
                            if (ids == _scratchIds.Length) Array.Resize(ref _scratchIds, ids * 2);
                            _scratchIds[ids++] = (int)(long)r.Value;
                            count++;
                        }
                        if (r.TokenType != JsonToken.EndArray) throw new FormatException("truncated neighbours: " + Clip(line));
                    }
                    else r.Skip();
                }
                if (r.TokenType != JsonToken.EndObject) throw new FormatException("truncated response: " + Clip(line));
                if (!hasValue) throw new FormatException("values[" + n + "] has no value: " + Clip(line));
                _scratchValues[n] = value;
                _scratchCounts[n] = count;
                n++;
            }
            if (r.TokenType != JsonToken.EndArray) throw new FormatException("truncated \"values\": " + Clip(line));
            double[] values; int[] offsets; int[] outIds;
            into.BeginRaw(n, ids, out values, out offsets, out outIds);
            Array.Copy(_scratchValues, values, n);
            Array.Copy(_scratchIds, outIds, ids);
            for (int i = 0; i < n; i++) offsets[i + 1] = offsets[i] + _scratchCounts[i];
            into.CommitRaw(n, ids);
        }

        private static double ReadNumber(JsonTextReader r, int node, string line)
        {
            switch (r.TokenType)
            {
                case JsonToken.Float: return (double)r.Value;
                case JsonToken.Integer: return (double)(long)r.Value;
                case JsonToken.Null: return double.PositiveInfinity;
                case JsonToken.String:
                    var s = (string)r.Value;
                    if (s == "Infinity" || s == "+Infinity") return double.PositiveInfinity;
                    if (s == "-Infinity") return double.NegativeInfinity;
                    if (s == "NaN") return double.NaN;
                    double d;
                    if (double.TryParse(s, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out d)) return d;
                    break;
            }
            throw new FormatException("values[" + node + "].value is not a number: " + Clip(line));
        }

        private static string Clip(string line) { return line.Length <= 200 ? line : line.Substring(0, 200) + "…"; }
    }
}
