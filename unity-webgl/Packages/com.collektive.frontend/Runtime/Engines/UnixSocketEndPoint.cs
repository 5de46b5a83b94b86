using System;
using System.Net;
using System.Net.Sockets;
using System.Text;

namespace Collektive.Frontend.Engines
{
    /// <summary>
    /// The address of a Unix domain socket, for <see cref="Socket.Connect(EndPoint)"/> on an
    /// <see cref="AddressFamily.Unix"/> socket. Mono 6.8's class library has no <c>UnixDomainSocketEndPoint</c> and
    /// Unity does not reference Mono.Posix (whose <c>Mono.Unix.UnixEndPoint</c> this mirrors), so the package carries
    /// its own: a <c>sockaddr_un</c> is the family followed by the NUL-terminated path (docs/protocol.md, "Transports").
    /// </summary>
    public sealed class UnixSocketEndPoint : EndPoint
    {
        /// <summary>Longest path a <c>sockaddr_un</c> holds on Linux (108 bytes with the terminating NUL).</summary>
        public const int MaxPathBytes = 107;

        /// <summary>The socket file's path.</summary>
        public string Path { get; private set; }

        /// <summary>An endpoint for <paramref name="path"/>; throws <see cref="ArgumentException"/> when it does not fit a <c>sockaddr_un</c>.</summary>
        public UnixSocketEndPoint(string path)
        {
            if (string.IsNullOrEmpty(path)) throw new ArgumentException("a Unix socket needs a path");
            if (Encoding.UTF8.GetByteCount(path) > MaxPathBytes)
                throw new ArgumentException("Unix socket path longer than " + MaxPathBytes + " bytes: " + path);
            Path = path;
        }

        /// <inheritdoc />
        public override AddressFamily AddressFamily { get { return AddressFamily.Unix; } }

        /// <inheritdoc />
        public override SocketAddress Serialize()
        {
            var bytes = Encoding.UTF8.GetBytes(Path);
            var address = new SocketAddress(AddressFamily.Unix, 2 + bytes.Length + 1);
            for (int i = 0; i < bytes.Length; i++) address[2 + i] = bytes[i];
            address[2 + bytes.Length] = 0;
            return address;
        }

        /// <inheritdoc />
        public override EndPoint Create(SocketAddress socketAddress)
        {
            int n = 0;
            while (2 + n < socketAddress.Size && socketAddress[2 + n] != 0) n++;
            var bytes = new byte[n];
            for (int i = 0; i < n; i++) bytes[i] = socketAddress[2 + i];
            return n == 0 ? (EndPoint)new UnnamedUnixEndPoint() : new UnixSocketEndPoint(Encoding.UTF8.GetString(bytes));
        }

        /// <inheritdoc />
        public override string ToString() { return "unix:" + Path; }

        /// <summary>
        /// Opens a stream socket connected to <paramref name="path"/>; throws <see cref="EngineException"/> naming the
        /// path when nothing listens there.
        /// </summary>
        public static Socket Connect(string path)
        {
            var endPoint = new UnixSocketEndPoint(path);
            var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            try { socket.Connect(endPoint); }
            catch (SocketException e)
            {
                socket.Close();
                throw new EngineException("cannot connect to the Unix socket " + path + ": " + e.Message + " (is the server running with --transport uds/shm --path?)", e);
            }
            return socket;
        }

        // The peer of a connecting client has no path (an unnamed socket).
        private sealed class UnnamedUnixEndPoint : EndPoint
        {
            public override AddressFamily AddressFamily { get { return AddressFamily.Unix; } }
            public override SocketAddress Serialize() { return new SocketAddress(AddressFamily.Unix, 2); }
            public override EndPoint Create(SocketAddress socketAddress) { return this; }
            public override string ToString() { return "unix:(unnamed)"; }
        }
    }
}
