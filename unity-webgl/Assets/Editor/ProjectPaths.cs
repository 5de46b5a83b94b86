using System.IO;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>Paths of the repository around the Unity project (unity-webgl/ is one level below the root).</summary>
    public static class ProjectPaths
    {
        /// <summary>The Unity project folder (unity-webgl/).</summary>
        public static string Project { get { return Path.GetFullPath(Path.Combine(Application.dataPath, "..")); } }
        /// <summary>The repository root.</summary>
        public static string Repository { get { return Path.GetFullPath(Path.Combine(Project, "..")); } }
        /// <summary>The native library as built by <c>npm run build -- native</c>.</summary>
        public static string NativeLibrary { get { return Path.Combine(Repository, "collektive-native", "build", "libsimple_gradient.so"); } }
        /// <summary>Where the Linux plugin lives inside the project (git-ignored copy).</summary>
        public const string PluginAsset = "Assets/Plugins/Linux/libsimple_gradient.so";
        /// <summary>The WebGL build output folder (served by the dashboard as /unity/).</summary>
        public static string WebGLOutput { get { return Path.Combine(Repository, "public", "unity"); } }
    }
}
