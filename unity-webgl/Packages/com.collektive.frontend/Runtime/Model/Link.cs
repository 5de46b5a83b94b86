using System;

namespace Collektive.Frontend.Model
{
    /// <summary>An undirected link between two devices, normalised so that <see cref="A"/> &lt; <see cref="B"/>.</summary>
    public struct Link : IEquatable<Link>, IComparable<Link>
    {
        /// <summary>Smaller device id.</summary>
        public readonly int A;
        /// <summary>Larger device id.</summary>
        public readonly int B;

        /// <summary>Creates the link between <paramref name="u"/> and <paramref name="v"/> (order irrelevant, u != v).</summary>
        public Link(int u, int v)
        {
            if (u == v) throw new ArgumentException("a link joins two different devices, got " + u + " twice");
            if (u < v) { A = u; B = v; } else { A = v; B = u; }
        }

        /// <summary>A single 64-bit key (A in the high half), used by <see cref="LinkSet"/>.</summary>
        public long Key { get { return ((long)A << 32) | (uint)B; } }

        /// <summary>The link encoded by <see cref="Key"/>.</summary>
        public static Link FromKey(long key) { return new Link((int)(key >> 32), (int)(key & 0xffffffffL)); }

        /// <inheritdoc />
        public bool Equals(Link other) { return A == other.A && B == other.B; }
        /// <inheritdoc />
        public override bool Equals(object obj) { return obj is Link && Equals((Link)obj); }
        /// <inheritdoc />
        public override int GetHashCode() { return Key.GetHashCode(); }
        /// <inheritdoc />
        public int CompareTo(Link other) { return Key.CompareTo(other.Key); }
        /// <inheritdoc />
        public override string ToString() { return A + "-" + B; }
    }
}
