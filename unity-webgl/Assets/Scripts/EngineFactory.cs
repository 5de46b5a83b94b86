using System;
using Collektive.Frontend.Engines;
using Collektive.Frontend.Scene;
using Collektive.Frontend.Timing;
using Collektive.Frontend.WebGL;

namespace Collektive.Unity
{
    /// <summary>Creates the <see cref="IEngine"/> of an <see cref="EngineKind"/> on the running platform.</summary>
    public static class EngineFactory
    {
        /// <summary>True when <paramref name="kind"/> can run on this platform (desktop: Native, Socket; WebGL: Wasm, WebSocket).</summary>
        public static bool Supported(EngineKind kind)
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            return kind == EngineKind.Wasm || kind == EngineKind.WebSocket;
#else
            return kind == EngineKind.Native || kind == EngineKind.Socket;
#endif
        }

        /// <summary>The engine for a run, running its program; <paramref name="log"/> receives its timing ids (may be null).</summary>
        public static IEngine Create(RunConfig c, TimingLog log)
        {
            if (!Supported(c.Engine))
                throw new NotSupportedException(c.Engine + " is not available on this platform (desktop: Native, Socket; WebGL player: Wasm, WebSocket)");
            IEngine engine;
            switch (c.Engine)
            {
                case EngineKind.Native: engine = new NativeEngine(c.Encoding, log); break;
                case EngineKind.Socket: engine = new SocketEngine(c.Host, c.Port, c.Encoding, log); break;
                case EngineKind.Wasm: engine = new WasmEngine(c.Encoding, log); break;
                default: engine = new WebSocketEngine(c.Url, c.Encoding, log); break;
            }
            engine.ProgramSpec = c.Program;
            return engine;
        }

        /// <summary>The front-end CSV file name of a transport: unity_native.csv, unity_socket.csv, unity_wasm.csv, unity_websocket.csv.</summary>
        public static string FrontEndCsvName(EngineKind kind)
        {
            return "unity_" + kind.ToString().ToLowerInvariant() + ".csv";
        }
    }
}
