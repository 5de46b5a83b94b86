namespace Collektive.Frontend.Scene
{
    /// <summary>Which back-end path the scene drives.</summary>
    public enum EngineKind
    {
        /// <summary>Desktop, in-process: P/Invoke into libsimple_gradient.so (Assets/Plugins/Linux).</summary>
        Native,
        /// <summary>Desktop, out-of-process: TcpClient to the JVM server (<c>npm run server:jvm</c>).</summary>
        Socket,
        /// <summary>WebGL, in-process: the page's Kotlin/Wasm facade through CollektiveWasm.jslib.</summary>
        Wasm,
        /// <summary>WebGL, out-of-process: a browser WebSocket to the Node server (<c>npm run server:node</c>).</summary>
        WebSocket,
    }
}
