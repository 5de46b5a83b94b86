// A compile-time stand-in for the small part of UnityEngine that the project's scripts use, with the real
// signatures (Unity 6000.2 scripting API). It exists only so `npm test` can type-check the MonoBehaviours with
// Mono's mcs on machines without the Unity Editor: nothing here runs, and passing this check says nothing about
// runtime behaviour inside Unity. Keep it minimal: add a member only when a script needs it.
using System;

namespace UnityEngine
{
    public class Object
    {
        public string name { get; set; }
        public HideFlags hideFlags { get; set; }
        public static void Destroy(Object obj) { }
        public static void DontDestroyOnLoad(Object target) { }
        public static T FindFirstObjectByType<T>() where T : Object { return null; }
        public static T[] FindObjectsByType<T>(FindObjectsSortMode sortMode) where T : Object { return new T[0]; }
        public static implicit operator bool(Object exists) { return !ReferenceEquals(exists, null); }
    }

    public enum FindObjectsSortMode { None = 0, InstanceID = 1 }
    [Flags] public enum HideFlags { None = 0, DontSave = 52, HideAndDontSave = 61 }

    public class Component : Object
    {
        public GameObject gameObject { get { return null; } }
        public Transform transform { get { return null; } }
        public T GetComponent<T>() { return default(T); }
    }

    public class Behaviour : Component
    {
        public bool enabled { get; set; }
    }

    public class MonoBehaviour : Behaviour
    {
        public Coroutine StartCoroutine(System.Collections.IEnumerator routine) { return null; }
    }

    public sealed class Coroutine { }

    public sealed class GameObject : Object
    {
        public GameObject() { }
        public GameObject(string name) { }
        public GameObject(string name, params Type[] components) { }
        public Transform transform { get { return null; } }
        public string tag { get; set; }
        public T AddComponent<T>() where T : Component { return null; }
        public T GetComponent<T>() { return default(T); }
        public void SetActive(bool value) { }
        public static GameObject CreatePrimitive(PrimitiveType type) { return null; }
    }

    public enum PrimitiveType { Sphere = 0, Capsule = 1, Cylinder = 2, Cube = 3, Plane = 4, Quad = 5 }

    public class Transform : Component
    {
        public Vector3 position { get; set; }
        public Vector3 localPosition { get; set; }
        public Vector3 localScale { get; set; }
        public Quaternion rotation { get; set; }
        public Transform parent { get; set; }
        public void SetParent(Transform parent, bool worldPositionStays) { }
        public void LookAt(Vector3 worldPosition) { }
    }

