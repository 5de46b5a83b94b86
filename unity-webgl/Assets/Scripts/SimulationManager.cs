using System;
using System.Collections.Generic;
using System.IO;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Layout;
using Collektive.Frontend.Loop;
using Collektive.Frontend.Model;
using Collektive.Frontend.Scene;
using Collektive.Frontend.Timing;
using UnityEngine;

namespace Collektive.Unity
{
    /// <summary>
    /// Runs the simulation: builds the scenario, the engine (<see cref="EngineKind"/>), the scene model, the shared
    /// <see cref="FrameLoop"/> and the views, then steps once per FixedUpdate tick (<see cref="Pacing.Fixed"/>:
    /// Time.fixedDeltaTime = tickMs, Time.timeScale configurable — the reference socket scene ran 20 ms at 0.1) or
    /// once per rendered frame as soon as the previous state is applied (<see cref="Pacing.Free"/>, vSync off).
    /// Settings come from the Inspector, overridden by the command line (<c>-collektive "key=value;…"</c>, see
    /// <see cref="RunConfig"/>) and, in a WebGL page, by <c>SendMessage("SimulationManager", "Restart", spec)</c>.
    /// Clicking a device toggles it as a source. When a run of <c>frames</c> frames ends, the front-end timings are
    /// written as CSV (desktop: into <c>csv</c>; WebGL: handed to the page).
    /// </summary>
    [DisallowMultipleComponent]
    public sealed class SimulationManager : MonoBehaviour
    {
        [Header("Engine")]
        [SerializeField] private EngineKind engine = EngineKind.Native;
        [Tooltip("json (reference protocol), batched, binary")]
        [SerializeField] private string encoding = "json";
        [SerializeField] private string socketHost = "127.0.0.1";
        [SerializeField] private int socketPort = 9090;
        [SerializeField] private string webSocketUrl = "ws://127.0.0.1:8787";
        [Tooltip("Aggregate program (docs/programs.md), e.g. gossipMax or boundedElection:bound=2; empty = the reference gradient")]
        [SerializeField] private string program = "";

        [Header("Scenario")]
        [SerializeField] private int nodeCount = 10;
        [SerializeField] private float maxDistance = 3f;
        [SerializeField] private int[] sources = { 0 };
        [Tooltip("reference (BFS-tree layout) or random (uniform square, mean degree 8)")]
        [SerializeField] private string scenario = "reference";
        [SerializeField] private int seed = 1;

        [Header("Pacing")]
        [SerializeField] private Pacing pacing = Pacing.Fixed;
        [SerializeField] private float tickMs = 20f;
        [SerializeField] private float timeScale = 1f;
        [Tooltip("Frames to run, 0 = until stopped")]
        [SerializeField] private int frames;

        [Header("Output")]
        [Tooltip("Folder for the timing CSVs (desktop); empty = none")]
        [SerializeField] private string csvFolder = "";
        [SerializeField] private bool quitWhenDone;

        private RunConfig _config;
        private SceneModel _scene;
        private IEngine _engine;
        private TimingLog _log;
        private ScenePacer _pacer;
        private readonly List<DeviceView> _devices = new List<DeviceView>();
        private LinkView _links;
        private Transform _root;
        private bool _running;
        private bool _backendCsvOpen;

        /// <summary>The running configuration (null before Start).</summary>
        public RunConfig Config { get { return _config; } }
        /// <summary>The scene model (null before Start).</summary>
        public SceneModel Scene { get { return _scene; } }
        /// <summary>Frames applied in the current run.</summary>
        public int FramesApplied { get { return _pacer == null ? 0 : _pacer.Applied; } }
        /// <summary>Raised when a run with a frame limit has finished and its CSVs are written.</summary>
        public event Action<SimulationManager> Finished;

        /// <summary>The Inspector settings as a run configuration.</summary>
        public RunConfig InspectorConfig()
        {
            return new RunConfig
            {
                Engine = engine, Encoding = WireEncodings.Parse(encoding), Program = program, Host = socketHost, Port = socketPort, Url = webSocketUrl,
                NodeCount = nodeCount, MaxDistance = maxDistance, Sources = (int[])sources.Clone(), Scenario = scenario, Seed = seed,
                Pacing = pacing, TickMs = tickMs, TimeScale = timeScale, Frames = frames, CsvFolder = csvFolder, QuitWhenDone = quitWhenDone,
            };
        }

