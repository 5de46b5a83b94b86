using System;

namespace Collektive.Frontend.Model
{
    /// <summary>A 3D position in world units (double precision, engine-agnostic: no UnityEngine.Vector3).</summary>
    public struct Vec3 : IEquatable<Vec3>
    {
        /// <summary>X coordinate.</summary>
        public readonly double X;
        /// <summary>Y coordinate.</summary>
        public readonly double Y;
        /// <summary>Z coordinate.</summary>
        public readonly double Z;

        /// <summary>Creates a position.</summary>
        public Vec3(double x, double y, double z) { X = x; Y = y; Z = z; }

        /// <summary>Euclidean distance between two positions.</summary>
        public static double Distance(Vec3 a, Vec3 b)
        {
            double dx = a.X - b.X, dy = a.Y - b.Y, dz = a.Z - b.Z;
            return Math.Sqrt(dx * dx + dy * dy + dz * dz);
        }

        /// <inheritdoc />
        public bool Equals(Vec3 other) { return X == other.X && Y == other.Y && Z == other.Z; }
        /// <inheritdoc />
        public override bool Equals(object obj) { return obj is Vec3 && Equals((Vec3)obj); }
        /// <inheritdoc />
        public override int GetHashCode() { return X.GetHashCode() ^ (Y.GetHashCode() * 397) ^ (Z.GetHashCode() * 7919); }
        /// <inheritdoc />
        public override string ToString() { return "(" + X + ", " + Y + ", " + Z + ")"; }
    }
}
