// Unity project, everything checkable without the Unity Editor:
//  - unity-csharp: every C# file of unity-webgl/ compiled with mcs (C# 7.2) per assembly definition and build target
//    (Editor, Linux player, WebGL player, and the headless host's view of the package), the package against the real
//    Newtonsoft.Json / NUnit 2.6, the MonoBehaviours and Editor scripts against the UnityEngine/UnityEditor type stub
//    in unity-webgl/Tests~/UnityStub (a compile check only); plus project structure (text settings, .meta GUIDs).
//  - unity-nunit: NUnit tests of the WebGL engines (WasmEngine, WebSocketEngine) over fake jslib bridges, by the
//    project's one NUnit runner (Tests~/nunit/run.mjs; suite frontend-nunit runs the package's other tests with it).
//  - unity-editor-bench: npm run bench:unity end to end, the Editor replaced by its benchmark entry point
//    (BenchmarkRunner.RunDesktop) under Mono with the UnityEditor stub, against the real native library and JVM
//    server: Node plan (scenarios from measurement/src/scenario.mjs), C# raw CSVs, Node write stage; published layout,
//    run.json schema, the scenario C# ran equals scenario.mjs's.
//  - unity-jslib: the .jslib plugins in Chromium with an Emscripten heap shim, driving the real Kotlin/Wasm facade
//    and a real Node ws server; results equal the engine's test vectors.
//  - unity-frontend: dashboard/src/live/unity/UnityFrontEnd.tsx bundled by Vite in Chromium with a stand-in Unity
//    loader (real Wasm facade exposed before the player starts, SendMessage engine switch) and without a build.
import { nodeTap, nunit } from '../lib/parsers.mjs';
import { chromium, maven, mono, newtonsoft, nunit as nunitConsole } from '../lib/requirements.mjs';

export const suites = [
  {
    name: 'unity-csharp',
    description: 'Unity project: mcs C# 7.2 compile of every assembly per target (package vs real Newtonsoft/NUnit, scripts vs UnityEngine stub), settings and .meta checks',
    requires: [mono, newtonsoft, nunitConsole],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=600000',
      'unity-webgl/Tests~/compile/project.test.mjs', 'unity-webgl/Tests~/compile/compile.test.mjs'],
    parse: nodeTap,
  },
  {
    name: 'unity-nunit',
    description: 'NUnit 2.6: Unity WebGL engines (WasmEngine, WebSocketEngine) over fake jslib bridges',
    requires: [mono, newtonsoft, nunitConsole],
    cmd: ['node', 'unity-webgl/Tests~/nunit/run.mjs', 'Collektive.Frontend.WebGL.Tests'],
    parse: nunit,
  },
  {
    name: 'unity-editor-bench',
    description: 'npm run bench:unity with BenchmarkRunner.RunDesktop under Mono (UnityEditor stub) as the Editor: real .so + JVM server, raw CSVs, Node merge, run.json schema, one scenario rule',
    requires: [mono, newtonsoft, maven],
    build: ['native', 'jvm-server'],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=600000', 'unity-webgl/Tests~/editor-bench/editor-bench.test.mjs'],
    parse: nodeTap,
  },
  {
    name: 'unity-jslib',
    description: 'Unity .jslib plugins in Chromium (Emscripten heap shim) driving the real Kotlin/Wasm facade and a real Node ws server; test vectors',
    requires: [chromium],
    build: ['wasm', 'js'],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000', 'unity-webgl/Tests~/jslib/jslib.test.mjs'],
    parse: nodeTap,
  },
  {
    name: 'unity-frontend',
    description: 'Live-view Unity option (UnityFrontEnd.tsx via Vite + react-unity-webgl) in Chromium: stand-in player gets the real Wasm facade and Restart messages; no-build instructions',
    requires: [chromium],
    build: ['wasm'],
    cmd: ['node', '--test', '--test-reporter=tap', '--test-concurrency=1', '--test-timeout=300000', 'unity-webgl/Tests~/frontend/unity-frontend.test.mjs'],
    parse: nodeTap,
  },
];
