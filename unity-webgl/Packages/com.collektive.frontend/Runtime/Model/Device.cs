namespace Collektive.Frontend.Model
{
    /// <summary>One simulated device as the scene shows it.</summary>
    public sealed class Device
    {
        /// <summary>Device id (0-based, as the engine numbers devices).</summary>
        public int Id { get; private set; }
        /// <summary>World position sent to the engine every frame.</summary>
        public Vec3 Position { get; set; }
        /// <summary>True when the device is a gradient source.</summary>
        public bool IsSource { get; set; }
        /// <summary>Gradient value of the last applied round (+infinity before the first and when unreachable).</summary>
        public double Value { get; set; }
        /// <summary>Colour derived from <see cref="Value"/> by the scene's <see cref="ValueColors"/>.</summary>
        public Rgba Color { get; set; }

        /// <summary>Creates a device at a position.</summary>
        public Device(int id, Vec3 position, bool isSource)
        {
            Id = id;
            Position = position;
            IsSource = isSource;
            Value = isSource ? 0.0 : double.PositiveInfinity;
        }
    }
}
