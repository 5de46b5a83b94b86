#if UNITY_WEBGL && !UNITY_EDITOR
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Collektive.Frontend.WebGL
{
    /// <summary>
    /// The <see cref="IWebSocketBridge"/> of a WebGL player: the exports of CollektiveWebSocket.jslib. JavaScript
    /// calls back into the static [MonoPInvokeCallback] methods below (through <c>makeDynCall</c>), which dispatch
    /// to the socket's <see cref="IWebSocketEvents"/> by id.
    /// </summary>
    public sealed class JslibWebSocketBridge : IWebSocketBridge
    {
        private delegate void OpenCallback(int id);
        private delegate void MessageCallback(int id, IntPtr data, int length, int isBinary);
        private delegate void CloseCallback(int id, int code, IntPtr reason);

        [DllImport("__Internal")] private static extern int CollektiveWs_Open(string url, OpenCallback onOpen, MessageCallback onMessage, CloseCallback onClose);
        [DllImport("__Internal")] private static extern int CollektiveWs_Send(int id, string text);
        [DllImport("__Internal")] private static extern int CollektiveWs_SendBinary(int id, byte[] data, int length);
        [DllImport("__Internal")] private static extern int CollektiveWs_State(int id);
        [DllImport("__Internal")] private static extern void CollektiveWs_Close(int id);
        [DllImport("__Internal")] private static extern string CollektiveWs_LastError();

        private static readonly Dictionary<int, IWebSocketEvents> Sockets = new Dictionary<int, IWebSocketEvents>();
        private static byte[] _scratch = new byte[4096];
        // Kept in static fields so the delegates handed to JavaScript are never collected.
        private static readonly OpenCallback OpenCb = OnOpen;
        private static readonly MessageCallback MessageCb = OnMessage;
        private static readonly CloseCallback CloseCb = OnClose;

        /// <inheritdoc />
        public int Open(string url, IWebSocketEvents events)
        {
            int id = CollektiveWs_Open(url, OpenCb, MessageCb, CloseCb);
            if (id > 0) Sockets[id] = events;
            return id;
        }

        /// <inheritdoc />
        public int Send(int id, string text) { return CollektiveWs_Send(id, text); }
        /// <inheritdoc />
        public int SendBinary(int id, byte[] data, int length) { return CollektiveWs_SendBinary(id, data, length); }
        /// <inheritdoc />
        public int State(int id) { return CollektiveWs_State(id); }
        /// <inheritdoc />
        public void Close(int id) { CollektiveWs_Close(id); }
        /// <inheritdoc />
        public string LastError() { return CollektiveWs_LastError(); }

        [MonoPInvokeCallback(typeof(OpenCallback))]
        private static void OnOpen(int id)
        {
            IWebSocketEvents e;
            if (Sockets.TryGetValue(id, out e)) e.OnOpen();
        }

        [MonoPInvokeCallback(typeof(MessageCallback))]
        private static void OnMessage(int id, IntPtr data, int length, int isBinary)
        {
            IWebSocketEvents e;
            if (!Sockets.TryGetValue(id, out e)) return;
            // The jslib frees `data` when this returns: copy it out now.
            if (_scratch.Length < length) _scratch = new byte[Math.Max(length, 2 * _scratch.Length)];
            if (length > 0) Marshal.Copy(data, _scratch, 0, length);
            if (isBinary != 0) e.OnBinary(_scratch, length);
            else e.OnText(System.Text.Encoding.UTF8.GetString(_scratch, 0, length));
        }

        [MonoPInvokeCallback(typeof(CloseCallback))]
        private static void OnClose(int id, int code, IntPtr reason)
        {
            IWebSocketEvents e;
            if (!Sockets.TryGetValue(id, out e)) return;
            Sockets.Remove(id);
            e.OnClose(code, Utf8z(reason));
        }

        private static string Utf8z(IntPtr p)
        {
            if (p == IntPtr.Zero) return "";
            int len = 0;
            while (Marshal.ReadByte(p, len) != 0) len++;
            var bytes = new byte[len];
            Marshal.Copy(p, bytes, 0, len);
            return System.Text.Encoding.UTF8.GetString(bytes);
        }
    }
}
#endif
