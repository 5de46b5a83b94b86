using System;

namespace Collektive.Frontend.Model
{
    /// <summary>
    /// What a program's one value per device means (the engine's <c>ProgramOutput</c>, docs/programs.md): it picks
    /// how the scene colours devices (<see cref="ValueColors"/>).
    /// </summary>
    public enum ProgramOutput
    {
        /// <summary>A distance, +infinity when unreachable (euclidean, hop).</summary>
        Distance,
        /// <summary>A device id (gossipMax, boundedElection).</summary>
        DeviceId,
        /// <summary>A count (countDevices, neighborCounter, sourceNeighbors).</summary>
        Count,
        /// <summary>1.0 / 0.0 (channel).</summary>
        Boolean,
    }

    /// <summary>
    /// Program specs as the front-end sees them (<c>name</c> or <c>name:key=value,...</c>, names ignore case): the
    /// engine's registry checks them; the front-end only needs to know whether a spec asks for the reference program
    /// (then it sends exactly the reference requests) and what kind of value it outputs.
    /// </summary>
    public static class ProgramSpecs
    {
        /// <summary>The reference program: the engine's default.</summary>
        public const string Reference = "euclidean";

        /// <summary>The program name of <paramref name="spec"/> (before any ':'), trimmed; "" for null.</summary>
        public static string NameOf(string spec)
        {
            if (spec == null) return "";
            int colon = spec.IndexOf(':');
            return (colon < 0 ? spec : spec.Substring(0, colon)).Trim();
        }

        /// <summary>True for null, "" and the bare reference name (any case): ask the engine for its default program.</summary>
        public static bool IsReference(string spec)
        {
            if (spec == null || spec.Trim().Length == 0) return true;
            return spec.IndexOf(':') < 0 && string.Equals(spec.Trim(), Reference, StringComparison.OrdinalIgnoreCase);
        }

        /// <summary>
        /// The output kind of the program <paramref name="spec"/> names; <see cref="ProgramOutput.Distance"/> for the
        /// reference and for names the front-end does not know (a program registered after this table: coloured as
        /// a distance).
        /// </summary>
        public static ProgramOutput OutputOf(string spec)
        {
            switch (NameOf(spec).ToLowerInvariant())
            {
                case "gossipmax":
                case "boundedelection": return ProgramOutput.DeviceId;
                case "countdevices":
                case "neighborcounter":
                case "sourceneighbors": return ProgramOutput.Count;
                case "channel": return ProgramOutput.Boolean;
                default: return ProgramOutput.Distance;
            }
        }
    }
}
