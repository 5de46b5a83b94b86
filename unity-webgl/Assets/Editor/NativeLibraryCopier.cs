using System.IO;
using UnityEditor;
using UnityEditor.Build;
using UnityEditor.Build.Reporting;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Copies <c>collektive-native/build/libsimple_gradient.so</c> (built by <c>npm run build -- native</c>) into
    /// <c>Assets/Plugins/Linux/</c> and marks it as an Editor + Linux x86_64 plugin. Runs from the menu
    /// (Collektive ▸ Native ▸ Copy libsimple_gradient.so), before every Linux player build, and before the
    /// batch-mode benchmark. The copy is git-ignored: the repository keeps one library, the one the build makes.
    /// </summary>
    public sealed class NativeLibraryCopier : IPreprocessBuildWithReport
    {
        /// <inheritdoc />
        public int callbackOrder { get { return 0; } }

        /// <summary>Menu entry.</summary>
        [MenuItem("Collektive/Native/Copy libsimple_gradient.so")]
        public static void CopyFromMenu() { Copy(true); }

        /// <inheritdoc />
        public void OnPreprocessBuild(BuildReport report)
        {
            if (report.summary.platform == BuildTarget.StandaloneLinux64) Copy(true);
        }

        /// <summary>Copies the library when it is newer than the project's copy; returns false (and logs) when it is missing.</summary>
        public static bool Copy(bool required)
        {
            string source = ProjectPaths.NativeLibrary;
            string dest = Path.Combine(ProjectPaths.Project, ProjectPaths.PluginAsset);
            if (!File.Exists(source))
            {
                string msg = "libsimple_gradient.so not found at " + source + ": build it with `npm run build -- native` in the repository root";
                if (required) throw new BuildFailedException(msg);
                Debug.LogWarning("[collektive] " + msg);
                return false;
            }
            if (File.Exists(dest) && File.GetLastWriteTimeUtc(dest) >= File.GetLastWriteTimeUtc(source)) return true;
            Directory.CreateDirectory(Path.GetDirectoryName(dest));
            File.Copy(source, dest, true);
            AssetDatabase.ImportAsset(ProjectPaths.PluginAsset, ImportAssetOptions.ForceUpdate);
            var importer = AssetImporter.GetAtPath(ProjectPaths.PluginAsset) as PluginImporter;
            if (importer != null)
            {
                importer.SetCompatibleWithAnyPlatform(false);
                importer.SetCompatibleWithEditor(true);
                importer.SetEditorData("CPU", "x86_64");
                importer.SetEditorData("OS", "Linux");
                importer.SetCompatibleWithPlatform(BuildTarget.StandaloneLinux64, true);
                importer.SetPlatformData(BuildTarget.StandaloneLinux64, "CPU", "x86_64");
                importer.SaveAndReimport();
            }
            Debug.Log("[collektive] copied " + source + " to " + dest);
            return true;
        }
    }
}
