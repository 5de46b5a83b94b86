package collektive.protocol

/**
 * Byte offsets of the shared-memory file (docs/protocol.md, "Shared memory"), the same for both servers that serve it
 * (the JVM server and the Kotlin/Native one); the C# front-end's `ShmLayout` holds the same numbers and both test them
 * against that table. Little-endian. Fields written by the client and fields
 * written by the server sit on different 64-byte cache lines, so a side spinning on the other's sequence number
 * does not share a line with its own writes.
 */
public object ShmLayout {
    /** int32: [MAGIC]. Server. */
    public const val MAGIC_AT: Int = 0

    /** int32: [VERSION]. Server. */
    public const val VERSION_AT: Int = 4

    /** int32: byte offset of the request slot. Server. */
    public const val REQUEST_OFFSET_AT: Int = 8

    /** int32: bytes the request slot holds (the server's `maxMessageBytes`). Server. */
    public const val REQUEST_CAPACITY_AT: Int = 12

    /** int32: byte offset of the reply slot. Server. */
    public const val REPLY_OFFSET_AT: Int = 16

    /** int32: bytes the reply slot holds (the server's `maxReplyBytes`). Server. */
    public const val REPLY_CAPACITY_AT: Int = 20

    /** int64: the server's process id (diagnostics). Server. */
    public const val SERVER_PID_AT: Int = 24

    /** int64: the client's process id (diagnostics), 0 while no client is attached. Client. */
    public const val CLIENT_PID_AT: Int = 32

    /** int64: sequence number of the last request published (1, 2, ...). Client, written last (release). */
    public const val REQUEST_SEQ_AT: Int = 64

    /** int32: bytes of the request in the request slot. Client, before [REQUEST_SEQ_AT]. */
    public const val REQUEST_LENGTH_AT: Int = 72

    /** int32: 1 while the client is (about to be) blocked on the wake-up socket waiting for a reply. Client. */
    public const val CLIENT_WAITING_AT: Int = 96

    /** int64: sequence number of the request last answered. Server, written last (release). */
    public const val REPLY_SEQ_AT: Int = 128

    /** int32: bytes of the replies in the reply slot (0 when the request had none). Server, before [REPLY_SEQ_AT]. */
    public const val REPLY_LENGTH_AT: Int = 136

    /** int32: 1 while the server is (about to be) blocked on the wake-up socket waiting for a request. Server. */
    public const val SERVER_WAITING_AT: Int = 160

    /** Where the request slot starts; the reply slot follows it, 64-byte aligned. */
    public const val HEADER_BYTES: Int = 256

    /** "CKSM" read as a little-endian int32 (bytes `C K S M`). */
    public const val MAGIC: Int = 0x4D534B43

    /** Layout version; a client refuses any other. */
    public const val VERSION: Int = 1

    /** First byte the server writes on the wake-up socket to a client it serves. */
    public const val READY: Int = 'R'.code

    /** First byte the server writes to a client it refuses (then one JSON error line, then it closes). */
    public const val REFUSED: Int = 'E'.code

    /** Where the reply slot starts for a request slot of [requestCapacity] bytes (64-byte aligned). */
    public fun replyOffsetOf(requestCapacity: Int): Int = HEADER_BYTES + ((requestCapacity + 63) and 63.inv())

    /** The file's size for these slots (a Long: both slots may pass 2 GiB). */
    public fun fileBytes(requestCapacity: Int, replyCapacity: Int): Long = replyOffsetOf(requestCapacity).toLong() + replyCapacity

    /** The wake-up socket of the shared-memory file at [file]. */
    public fun wakeSocketOf(file: String): String = "$file.sock"
}
