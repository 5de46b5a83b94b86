using System;

namespace Collektive.Frontend.Model
{
    /// <summary>
    /// Maps a device's gradient value to its colour: sources are green, unreachable devices (+infinity or NaN) grey,
    /// finite values blend from blue (0) to red (<see cref="MaxValue"/> or more), like the reference scene's blue→red.
    /// </summary>
    public sealed class ValueColors
    {
        /// <summary>Colour of a source device.</summary>
        public static readonly Rgba Source = new Rgba(0.1f, 0.8f, 0.2f);
        /// <summary>Colour of a device with no finite value.</summary>
        public static readonly Rgba Unreachable = new Rgba(0.5f, 0.5f, 0.5f);
        /// <summary>Colour of value 0.</summary>
        public static readonly Rgba Near = new Rgba(0f, 0f, 1f);
        /// <summary>Colour of <see cref="MaxValue"/> and beyond.</summary>
        public static readonly Rgba Far = new Rgba(1f, 0f, 0f);

        /// <summary>Value mapped to <see cref="Far"/>; must be positive and finite.</summary>
        public double MaxValue { get; private set; }

        /// <summary>Creates a mapping whose red end is <paramref name="maxValue"/>.</summary>
        public ValueColors(double maxValue)
        {
            if (!(maxValue > 0) || double.IsInfinity(maxValue))
                throw new ArgumentOutOfRangeException("maxValue", maxValue, "maxValue must be positive and finite");
            MaxValue = maxValue;
        }

        /// <summary>The colour of a device with this value.</summary>
        public Rgba ColorOf(double value, bool isSource)
        {
            if (isSource) return Source;
            if (double.IsNaN(value) || double.IsInfinity(value)) return Unreachable;
            return Rgba.Lerp(Near, Far, (float)(value / MaxValue));
        }
    }
}
