using System.Collections.Generic;

namespace Collektive.Frontend.Model
{
    /// <summary>
    /// The set of undirected links currently shown, updated from each round's neighbour lists with a diff
    /// (links to add, links to remove), so a renderer touches only what changed. Allocation-free once warm:
    /// two hash sets are swapped between frames.
    /// </summary>
    public sealed class LinkSet
    {
        private HashSet<long> _current = new HashSet<long>();
        private HashSet<long> _next = new HashSet<long>();
        private readonly EngineState _lastNeighbors = new EngineState();
        private bool _hasLast;

        /// <summary>Number of links.</summary>
        public int Count { get { return _current.Count; } }

        /// <summary>True when the link between <paramref name="u"/> and <paramref name="v"/> is present.</summary>
        public bool Contains(int u, int v) { return u != v && _current.Contains(new Link(u, v).Key); }

        /// <summary>The links, sorted (for tests and snapshots; allocates).</summary>
        public List<Link> ToSortedList()
        {
            var r = new List<Link>(_current.Count);
            foreach (var k in _current) r.Add(Link.FromKey(k));
            r.Sort();
            return r;
        }

        /// <summary>
        /// Replaces the set with the links of <paramref name="state"/> (a link exists when either end lists the
        /// other; self entries and ids outside the state are ignored) and reports the difference. The output lists
        /// are cleared first; either may be null when the caller does not need it.
        /// </summary>
        public void Update(EngineState state, List<Link> added, List<Link> removed)
        {
            if (added != null) added.Clear();
            if (removed != null) removed.Clear();
            // Fast path: the same neighbour lists as last time (a static scene) cannot change the links.
            if (_hasLast && state.SameNeighborsAs(_lastNeighbors)) return;
            _lastNeighbors.CopyFrom(state);
            _hasLast = true;
            _next.Clear();
            int n = state.Count;
            for (int i = 0; i < n; i++)
            {
                int k = state.NeighborCount(i);
                for (int j = 0; j < k; j++)
                {
                    int m = state.Neighbor(i, j);
                    if (m == i || m < 0 || m >= n) continue;
                    long key = new Link(i, m).Key;
                    if (_next.Add(key) && added != null && !_current.Contains(key)) added.Add(Link.FromKey(key));
                }
            }
            if (removed != null)
                foreach (var key in _current)
                    if (!_next.Contains(key)) removed.Add(Link.FromKey(key));
            var t = _current; _current = _next; _next = t;
        }

        /// <summary>Removes every link.</summary>
        public void Clear() { _current.Clear(); _next.Clear(); _hasLast = false; }
    }
}
