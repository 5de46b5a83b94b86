package collektive.server.timing

import org.junit.jupiter.api.Test
import java.nio.file.Files
import kotlin.concurrent.thread
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class TimingLogTest {
    @Test
    fun `every sample recorded from several threads is in the file after close`() {
        val file = Files.createTempFile("timing", ".csv")
        try {
            val log = TimingLog(file, listOf("step.service", "step.compute"), chunkSize = 100)
            val threads = (0 until 4).map { t ->
                thread {
                    repeat(2_537) { i -> log.record(t % 2, log.originNs + i, (t * 10_000 + i).toLong()) }
                }
            }
            threads.forEach { it.join() }
            log.close()
            log.record(0, 0, 0) // ignored after close
            log.close() // idempotent
            val lines = Files.readAllLines(file)
            assertEquals("t_ns,id,duration_ns", lines[0])
            assertEquals(4 * 2_537, lines.size - 1)
            val rows = lines.drop(1).map { it.split(',') }
            assertEquals(2 * 2_537, rows.count { it[1] == "step.service" })
            assertEquals(2 * 2_537, rows.count { it[1] == "step.compute" })
            assertEquals((0 until 4).flatMap { t -> (0 until 2_537).map { t * 10_000L + it } }.sorted(), rows.map { it[2].toLong() }.sorted())
            assertTrue(rows.all { it[0].toLong() in 0 until 2_537 })
        } finally {
            Files.deleteIfExists(file)
        }
    }
}
