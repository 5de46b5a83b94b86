using System;

namespace Collektive.Frontend.Model
{
    /// <summary>
    /// Maps a device's value to its colour by the program's <see cref="ProgramOutput"/>. Distances (the reference):
    /// sources are green, unreachable devices (+infinity or NaN) grey, finite values blend from blue (0) to red
    /// (<see cref="MaxValue"/> or more), like the reference scene's blue→red. Counts blend the same way (no source
    /// colour: a source's count is its own information); device ids get one hue per id (devices that agree share a
    /// colour); booleans are <see cref="On"/> or <see cref="Off"/>. A value that is not finite is grey in every kind.
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

        /// <summary>Colour of a boolean 1 (true).</summary>
        public static readonly Rgba On = new Rgba(1f, 0.8f, 0.1f);
        /// <summary>Colour of a boolean 0 (false).</summary>
        public static readonly Rgba Off = new Rgba(0.15f, 0.15f, 0.3f);

        /// <summary>What the values mean.</summary>
        public ProgramOutput Output { get; private set; }

        /// <summary>Value mapped to <see cref="Far"/> (distances and counts); must be positive and finite.</summary>
        public double MaxValue { get; private set; }

        /// <summary>Creates a mapping of <paramref name="output"/> values whose red end is <paramref name="maxValue"/>.</summary>
        public ValueColors(double maxValue, ProgramOutput output = ProgramOutput.Distance)
        {
            Output = output;
            if (!(maxValue > 0) || double.IsInfinity(maxValue))
                throw new ArgumentOutOfRangeException("maxValue", maxValue, "maxValue must be positive and finite");
            MaxValue = maxValue;
        }

        /// <summary>The colour of a device with this value.</summary>
        public Rgba ColorOf(double value, bool isSource)
        {
            if (isSource && Output == ProgramOutput.Distance) return Source;
            if (double.IsNaN(value) || double.IsInfinity(value)) return Unreachable;
            switch (Output)
            {
                case ProgramOutput.Boolean: return value != 0 ? On : Off;
                case ProgramOutput.DeviceId: return HueOf(value);
                default: return Rgba.Lerp(Near, Far, (float)(value / MaxValue));
            }
        }

        /// <summary>One saturated hue per id: the golden-ratio sequence, so nearby ids get distant hues.</summary>
        private static Rgba HueOf(double id)
        {
            double h = id * 0.6180339887498949;
            h = (h - Math.Floor(h)) * 6.0;
            int sector = (int)h;
            float f = (float)(h - sector);
            const float v = 0.9f, lo = 0.9f * 0.25f;
            float down = v - (v - lo) * f, up = lo + (v - lo) * f;
            switch (sector)
            {
                case 0: return new Rgba(v, up, lo);
                case 1: return new Rgba(down, v, lo);
                case 2: return new Rgba(lo, v, up);
                case 3: return new Rgba(lo, down, v);
                case 4: return new Rgba(up, lo, v);
                default: return new Rgba(v, lo, down);
            }
        }
    }
}