    public struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public static Vector3 zero { get { return new Vector3(0, 0, 0); } }
        public static Vector3 one { get { return new Vector3(1, 1, 1); } }
        public static Vector3 operator +(Vector3 a, Vector3 b) { return new Vector3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static Vector3 operator -(Vector3 a, Vector3 b) { return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z); }
        public static Vector3 operator *(Vector3 a, float d) { return new Vector3(a.x * d, a.y * d, a.z * d); }
    }

    public struct Quaternion
    {
        public static Quaternion identity { get { return new Quaternion(); } }
    }

    public struct Color
    {
        public float r, g, b, a;
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
        public Color(float r, float g, float b) { this.r = r; this.g = g; this.b = b; a = 1f; }
        public static Color white { get { return new Color(1, 1, 1, 1); } }
        public static Color black { get { return new Color(0, 0, 0, 1); } }
    }

    public struct Rect
    {
        public Rect(float x, float y, float width, float height) { }
    }

    public class Shader : Object
    {
        public static Shader Find(string name) { return null; }
    }

    public class Material : Object
    {
        public Material(Shader shader) { }
        public Shader shader { get; set; }
        public Color color { get; set; }
    }

    public class Renderer : Component
    {
        public Material material { get; set; }
        public Material sharedMaterial { get; set; }
    }

    public sealed class MeshRenderer : Renderer { }

    public sealed class LineRenderer : Renderer
    {
        public int positionCount { get; set; }
        public bool useWorldSpace { get; set; }
        public float startWidth { get; set; }
        public float endWidth { get; set; }
        public Color startColor { get; set; }
        public Color endColor { get; set; }
        public void SetPosition(int index, Vector3 position) { }
    }

    public class Collider : Component { }

    public sealed class Camera : Behaviour
    {
        public static Camera main { get { return null; } }
        public bool orthographic { get; set; }
        public float orthographicSize { get; set; }
        public Color backgroundColor { get; set; }
        public CameraClearFlags clearFlags { get; set; }
        public float aspect { get; set; }
        public Ray ScreenPointToRay(Vector3 pos) { return new Ray(); }
    }

    public struct Ray { }

    public struct RaycastHit
    {
        public Collider collider { get { return null; } }
    }

    public static class Physics
    {
        public static bool Raycast(Ray ray, out RaycastHit hitInfo) { hitInfo = new RaycastHit(); return false; }
    }

    public static class Input
    {
        public static bool GetMouseButtonDown(int button) { return false; }
        public static Vector3 mousePosition { get { return new Vector3(); } }
    }

    public static class SystemInfo
    {
        public static string operatingSystem { get { return ""; } }
    }

    public enum CameraClearFlags { Skybox = 1, SolidColor = 2, Depth = 3, Nothing = 4 }

    public static class Time
    {
        public static float timeScale { get; set; }
        public static float fixedDeltaTime { get; set; }
        public static float deltaTime { get { return 0f; } }
        public static float realtimeSinceStartup { get { return 0f; } }
        public static int frameCount { get { return 0; } }
    }

    public static class Application
    {
        public static int targetFrameRate { get; set; }
        public static bool runInBackground { get; set; }
        public static bool isBatchMode { get { return true; } }
        public static bool isEditor { get { return false; } }
        // The stub answers from environment variables so Editor code can be exercised under Mono (Tests~/editor-bench).
        public static string dataPath { get { return Environment.GetEnvironmentVariable("UNITY_STUB_DATA_PATH") ?? ""; } }
        public static string unityVersion { get { return Environment.GetEnvironmentVariable("UNITY_STUB_VERSION") ?? "stub"; } }
        public static RuntimePlatform platform { get { return RuntimePlatform.LinuxPlayer; } }
        public static void Quit(int exitCode) { }
        public static void Quit() { }
    }

    public enum RuntimePlatform { LinuxPlayer = 13, LinuxEditor = 16, WebGLPlayer = 17 }

    public static class QualitySettings
    {
        public static int vSyncCount { get; set; }
    }

    public static class Debug
    {
        public static void Log(object message) { Console.Error.WriteLine(message); }
        public static void LogWarning(object message) { Console.Error.WriteLine("warning: " + message); }
        public static void LogError(object message) { Console.Error.WriteLine("error: " + message); }
        public static void LogException(Exception exception) { Console.Error.WriteLine(exception); }
    }

    public static class Mathf
    {
        public static float Max(float a, float b) { return a > b ? a : b; }
        public static float Sqrt(float f) { return (float)Math.Sqrt(f); }
        public static int CeilToInt(float f) { return (int)Math.Ceiling(f); }
    }

    public static class GUI
    {
        public static bool Button(Rect position, string text) { return false; }
    }

    public static class GUILayout
    {
        public static void Label(string text, params GUILayoutOption[] options) { }
        public static bool Button(string text, params GUILayoutOption[] options) { return false; }
        public static void BeginArea(Rect screenRect) { }
        public static void EndArea() { }
        public static void BeginHorizontal(params GUILayoutOption[] options) { }
        public static void EndHorizontal() { }
        public static bool Toggle(bool value, string text, params GUILayoutOption[] options) { return value; }
        public static int Toolbar(int selected, string[] texts, params GUILayoutOption[] options) { return selected; }
    }

    public sealed class GUILayoutOption { }

    public enum RuntimeInitializeLoadType { AfterSceneLoad = 0, BeforeSceneLoad = 1, AfterAssembliesLoaded = 2, BeforeSplashScreen = 3, SubsystemRegistration = 4 }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
    public sealed class RuntimeInitializeOnLoadMethodAttribute : Attribute
    {
        public RuntimeInitializeOnLoadMethodAttribute() { }
        public RuntimeInitializeOnLoadMethodAttribute(RuntimeInitializeLoadType loadType) { }
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute { }

    [AttributeUsage(AttributeTargets.Field, AllowMultiple = true)]
    public class PropertyAttribute : Attribute { }

    public sealed class HeaderAttribute : PropertyAttribute { public HeaderAttribute(string header) { } }
    public sealed class TooltipAttribute : PropertyAttribute { public TooltipAttribute(string tooltip) { } }
    public sealed class RangeAttribute : PropertyAttribute { public RangeAttribute(float min, float max) { } }
    public sealed class MinAttribute : PropertyAttribute { public MinAttribute(float min) { } }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class DisallowMultipleComponent : Attribute { }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class RequireComponent : Attribute { public RequireComponent(Type requiredComponent) { } }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class AddComponentMenu : Attribute { public AddComponentMenu(string menuName) { } }
}

namespace UnityEngine.SceneManagement
{
    public struct Scene
    {
        public string path { get { return ""; } }
        public string name { get { return ""; } }
        public bool IsValid() { return false; }
    }

    public class SceneManager
    {
        public static Scene GetActiveScene() { return new Scene(); }
    }
}

namespace AOT
{
    // UnityEngine.CoreModule's attribute that makes IL2CPP emit a reverse P/Invoke wrapper for a static method.
    [AttributeUsage(AttributeTargets.Method)]
    public class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
