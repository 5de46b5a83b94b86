using System;
using System.IO;
using UnityEditor;
using UnityEditor.Build.Reporting;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Builds the WebGL player into <c>public/unity/</c> of the repository (the dashboard serves it as
    /// <c>/unity/</c>): <c>Build/unity.loader.js</c>, <c>unity.framework.js</c>, <c>unity.data</c>, <c>unity.wasm</c>,
    /// uncompressed (so any static server, including Vite's, serves them without Content-Encoding headers) and with
    /// file names free of hashes (so the page can find the loader). Menu: Collektive ▸ Build WebGL into public/unity;
    /// batch: <c>-executeMethod Collektive.Unity.Editor.WebGLBuilder.Build</c>.
    /// </summary>
    public static class WebGLBuilder
    {
        /// <summary>Menu entry.</summary>
        [MenuItem("Collektive/Build WebGL into public/unity")]
        public static void BuildFromMenu() { Run(); }

        /// <summary>Batch-mode entry point; exits the Editor with 0 on success, 1 on failure.</summary>
        public static void Build()
        {
            int code = 1;
            try { code = Run() ? 0 : 1; }
            catch (Exception e) { Debug.LogException(e); }
            if (Application.isBatchMode) EditorApplication.Exit(code);
        }

        private static bool Run()
        {
            string scene = SceneSetup.Ensure();
            PlayerSettings.WebGL.compressionFormat = WebGLCompressionFormat.Disabled;
            PlayerSettings.WebGL.decompressionFallback = false;
            PlayerSettings.WebGL.nameFilesAsHashes = false;
            PlayerSettings.WebGL.exceptionSupport = WebGLExceptionSupport.ExplicitlyThrownExceptionsOnly;
            PlayerSettings.runInBackground = true;
            string output = ProjectPaths.WebGLOutput;
            Directory.CreateDirectory(output);
            var options = new BuildPlayerOptions
            {
                scenes = new[] { scene },
                locationPathName = output,
                target = BuildTarget.WebGL,
                options = BuildOptions.None,
            };
            var report = BuildPipeline.BuildPlayer(options);
            bool ok = report.summary.result == BuildResult.Succeeded;
            Debug.Log("[collektive] WebGL build " + report.summary.result + " → " + output + " (" + report.summary.totalSize + " bytes)");
            return ok;
        }
    }
}
