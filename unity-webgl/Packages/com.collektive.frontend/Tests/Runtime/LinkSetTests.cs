using System.Collections.Generic;
using Collektive.Frontend.Model;
using NUnit.Framework;

namespace Collektive.Frontend.Tests
{
    [TestFixture]
    public class LinkSetTests
    {
        private static EngineState State(params int[][] neighbors)
        {
            return EngineState.Of(new double[neighbors.Length], neighbors);
        }

        [Test]
        public void LinksAreUndirectedAndDeduplicated()
        {
            var set = new LinkSet();
            var added = new List<Link>();
            set.Update(State(new[] { 1, 2 }, new[] { 0 }, new[] { 0 }), added, null);
            CollectionAssert.AreEqual(new[] { new Link(0, 1), new Link(0, 2) }, set.ToSortedList());
            Assert.AreEqual(2, added.Count);
        }

        [Test]
        public void DiffReportsOnlyWhatChanged()
        {
            var set = new LinkSet();
            var added = new List<Link>();
            var removed = new List<Link>();
            set.Update(State(new[] { 1 }, new[] { 0, 2 }, new[] { 1 }), added, removed);
            set.Update(State(new[] { 1, 2 }, new[] { 0 }, new[] { 0 }), added, removed);
            CollectionAssert.AreEqual(new[] { new Link(0, 2) }, added);
            CollectionAssert.AreEqual(new[] { new Link(1, 2) }, removed);
            set.Update(State(new[] { 1, 2 }, new[] { 0 }, new[] { 0 }), added, removed);
            Assert.AreEqual(0, added.Count);
            Assert.AreEqual(0, removed.Count);
        }

        [Test]
        public void SelfEntriesAndUnknownIdsAreIgnored()
        {
            var set = new LinkSet();
            set.Update(State(new[] { 0, 7, -1 }, new int[0]), null, null);
            Assert.AreEqual(0, set.Count);
        }

        [Test]
        public void LinkKeyRoundTripsAndNormalises()
        {
            var l = new Link(9, 4);
            Assert.AreEqual(4, l.A);
            Assert.AreEqual(9, l.B);
            Assert.AreEqual(l, Link.FromKey(l.Key));
            Assert.Throws<System.ArgumentException>(delegate { new Link(3, 3); });
        }
    }
}
