using Collektive.Frontend.Model;
using UnityEngine;

namespace Collektive.Unity
{
    /// <summary>Conversions between the engine-agnostic model types and Unity's.</summary>
    public static class UnityConvert
    {
        /// <summary>Model position → Unity position.</summary>
        public static Vector3 ToVector3(Vec3 v) { return new Vector3((float)v.X, (float)v.Y, (float)v.Z); }
        /// <summary>Unity position → model position.</summary>
        public static Vec3 ToVec3(Vector3 v) { return new Vec3(v.x, v.y, v.z); }
        /// <summary>Model colour → Unity colour.</summary>
        public static Color ToColor(Rgba c) { return new Color(c.R, c.G, c.B, c.A); }
    }
}
