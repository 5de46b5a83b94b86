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

        /// <summary>The engine for a run; <paramref name="log"/> receives its timing ids (may be null).</summary>
        public static IEngine Create(RunConfig c, TimingLog log)
        {
            if (!Supported(c.Engine))
                throw new NotSupportedException(c.Engine + " is not available on this platform (desktop: Native, Socket; WebGL player: Wasm, WebSocket)");
            switch (c.Engine)
            {
                case EngineKind.Native: return new NativeEngine(c.Encoding, log);
                case EngineKind.Socket: return new SocketEngine(c.Host, c.Port, c.Encoding, log);
                case EngineKind.Wasm: return new WasmEngine(c.Encoding, log);
                default: return new WebSocketEngine(c.Url, c.Encoding, log);
            }
        }

        /// <summary>The front-end CSV file name of a transport: unity_native.csv, unity_socket.csv, unity_wasm.csv, unity_websocket.csv.</summary>
        public static string FrontEndCsvName(EngineKind kind)
        {
            return "unity_" + kind.ToString().ToLowerInvariant() + ".csv";
        }
    }
}
