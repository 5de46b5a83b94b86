using System;
using System.Collections.Generic;

namespace Collektive.Frontend.Model
{
    /// <summary>
    /// The engine-agnostic scene: devices (positions, sources, values, colours) and the link set. A renderer
    /// (Unity MonoBehaviours, or nothing in the headless host) reads it after each <see cref="Apply"/>, using
    /// <see cref="AddedLinks"/> / <see cref="RemovedLinks"/> to update only the links that changed.
    /// </summary>
    public sealed class SceneModel
    {
        private readonly Device[] _devices;
        private readonly LinkSet _links = new LinkSet();
        private readonly List<Link> _added = new List<Link>();
        private readonly List<Link> _removed = new List<Link>();
        private readonly Vec3[] _positions;

        /// <summary>Neighbour radius of the scenario.</summary>
        public double MaxDistance { get; private set; }
        /// <summary>Colour mapping.</summary>
        public ValueColors Colors { get; private set; }
        /// <summary>Number of rounds applied so far.</summary>
        public long RoundsApplied { get; private set; }

        /// <summary>
        /// Creates a scene with devices at <paramref name="positions"/> and the given sources, coloured as values of
        /// <paramref name="output"/> (<see cref="ProgramSpecs.OutputOf"/> of the program asked for; distances by default).
        /// </summary>
        public SceneModel(Vec3[] positions, IEnumerable<int> sources, double maxDistance, ProgramOutput output = ProgramOutput.Distance)
        {
            if (positions == null || positions.Length == 0) throw new ArgumentException("a scene needs at least one device");
            if (!(maxDistance > 0) || double.IsInfinity(maxDistance)) throw new ArgumentOutOfRangeException("maxDistance", maxDistance, "must be positive and finite");
            MaxDistance = maxDistance;
            _positions = (Vec3[])positions.Clone();
            _devices = new Device[positions.Length];
            var src = new HashSet<int>(sources ?? new int[0]);
            foreach (var s in src)
                if (s < 0 || s >= positions.Length) throw new ArgumentOutOfRangeException("sources", s, "source id out of range");
            for (int i = 0; i < positions.Length; i++) _devices[i] = new Device(i, positions[i], src.Contains(i));
            // Red end of the colour scale: a few hops' worth of distance (values beyond stay red); for counts, every device.
            Colors = output == ProgramOutput.Count
                ? new ValueColors(positions.Length, output)
                : new ValueColors(maxDistance * Math.Max(3.0, Math.Sqrt(positions.Length)), output);
            foreach (var d in _devices) d.Color = Colors.ColorOf(d.Value, d.IsSource);
        }

        /// <summary>Number of devices.</summary>
        public int Count { get { return _devices.Length; } }
        /// <summary>Device by id.</summary>
        public Device this[int id] { get { return _devices[id]; } }
        /// <summary>Current links.</summary>
        public LinkSet Links { get { return _links; } }
        /// <summary>Links added by the last <see cref="Apply"/>.</summary>
        public IList<Link> AddedLinks { get { return _added; } }
        /// <summary>Links removed by the last <see cref="Apply"/>.</summary>
        public IList<Link> RemovedLinks { get { return _removed; } }

        /// <summary>Ids of the source devices, ascending.</summary>
        public int[] Sources()
        {
            var r = new List<int>();
            foreach (var d in _devices) if (d.IsSource) r.Add(d.Id);
            return r.ToArray();
        }

        /// <summary>Current positions of all devices, indexed by id (the array is reused: do not keep it).</summary>
        public Vec3[] Positions()
        {
            for (int i = 0; i < _devices.Length; i++) _positions[i] = _devices[i].Position;
            return _positions;
        }

        /// <summary>
        /// Applies one round's state: values and colours of every device, then the link diff. Throws when the
        /// state's device count differs from the scene's.
        /// </summary>
        public void Apply(EngineState state)
        {
            if (state.Count != _devices.Length)
                throw new ArgumentException("state has " + state.Count + " devices, the scene " + _devices.Length);
            for (int i = 0; i < _devices.Length; i++)
            {
                var d = _devices[i];
                d.Value = state.Value(i);
                d.Color = Colors.ColorOf(d.Value, d.IsSource);
            }
            _links.Update(state, _added, _removed);
            RoundsApplied++;
        }
    }
}
