using System.IO;
using UnityEditor;
using UnityEditor.SceneManagement;
using UnityEngine;

namespace Collektive.Unity.Editor
{
    /// <summary>
    /// Creates <c>Assets/Scenes/Gradient.unity</c> with the Editor's own serializer instead of committing hand-written
    /// scene YAML: an empty scene holding only a "SimulationManager" object (the camera and views are built at
    /// runtime by <see cref="SceneBootstrap"/> and <see cref="SimulationManager"/>), and puts it first in the build
    /// settings. Runs once automatically when the project opens without it, and from Collektive ▸ Create Gradient Scene.
    /// </summary>
    [InitializeOnLoad]
    public static class SceneSetup
    {
        /// <summary>The scene asset path.</summary>
        public const string ScenePath = "Assets/Scenes/Gradient.unity";

        static SceneSetup()
        {
            if (Application.isBatchMode) return; // batch entry points call Ensure() themselves
            EditorApplication.delayCall += delegate
            {
                if (!File.Exists(Path.Combine(ProjectPaths.Project, ScenePath))) Ensure();
            };
        }

        /// <summary>Menu entry: (re)creates the scene.</summary>
        [MenuItem("Collektive/Create Gradient Scene")]
        public static void CreateFromMenu()
        {
            if (EditorSceneManager.SaveCurrentModifiedScenesIfUserWantsTo()) Create();
        }

        /// <summary>Creates the scene when missing and makes sure it is in the build settings; returns its path.</summary>
        public static string Ensure()
        {
            if (!File.Exists(Path.Combine(ProjectPaths.Project, ScenePath))) Create();
            else AddToBuildSettings();
            return ScenePath;
        }

        private static void Create()
        {
            var scene = EditorSceneManager.NewScene(NewSceneSetup.EmptyScene, NewSceneMode.Single);
            var cam = new GameObject("Main Camera", typeof(Camera), typeof(CameraRig));
            cam.tag = "MainCamera";
            new GameObject(SceneBootstrap.ManagerName, typeof(SimulationManager));
            Directory.CreateDirectory(Path.Combine(ProjectPaths.Project, "Assets", "Scenes"));
            EditorSceneManager.SaveScene(scene, ScenePath);
            AddToBuildSettings();
            Debug.Log("[collektive] created " + ScenePath);
        }

        private static void AddToBuildSettings()
        {
            var scenes = EditorBuildSettings.scenes;
            foreach (var s in scenes) if (s.path == ScenePath) return;
            var list = new System.Collections.Generic.List<EditorBuildSettingsScene>(scenes);
            list.Insert(0, new EditorBuildSettingsScene(ScenePath, true));
            EditorBuildSettings.scenes = list.ToArray();
        }
    }
}
