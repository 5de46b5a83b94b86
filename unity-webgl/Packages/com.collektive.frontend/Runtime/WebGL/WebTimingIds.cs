namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// Timing ids of the web front-ends (docs/measurements.md), used by the Unity WebGL engines so their CSVs read
    /// like the built-in WebGL scene's: <c>web_wasm.csv</c> and <c>web_websocket.csv</c>.
    /// </summary>
    public static class WebTimingIds
    {
        /// <summary>JS → Wasm step + state copied out as typed arrays (here: into the Emscripten heap and out to C#).</summary>
        public const string WasmCall = "step.web.wasm.call";
        /// <summary>Typed arrays → scene state.</summary>
        public const string WasmParse = "step.web.wasm.parse";
        /// <summary>Serialize + send of positions and the step request.</summary>
        public const string WsSend = "step.web.ws.send";
        /// <summary>Step sent → response message received.</summary>
        public const string WsWait = "step.web.ws.wait";
        /// <summary>JSON (or binary frame) parse → scene state.</summary>
        public const string WsParse = "step.web.ws.parse";
        /// <summary>Apply to the scene (colours, links).</summary>
        public const string Apply = "step.web.apply";
        /// <summary>Step started → state applied.</summary>
        public const string E2e = "step.web.e2e";
        /// <summary>C# → JS → Wasm call of the facade's no-op export.</summary>
        public const string FloorWasmNoop = "floor.web.wasm.noop";
        /// <summary>WebSocket round trip of one small message against the server's echo op.</summary>
        public const string FloorWsEcho = "floor.web.ws.echo";
    }
}
