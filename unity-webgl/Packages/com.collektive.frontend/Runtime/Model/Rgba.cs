namespace Collektive.Frontend.Model
{
    /// <summary>An RGBA colour with components in [0, 1] (maps 1:1 to UnityEngine.Color).</summary>
    public struct Rgba
    {
        /// <summary>Red.</summary>
        public readonly float R;
        /// <summary>Green.</summary>
        public readonly float G;
        /// <summary>Blue.</summary>
        public readonly float B;
        /// <summary>Alpha.</summary>
        public readonly float A;

        /// <summary>Creates a colour.</summary>
        public Rgba(float r, float g, float b, float a = 1f) { R = r; G = g; B = b; A = a; }

        /// <summary>Linear interpolation between two colours, t clamped to [0, 1].</summary>
        public static Rgba Lerp(Rgba a, Rgba b, float t)
        {
            if (t < 0f) t = 0f; else if (t > 1f) t = 1f;
            return new Rgba(a.R + (b.R - a.R) * t, a.G + (b.G - a.G) * t, a.B + (b.B - a.B) * t, a.A + (b.A - a.A) * t);
        }

        /// <inheritdoc />
        public override string ToString() { return "rgba(" + R + ", " + G + ", " + B + ", " + A + ")"; }
    }
}