        private void Start()
        {
            try
            {
                var c = InspectorConfig().With(RunConfig.CommandLineValue("-collektive"));
                if (!EngineFactory.Supported(c.Engine))
                {
                    var fallback = EngineFactory.Supported(EngineKind.Wasm) ? EngineKind.Wasm : EngineKind.Native;
                    Debug.LogWarning("[collektive] " + c.Engine + " is not available on this platform; using " + fallback);
                    c.Engine = fallback;
                }
                Begin(c);
            }
            catch (Exception e)
            {
                Fail(e); // e.g. no server listening: the scene stays empty, the error is shown
                string spec = RunConfig.CommandLineValue("-collektive");
                if (_config == null && spec != null && spec.Contains("quit=1")) Quit(1); // unparsable batch spec
            }
        }

        /// <summary>Restarts with the current configuration changed by <paramref name="spec"/> (<c>key=value;…</c>).</summary>
        public void Restart(string spec)
        {
            try { Begin((_config ?? InspectorConfig()).With(spec)); }
            catch (Exception e) { Fail(e); }
        }

        /// <summary>Restarts on another engine (native, socket, wasm, websocket).</summary>
        public void SetEngine(string name) { Restart("engine=" + name); }

        /// <summary>Stops stepping (the scene stays as it is).</summary>
        public void Stop() { _running = false; }

        /// <summary>Starts a run with <paramref name="c"/>, replacing the current one.</summary>
        public void Begin(RunConfig c)
        {
            Teardown();
            _config = c;
            var sc = Scenario.Of(c.Scenario, c.NodeCount, c.Seed, 8.0, c.MaxDistance);
            var src = new List<int>();
            foreach (var s in c.Sources) if (s >= 0 && s < c.NodeCount) src.Add(s);
            _scene = new SceneModel(sc.Positions, src, c.MaxDistance, ProgramSpecs.OutputOf(c.Program));
            // Endless runs keep no timings (the log would grow without bound); runs of N frames record every id.
            _log = c.Frames > 0 ? new TimingLog(8 * c.Frames) : null;

            if (c.Engine == EngineKind.Native && c.CsvFolder.Length > 0)
            {
                Directory.CreateDirectory(c.CsvFolder);
                NativeEngine.SetBackendCsv(Path.GetFullPath(Path.Combine(c.CsvFolder, "native.csv")));
                _backendCsvOpen = true;
            }
            _engine = EngineFactory.Create(c, _log);
            _engine.Create(c.NodeCount, c.MaxDistance);
            foreach (var s in src) _engine.SetSource(s, true);

            _pacer = new ScenePacer(_engine, _scene, _log, c.Pacing, c.TickMs, c.TimeScale, c.Frames);
            _pacer.FrameApplied = OnFrameApplied;
            _pacer.Finished = Finish;

            Time.fixedDeltaTime = (float)(c.TickMs / 1000.0);
            Time.timeScale = (float)c.TimeScale;
            if (c.Pacing == Pacing.Free) { QualitySettings.vSyncCount = 0; Application.targetFrameRate = -1; }
            Application.runInBackground = true;

            BuildViews();
            _running = true;
            Report("running " + c.Engine + " (" + WireEncodings.Name(c.Encoding) + "), N=" + c.NodeCount + ", " + FrameLoopOptions.Name(c.Pacing) + " pacing");
        }

        private void FixedUpdate()
        {
            if (!_running || _pacer.Pacing != Pacing.Fixed) return;
            try { _pacer.FixedTick(); }
            catch (Exception e) { Fail(e); }
        }

