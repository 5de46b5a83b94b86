using UnityEngine;

namespace Collektive.Unity
{
    /// <summary>
    /// Builds the scene at runtime, so no scene YAML has to be written by hand: after any scene loads (including
    /// Assets/Scenes/Gradient.unity, which the Editor script creates empty), adds a camera and a
    /// "SimulationManager" object when the scene has none. The object's name is what the hosting page addresses
    /// with SendMessage.
    /// </summary>
    public static class SceneBootstrap
    {
        /// <summary>Name of the manager's GameObject (the page's SendMessage target).</summary>
        public const string ManagerName = "SimulationManager";

        [RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.AfterSceneLoad)]
        private static void Ensure()
        {
            if (Object.FindFirstObjectByType<SimulationManager>() != null) return;
            if (Camera.main == null)
            {
                var cam = new GameObject("Main Camera", typeof(Camera));
                cam.tag = "MainCamera";
            }
            new GameObject(ManagerName, typeof(SimulationManager));
        }
    }
}
