package collektive.server.transport

import collektive.protocol.ShmLayout
import java.io.File
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The server's shared-memory offsets against the header table of docs/protocol.md ("Shared memory"), the table
 * the C# front-end's `ShmLayout` is tested against too: both runtimes agree because both agree with the document.
 */
class ShmLayoutTest {
    private val doc = File(System.getProperty("collektive.docs.dir") ?: "../docs", "protocol.md").readText()

    private fun documentedOffsets(): Map<String, Int> {
        val section = doc.substringAfter("### Shared memory (JVM server)").substringBefore("\nRules:")
        val rows = section.lines().filter { it.startsWith("| ") && it.split('|')[1].trim().toIntOrNull() != null }
        return rows.associate { row ->
            val cells = row.split('|').map { it.trim() }
            cells[3] to cells[1].toInt()
        }
    }

    @Test
    fun `every header field sits at the offset docs-protocol documents`() {
        val documented = documentedOffsets()
        assertTrue(documented.size >= 15, "the header table was found: $documented")
        val expected = mapOf(
            "magic `0x4D534B43` (bytes `C K S M`)" to ShmLayout.MAGIC_AT,
            "layout version, `1`" to ShmLayout.VERSION_AT,
            "request slot offset (`256`)" to ShmLayout.REQUEST_OFFSET_AT,
            "request slot capacity = `maxMessageBytes`" to ShmLayout.REQUEST_CAPACITY_AT,
            "reply slot offset (request slot end rounded up to 64)" to ShmLayout.REPLY_OFFSET_AT,
            "reply slot capacity = `maxReplyBytes`" to ShmLayout.REPLY_CAPACITY_AT,
            "server process id" to ShmLayout.SERVER_PID_AT,
            "client process id (0 while none is attached)" to ShmLayout.CLIENT_PID_AT,
            "request sequence number" to ShmLayout.REQUEST_SEQ_AT,
            "request length in bytes" to ShmLayout.REQUEST_LENGTH_AT,
            "client waiting flag" to ShmLayout.CLIENT_WAITING_AT,
            "reply sequence number" to ShmLayout.REPLY_SEQ_AT,
            "reply length in bytes" to ShmLayout.REPLY_LENGTH_AT,
            "server waiting flag" to ShmLayout.SERVER_WAITING_AT,
            "request slot, then the reply slot" to ShmLayout.HEADER_BYTES,
        )
        assertEquals(expected, documented)
        assertTrue("magic `0x${ShmLayout.MAGIC.toString(16).uppercase()}`" in doc, "the documented magic is ShmLayout.MAGIC")
        assertTrue("layout version, `${ShmLayout.VERSION}`" in doc)
    }

    @Test
    fun `the client's fields and the server's never share a cache line`() {
        val client = listOf(ShmLayout.REQUEST_SEQ_AT, ShmLayout.REQUEST_LENGTH_AT, ShmLayout.CLIENT_WAITING_AT).map { it / 64 }.toSet()
        val server = listOf(ShmLayout.REPLY_SEQ_AT, ShmLayout.REPLY_LENGTH_AT, ShmLayout.SERVER_WAITING_AT).map { it / 64 }.toSet()
        assertTrue(client.intersect(server).isEmpty(), "client lines $client, server lines $server")
    }
}