        private void Update()
        {
            HandleClick();
            if (!_running || _pacer.Pacing != Pacing.Free) return;
            // Free pacing: the next step starts once the previous state is applied. A desktop player blocks for the
            // reply (as the headless host does); a WebGL player cannot block its only thread and polls next frame.
#if UNITY_WEBGL && !UNITY_EDITOR
            const bool mayBlock = false;
#else
            const bool mayBlock = true;
#endif
            try { _pacer.FreeFrame(mayBlock); }
            catch (Exception e) { Fail(e); }
        }

        private void OnFrameApplied(int applied)
        {
            for (int i = 0; i < _devices.Count; i++) _devices[i].Show(_scene[i]);
            _links.Apply(_scene, false);
        }

        private void Finish()
        {
            _running = false;
            WriteOutputs();
            Report("finished " + _pacer.Applied + " frames");
            if (Finished != null) Finished(this);
            if (_config.QuitWhenDone) Quit(0);
        }

        private static void Quit(int code)
        {
#if UNITY_EDITOR
            if (Application.isBatchMode) UnityEditor.EditorApplication.Exit(code);
            else UnityEditor.EditorApplication.isPlaying = false;
#else
            Application.Quit(code);
#endif
        }

        private void WriteOutputs()
        {
            string name = EngineFactory.FrontEndCsvName(_config.Engine);
            if (_backendCsvOpen) { NativeEngine.FlushBackendCsv(); NativeEngine.SetBackendCsv(null); _backendCsvOpen = false; }
            if (_log == null) return;
#if UNITY_WEBGL && !UNITY_EDITOR
            var w = new StringWriter();
            _log.WriteCsv(w);
            PageBridge.PublishCsv(name, w.ToString());
#else
            if (_config.CsvFolder.Length == 0) return;
            Directory.CreateDirectory(_config.CsvFolder);
            _log.WriteCsv(Path.Combine(_config.CsvFolder, name));
            Debug.Log("[collektive] wrote " + Path.Combine(_config.CsvFolder, name));
#endif
        }

        private void BuildViews()
        {
            var rootGo = new GameObject("Devices");
            _root = rootGo.transform;
            float size = (float)(_scene.MaxDistance / 4.0);
            for (int i = 0; i < _scene.Count; i++) _devices.Add(DeviceView.Create(_scene[i], _root, size));
            var linksGo = new GameObject("Links");
            linksGo.transform.SetParent(_root, false);
            _links = linksGo.AddComponent<LinkView>();
            var shader = Shader.Find("Sprites/Default");
            _links.Init(new Material(shader), size / 4f);
            var cam = Camera.main;
            if (cam != null)
            {
                var rig = cam.GetComponent<CameraRig>();
                if (rig == null) rig = cam.gameObject.AddComponent<CameraRig>();
                rig.Frame(_scene);
            }
        }

        private void HandleClick()
        {
            if (_scene == null || _engine == null || !Input.GetMouseButtonDown(0) || Camera.main == null) return;
            RaycastHit hit;
            if (!Physics.Raycast(Camera.main.ScreenPointToRay(Input.mousePosition), out hit)) return;
            var view = hit.collider.GetComponent<DeviceView>();
            if (view == null) return;
            var d = _scene[view.Id];
            d.IsSource = !d.IsSource;
            try { _engine.SetSource(view.Id, d.IsSource); }
            catch (Exception e) { Fail(e); }
        }

        private void Teardown()
        {
            _running = false;
            if (_backendCsvOpen) { NativeEngine.FlushBackendCsv(); NativeEngine.SetBackendCsv(null); _backendCsvOpen = false; }
            if (_engine != null) { _engine.Dispose(); _engine = null; }
            foreach (var d in _devices) if (d != null) Destroy(d.gameObject);
            _devices.Clear();
            if (_links != null) _links.Clear();
            if (_root != null) Destroy(_root.gameObject);
            _links = null;
            _root = null;
            _pacer = null;
        }

        private void Fail(Exception e)
        {
            _running = false;
            Debug.LogException(e);
            Report("error: " + e.Message);
            if (_config != null && _config.QuitWhenDone) Quit(1); // batch runs end with a failure code
        }

        private static void Report(string text)
        {
            Debug.Log("[collektive] " + text);
            PageBridge.Status(text);
        }

        private void OnDestroy() { Teardown(); }
    }
}
