using System;
using System.Collections.Generic;

namespace Collektive.Frontend.WebGL.Tests
{
    /// <summary>Plays CollektiveWebSocket.jslib off the browser: records what is sent, lets the test deliver events.</summary>
    internal sealed class FakeWebSocketBridge : IWebSocketBridge
    {
        public readonly List<string> Sent = new List<string>();
        public readonly List<byte[]> SentBinary = new List<byte[]>();
        public IWebSocketEvents Events;
        public string Url;
        public int State_ = 0;
        public bool Closed;

        public int Open(string url, IWebSocketEvents events) { Url = url; Events = events; return 7; }

        public int Send(int id, string text)
        {
            if (id != 7 || State_ != 1) return -1;
            Sent.Add(text);
            return 0;
        }

        public int SendBinary(int id, byte[] data, int length)
        {
            if (id != 7 || State_ != 1) return -1;
            var b = new byte[length];
            Array.Copy(data, b, length);
            SentBinary.Add(b);
            Sent.Add("<binary " + length + ">");
            return 0;
        }

        public int State(int id) { return State_; }
        public void Close(int id) { Closed = true; State_ = 3; }
        public string LastError() { return "socket not open"; }

        public void Open() { State_ = 1; Events.OnOpen(); }
    }
}
