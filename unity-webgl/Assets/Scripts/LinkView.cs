using System.Collections.Generic;
using Collektive.Frontend.Model;
using UnityEngine;

namespace Collektive.Unity
{
    /// <summary>
    /// The scene's links as LineRenderers, updated from the model's link diff (<see cref="SceneModel.AddedLinks"/>,
    /// <see cref="SceneModel.RemovedLinks"/>): only links that appeared or vanished are touched; renderers of removed
    /// links go back to a pool.
    /// </summary>
    [DisallowMultipleComponent]
    public sealed class LinkView : MonoBehaviour
    {
        private readonly Dictionary<long, LineRenderer> _lines = new Dictionary<long, LineRenderer>();
        private readonly Stack<LineRenderer> _pool = new Stack<LineRenderer>();
        private Material _material;
        private float _width = 0.08f;

        /// <summary>Number of links drawn.</summary>
        public int Count { get { return _lines.Count; } }

        /// <summary>Sets the line material and width.</summary>
        public void Init(Material material, float width)
        {
            _material = material;
            _width = width;
        }

        /// <summary>Applies the last round's diff; when <paramref name="moved"/> is true every line is also re-positioned.</summary>
        public void Apply(SceneModel scene, bool moved)
        {
            foreach (var link in scene.RemovedLinks)
            {
                LineRenderer lr;
                if (!_lines.TryGetValue(link.Key, out lr)) continue;
                _lines.Remove(link.Key);
                lr.gameObject.SetActive(false);
                _pool.Push(lr);
            }
            foreach (var link in scene.AddedLinks)
            {
                if (_lines.ContainsKey(link.Key)) continue;
                var lr = _pool.Count > 0 ? _pool.Pop() : NewLine();
                lr.gameObject.SetActive(true);
                lr.gameObject.name = "Link " + link;
                Place(lr, scene, link);
                _lines.Add(link.Key, lr);
            }
            if (moved)
                foreach (var kv in _lines) Place(kv.Value, scene, Link.FromKey(kv.Key));
        }

        /// <summary>Removes every line.</summary>
        public void Clear()
        {
            foreach (var lr in _lines.Values) Destroy(lr.gameObject);
            foreach (var lr in _pool) Destroy(lr.gameObject);
            _lines.Clear();
            _pool.Clear();
        }

        private LineRenderer NewLine()
        {
            var go = new GameObject("Link");
            go.transform.SetParent(transform, false);
            var lr = go.AddComponent<LineRenderer>();
            lr.useWorldSpace = false;
            lr.positionCount = 2;
            lr.startWidth = _width;
            lr.endWidth = _width;
            lr.sharedMaterial = _material;
            lr.startColor = new Color(0.85f, 0.85f, 0.85f, 1f);
            lr.endColor = new Color(0.85f, 0.85f, 0.85f, 1f);
            return lr;
        }

        private static void Place(LineRenderer lr, SceneModel scene, Link link)
        {
            lr.SetPosition(0, UnityConvert.ToVector3(scene[link.A].Position));
            lr.SetPosition(1, UnityConvert.ToVector3(scene[link.B].Position));
        }
    }
}
