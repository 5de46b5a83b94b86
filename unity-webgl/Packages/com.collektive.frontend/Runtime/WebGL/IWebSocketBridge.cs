namespace Collektive.Frontend.WebGL
{
    /// <summary>Receives one browser WebSocket's events (called on the player's main thread, between frames).</summary>
    public interface IWebSocketEvents
    {
        /// <summary>The connection is open.</summary>
        void OnOpen();
        /// <summary>A text message (UTF-8 decoded) arrived.</summary>
        void OnText(string text);
        /// <summary>A binary message arrived; <paramref name="data"/> holds <paramref name="length"/> bytes and may be reused after the call.</summary>
        void OnBinary(byte[] data, int length);
        /// <summary>The connection closed (or could not be opened).</summary>
        void OnClose(int code, string reason);
    }

    /// <summary>
    /// The calls of <c>Assets/Plugins/WebGL/CollektiveWebSocket.jslib</c>, so <see cref="WebSocketEngine"/> can be
    /// tested off the browser with a fake.
    /// </summary>
    public interface IWebSocketBridge
    {
        /// <summary>Opens a socket to <paramref name="url"/>; returns its id (> 0) or −1. Events go to <paramref name="events"/>.</summary>
        int Open(string url, IWebSocketEvents events);
        /// <summary>Sends a text message; 0 = queued, −1 = not open.</summary>
        int Send(int id, string text);
        /// <summary>Sends the first <paramref name="length"/> bytes of <paramref name="data"/> as one binary message.</summary>
        int SendBinary(int id, byte[] data, int length);
        /// <summary>WebSocket readyState: 0 connecting, 1 open, 2 closing, 3 closed.</summary>
        int State(int id);
        /// <summary>Closes the socket (normal closure).</summary>
        void Close(int id);
        /// <summary>The last error message.</summary>
        string LastError();
    }

    /// <summary>The bridge of the running platform: the jslib in a WebGL player, otherwise one that says it is unavailable.</summary>
    public static class WebSocketBridges
    {
        /// <summary>The platform's bridge.</summary>
        public static IWebSocketBridge Default()
        {
#if UNITY_WEBGL && !UNITY_EDITOR
            return new JslibWebSocketBridge();
#else
            return new UnavailableWebSocketBridge();
#endif
        }
    }

    /// <summary>Stands in for the jslib off the browser (use the TCP <c>SocketEngine</c> on desktop).</summary>
    public sealed class UnavailableWebSocketBridge : IWebSocketBridge
    {
        /// <inheritdoc />
        public int Open(string url, IWebSocketEvents events) { return -1; }
        /// <inheritdoc />
        public int Send(int id, string text) { return -1; }
        /// <inheritdoc />
        public int SendBinary(int id, byte[] data, int length) { return -1; }
        /// <inheritdoc />
        public int State(int id) { return 3; }
        /// <inheritdoc />
        public void Close(int id) { }
        /// <inheritdoc />
        public string LastError() { return "the browser WebSocket engine runs only in a WebGL player; on desktop use the TCP socket engine"; }
    }
}
