// Compile-time stand-in for the part of UnityEditor the project's Editor scripts use, with the real signatures
// (Unity 6000.2). Compile check only: nothing here runs. See UnityEngine.cs.
using System;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor
{
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MenuItem : Attribute
    {
        public MenuItem(string itemName) { }
        public MenuItem(string itemName, bool isValidateFunction) { }
        public MenuItem(string itemName, bool isValidateFunction, int priority) { }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class InitializeOnLoadAttribute : Attribute { }

    public sealed class EditorApplication
    {
        public delegate void CallbackFunction();
        public static CallbackFunction delayCall;
        public static bool isPlaying { get; set; }
        public static void Exit(int returnValue) { Environment.Exit(returnValue); }
    }

    public static class EditorUtility
    {
        public static void DisplayProgressBar(string title, string info, float progress) { }
        public static void ClearProgressBar() { }
    }

    public sealed class EditorBuildSettingsScene
    {
        public EditorBuildSettingsScene(string path, bool enabled) { this.path = path; this.enabled = enabled; }
        public string path { get; set; }
        public bool enabled { get; set; }
    }

    public class EditorBuildSettings : UnityEngine.Object
    {
        public static EditorBuildSettingsScene[] scenes { get; set; }
    }

    [Flags] public enum ImportAssetOptions { Default = 0, ForceUpdate = 1 }

    public sealed class AssetDatabase
    {
        public static void ImportAsset(string path, ImportAssetOptions options = ImportAssetOptions.Default) { }
        public static void Refresh() { }
    }

    public class AssetImporter : UnityEngine.Object
    {
        public static AssetImporter GetAtPath(string path) { return null; }
        public void SaveAndReimport() { }
    }

    public sealed class PluginImporter : AssetImporter
    {
        public void SetCompatibleWithAnyPlatform(bool enable) { }
        public void SetCompatibleWithEditor(bool enable) { }
        public void SetEditorData(string key, string value) { }
        public void SetCompatibleWithPlatform(BuildTarget platform, bool enable) { }
        public void SetPlatformData(BuildTarget platform, string key, string value) { }
    }

    public enum BuildTarget { StandaloneLinux64 = 24, WebGL = 20 }

    [Flags] public enum BuildOptions { None = 0, Development = 1 }

    public struct BuildPlayerOptions
    {
        public string[] scenes { get; set; }
        public string locationPathName { get; set; }
        public BuildTarget target { get; set; }
        public BuildOptions options { get; set; }
    }

    public class BuildPipeline
    {
        public static UnityEditor.Build.Reporting.BuildReport BuildPlayer(BuildPlayerOptions buildPlayerOptions) { return null; }
    }

    public enum WebGLCompressionFormat { Brotli = 0, Gzip = 1, Disabled = 2 }
    public enum WebGLExceptionSupport { None = 0, ExplicitlyThrownExceptionsOnly = 1, FullWithoutStacktrace = 2, FullWithStacktrace = 3 }

    public sealed class PlayerSettings : UnityEngine.Object
    {
        public static bool runInBackground { get; set; }

        public sealed class WebGL
        {
            public static WebGLCompressionFormat compressionFormat { get; set; }
            public static bool decompressionFallback { get; set; }
            public static bool nameFilesAsHashes { get; set; }
            public static WebGLExceptionSupport exceptionSupport { get; set; }
        }
    }
}

namespace UnityEditor.Build
{
    public interface IOrderedCallback
    {
        int callbackOrder { get; }
    }

    public interface IPreprocessBuildWithReport : IOrderedCallback
    {
        void OnPreprocessBuild(UnityEditor.Build.Reporting.BuildReport report);
    }

    public class BuildFailedException : Exception
    {
        public BuildFailedException(string message) : base(message) { }
        public BuildFailedException(Exception innerException) : base(null, innerException) { }
    }
}

namespace UnityEditor.Build.Reporting
{
    public enum BuildResult { Unknown = 0, Succeeded = 1, Failed = 2, Cancelled = 3 }

    public struct BuildSummary
    {
        public BuildTarget platform { get { return BuildTarget.WebGL; } }
        public BuildResult result { get { return BuildResult.Unknown; } }
        public ulong totalSize { get { return 0; } }
    }

    public sealed class BuildReport : UnityEngine.Object
    {
        public BuildSummary summary { get { return new BuildSummary(); } }
    }
}

namespace UnityEditor.SceneManagement
{
    public enum NewSceneSetup { EmptyScene = 0, DefaultGameObjects = 1 }
    public enum NewSceneMode { Single = 0, Additive = 1 }
    public enum OpenSceneMode { Single = 0, Additive = 1, AdditiveWithoutLoading = 2 }

    public sealed class EditorSceneManager : SceneManager
    {
        public static Scene NewScene(NewSceneSetup setup, NewSceneMode mode = NewSceneMode.Single) { return new Scene(); }
        public static bool SaveScene(Scene scene, string dstScenePath = "", bool saveAsCopy = false) { return false; }
        public static Scene OpenScene(string scenePath, OpenSceneMode mode = OpenSceneMode.Single) { return new Scene(); }
        public static bool SaveCurrentModifiedScenesIfUserWantsTo() { return true; }
    }
}
