using Collektive.Frontend.Model;
using UnityEngine;

namespace Collektive.Unity
{
    /// <summary>An orthographic camera looking down −z that frames every device with a margin.</summary>
    [RequireComponent(typeof(Camera))]
    public sealed class CameraRig : MonoBehaviour
    {
        /// <summary>Frames the scene's devices.</summary>
        public void Frame(SceneModel scene)
        {
            var cam = GetComponent<Camera>();
            double minX = double.MaxValue, minY = double.MaxValue, maxX = double.MinValue, maxY = double.MinValue;
            for (int i = 0; i < scene.Count; i++)
            {
                var p = scene[i].Position;
                if (p.X < minX) minX = p.X;
                if (p.X > maxX) maxX = p.X;
                if (p.Y < minY) minY = p.Y;
                if (p.Y > maxY) maxY = p.Y;
            }
            float margin = (float)scene.MaxDistance;
            float halfW = (float)(maxX - minX) / 2f + margin;
            float halfH = (float)(maxY - minY) / 2f + margin;
            cam.orthographic = true;
            cam.orthographicSize = Mathf.Max(halfH, halfW / Mathf.Max(cam.aspect, 0.1f));
            cam.clearFlags = CameraClearFlags.SolidColor;
            cam.backgroundColor = new Color(0.08f, 0.09f, 0.11f, 1f);
            transform.position = new Vector3((float)(minX + maxX) / 2f, (float)(minY + maxY) / 2f, -10f);
            transform.rotation = Quaternion.identity;
        }
    }
}
