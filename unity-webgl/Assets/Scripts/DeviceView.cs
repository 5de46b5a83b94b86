using Collektive.Frontend.Model;
using UnityEngine;

namespace Collektive.Unity
{
    /// <summary>
    /// One device drawn as a sphere primitive (its collider lets a click toggle the device as a source), coloured
    /// from its gradient value (<see cref="Device.Color"/>).
    /// </summary>
    [DisallowMultipleComponent]
    public sealed class DeviceView : MonoBehaviour
    {
        private Renderer _renderer;
        private Material _material;
        private Rgba _shown;
        private bool _hasShown;

        /// <summary>The device id this view shows.</summary>
        public int Id { get; private set; }

        /// <summary>Creates the view of <paramref name="device"/> under <paramref name="parent"/>.</summary>
        public static DeviceView Create(Device device, Transform parent, float size)
        {
            var go = GameObject.CreatePrimitive(PrimitiveType.Sphere);
            go.name = "Device " + device.Id;
            go.transform.SetParent(parent, false);
            go.transform.localScale = Vector3.one * size;
            var view = go.AddComponent<DeviceView>();
            view.Id = device.Id;
            view._renderer = go.GetComponent<Renderer>();
            // The primitive's default material (built-in pipeline, always in the build), instanced per device.
            view._material = view._renderer.material;
            view.Show(device);
            return view;
        }

        /// <summary>Moves and recolours the sphere; the material is touched only when the colour changed.</summary>
        public void Show(Device device)
        {
            transform.localPosition = UnityConvert.ToVector3(device.Position);
            var c = device.Color;
            if (_hasShown && c.R == _shown.R && c.G == _shown.G && c.B == _shown.B && c.A == _shown.A) return;
            _material.color = UnityConvert.ToColor(c);
            _shown = c;
            _hasShown = true;
        }

        private void OnDestroy()
        {
            if (_material != null) Destroy(_material);
        }
    }
}
