package collektive.server.connection

import collektive.protocol.ServerOptions
import collektive.protocol.TimingIds
import collektive.server.Client
import collektive.server.ReferenceScenario
import collektive.server.TestServer
import collektive.server.awaitTrue
import collektive.server.protocol.ErrorReply
import collektive.server.protocol.Protocol
import org.junit.jupiter.api.Test
import java.lang.management.ManagementFactory
import java.net.Socket
import java.util.concurrent.atomic.AtomicLong
import kotlin.concurrent.thread
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The budgets of docs/protocol.md on a real server over loopback: each refusal is an error reply naming it. */
class BudgetsTest {
    private fun options(): ServerOptions = ServerOptions(port = 0, warmupRounds = 0, quiet = true)

    private fun error(line: String?): ErrorReply = Protocol.decodeErrorReply(checkNotNull(line) { "no reply (EOF)" })

    private fun createSim(n: Int, d: Double = 3.0) = """{"op":"createSim","data":{"nodeCount":$n,"maxDistance":$d}}"""

    private fun lineXyz(n: Int) = (0 until n).joinToString(",", "[", "]") { "${2.0 * it},0.0,0.0" }

    @Test
    fun `past maxConnections a connection gets an error reply and is closed, without a thread`() {
        TestServer(options().copy(maxConnections = 5)).use { server ->
            val kept = List(5) { server.connect() }
            kept.forEach { assertEquals("""{"op":"echo"}""", it.request("""{"op":"echo"}""")) }
            val threads = ManagementFactory.getThreadMXBean()
            val before = threads.threadCount
            repeat(200) {
                server.connect().use { extra ->
                    val refused = error(extra.readLine())
                    assertEquals("maxConnections", refused.limit)
                    assertNull(refused.op)
                    assertNull(extra.readLine(), "closed after the error")
                }
            }
            assertTrue(threads.threadCount <= before + 2, "threads ${threads.threadCount} vs $before before 200 refused connections")
            assertEquals(5, server.server.connectionCount)
            kept[0].close()
            assertTrue(awaitTrue(3000) { server.server.connectionCount == 4 })
            server.connect().use { assertEquals("""{"op":"echo"}""", it.request("""{"op":"echo"}""")) }
            kept.drop(1).forEach { it.close() }
        }
    }

    @Test
    fun `an idle connection and a slowloris are closed after idleTimeoutMs, an active one stays`() {
        TestServer(options().copy(idleTimeoutMs = 400)).use { server ->
            server.connect().use { idle ->
                server.connect().use { slow ->
                    server.connect().use { active ->
                        val slowWriter = thread {
                            try {
                                repeat(30) {
                                    slow.output.write(' '.code)
                                    slow.output.flush()
                                    Thread.sleep(100)
                                }
                            } catch (_: Exception) {
                                // closed by the server
                            }
                        }
                        val start = System.nanoTime()
                        repeat(12) {
                            assertEquals("""{"op":"echo"}""", active.request("""{"op":"echo"}"""))
                            Thread.sleep(100)
                        }
                        assertEquals("""{"op":"echo"}""", active.request("""{"op":"echo"}"""), "the active client is still served")
                        val idleError = error(idle.readLine())
                        assertEquals("idleTimeoutMs", idleError.limit)
                        assertNull(idle.readLine())
                        assertEquals("idleTimeoutMs", error(slow.readLine()).limit, "a line that never completes is idle too")
                        assertNull(slow.readLine())
                        slowWriter.join(5000)
                        assertTrue((System.nanoTime() - start) / 1_000_000 < 4000)
                    }
                }
            }
        }
    }

    @Test
    fun `a request that runs longer than idleTimeoutMs does not make its connection idle`() {
        TestServer(options().copy(idleTimeoutMs = 500, stepTimeBudgetMs = 1000)).use { server ->
            server.connect().use { client ->
                client.send(createSim(2000), """{"op":"positions","data":{"xyz":${lineXyz(2000)}}}""")
                assertEquals("stepTimeBudgetMs", error(client.request("""{"op":"step","data":{"rid":1,"stepCount":100000}}""")).limit)
                Thread.sleep(250) // past the first read timeout (200 ms), within idleTimeoutMs of the reply
                assertEquals("""{"op":"echo"}""", client.request("""{"op":"echo"}"""), "idle counts from the end of the long request")
            }
        }
    }

    @Test
    fun `sessions and devices are bounded per server, a replacing createSim counts only the new simulation`() {
        TestServer(options().copy(maxSessions = 2, maxDevices = 1000)).use { server ->
            server.connect().use { a ->
                server.connect().use { b ->
                    server.connect().use { c ->
                        a.send(createSim(400), ReferenceScenario.SET_SOURCE_0)
                        b.send(createSim(400), ReferenceScenario.SET_SOURCE_0)
                        assertEquals(400, Protocol.decodeStepReply(b.request(ReferenceScenario.step(1))).values.size)
                        assertEquals("maxSessions", error(c.request(createSim(10))).limit)
                        a.send(createSim(600)) // 600 + 400 = 1000: fits, a's 400 are given back
                        assertEquals(600, Protocol.decodeStepReply(a.request(ReferenceScenario.step(2))).values.size)
                        val refused = error(b.request(createSim(500)))
                        assertEquals("maxDevices", refused.limit)
                        assertEquals("createSim", refused.op)
                        assertEquals(400, Protocol.decodeStepReply(b.request(ReferenceScenario.step(3))).values.size, "b keeps its simulation")
                        a.close()
                        assertTrue(awaitTrue(3000) { server.server.deviceCount == 400L && server.server.sessionCount == 1 })
                        c.send(createSim(600))
                        assertEquals(600, Protocol.decodeStepReply(c.request(ReferenceScenario.step(4))).values.size)
                    }
                }
            }
        }
    }

    @Test
    fun `default budgets, six connections asking 100000 devices each get four simulations and two refusals`() {
        TestServer(options()).use { server ->
            val clients = List(6) { server.connect() }
            try {
                val replies = clients.map { it.request(createSim(100_000) + "\n" + """{"op":"hello"}""") }
                val refused = replies.filter { it.startsWith("{\"error\"") }
                assertEquals(2, refused.size, replies.joinToString("\n") { it.take(200) })
                refused.forEach { assertEquals("maxDevices", error(it).limit) }
                assertEquals(400_000L, server.server.deviceCount)
            } finally {
                clients.forEach { it.close() }
            }
        }
    }

    @Test
    fun `an all-pairs step of 5000 devices gets a maxLinks error fast, other clients are not stalled`() {
        TestServer(options()).use { server ->
            server.connect().use { dense ->
                server.connect().use { other ->
                    val worst = AtomicLong()
                    val running = java.util.concurrent.atomic.AtomicBoolean(true)
                    val pinger = thread {
                        while (running.get()) {
                            val t = System.nanoTime()
                            other.request("""{"op":"echo"}""")
                            worst.accumulateAndGet(System.nanoTime() - t, ::maxOf)
                            Thread.sleep(5)
                        }
                    }
                    dense.send(createSim(5000), ReferenceScenario.SET_SOURCE_0)
                    val t = System.nanoTime()
                    val refused = error(dense.request("""{"op":"step","data":{"rid":9}}"""))
                    val ms = (System.nanoTime() - t) / 1_000_000
                    running.set(false)
                    pinger.join(5000)
                    assertEquals("maxLinks", refused.limit)
                    assertEquals(9L, refused.rid)
                    assertTrue(ms < 3000, "refused after $ms ms")
                    assertTrue(worst.get() / 1_000_000 < 1000, "another client's echo took ${worst.get() / 1_000_000} ms")
                    println("all-pairs 5000: maxLinks error after $ms ms, worst echo of another client ${worst.get() / 1000} µs")
                    dense.send("""{"op":"positions","data":{"xyz":${lineXyz(5000)}}}""")
                    assertEquals(5000, Protocol.decodeStepReply(dense.request(ReferenceScenario.step(10))).values.size, "spread out, it steps")
                }
            }
        }
    }

    @Test
    fun `a reply over maxReplyBytes is an error, JSON and binary alike`() {
        TestServer(options().copy(maxReplyBytes = 2048)).use { server ->
            server.connect().use { client ->
                client.send(createSim(200), """{"op":"positions","data":{"xyz":${lineXyz(200)}}}""")
                val json = error(client.request("""{"op":"step","data":{"rid":1}}"""))
                assertEquals("maxReplyBytes", json.limit)
                assertEquals(1L, json.rid)
                assertEquals("maxReplyBytes", error(client.request("""{"op":"step","data":{"rid":2,"encoding":"binary"}}""")).limit)
                client.send(createSim(20))
                assertEquals(20, Protocol.decodeStepReply(client.request(ReferenceScenario.step(3))).values.size)
            }
        }
    }

    @Test
    fun `refused steps leave no timing rows, answered ones one step-service and one step-compute row each`() {
        val csv = java.nio.file.Files.createTempFile("budgets", ".csv")
        try {
            val timing = collektive.server.timing.TimingLog(csv, TimingIds.NAMES)
            val server = collektive.server.GradientServer(options().copy(maxReplyBytes = 2048, stepTimeBudgetMs = 50), timing) {}
            val port = server.start()
            Client(Socket("127.0.0.1", port)).use { client ->
                client.send(createSim(200), """{"op":"positions","data":{"xyz":${lineXyz(200)}}}""")
                assertEquals("maxReplyBytes", error(client.request("""{"op":"step","data":{"rid":1}}""")).limit)
                assertEquals("stepTimeBudgetMs", error(client.request("""{"op":"step","data":{"rid":2,"stepCount":100000}}""")).limit)
                client.send(createSim(20))
                assertEquals(3L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(3))).rid)
                assertEquals(4L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(4))).rid)
            }
            server.close()
            timing.close()
            val ids = java.nio.file.Files.readAllLines(csv).drop(1).map { it.split(',')[1] }
            assertEquals(listOf("step.compute", "step.service", "step.compute", "step.service"), ids)
        } finally {
            java.nio.file.Files.deleteIfExists(csv)
        }
    }

    @Test
    fun `an echo answered writes one echo-service row, timed like a step (the server's own floor)`() {
        val csv = java.nio.file.Files.createTempFile("echo", ".csv")
        try {
            val timing = collektive.server.timing.TimingLog(csv, TimingIds.NAMES)
            val server = collektive.server.GradientServer(options(), timing) {}
            val port = server.start()
            Client(Socket("127.0.0.1", port)).use { client ->
                client.send(createSim(20))
                assertEquals(3L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(3))).rid)
                assertEquals("""{"op":"echo","data":{"k":1}}""", client.request("""{"op":"echo","data":{"k":1}}"""))
                assertEquals("""{"op":"echo"}""", client.request("""{"op":"echo"}"""))
            }
            server.close()
            timing.close()
            val rows = java.nio.file.Files.readAllLines(csv).drop(1).map { it.split(',') }
            assertEquals(listOf("step.compute", "step.service", "echo.service", "echo.service"), rows.map { it[1] })
            for (r in rows) assertTrue(r[2].toLong() in 1 until 1_000_000_000L, "a duration in ns: $r")
        } finally {
            java.nio.file.Files.deleteIfExists(csv)
        }
    }

    @Test
    fun `a step over stepTimeBudgetMs stops at a round boundary with an error, the connection goes on`() {
        TestServer(options().copy(stepTimeBudgetMs = 100)).use { server ->
            server.connect().use { client ->
                client.send(createSim(2000), """{"op":"positions","data":{"xyz":${lineXyz(2000)}}}""")
                val t = System.nanoTime()
                val stopped = error(client.request("""{"op":"step","data":{"rid":5,"stepCount":100000}}"""))
                val ms = (System.nanoTime() - t) / 1_000_000
                assertEquals("stepTimeBudgetMs", stopped.limit)
                assertEquals(5L, stopped.rid)
                assertTrue(Regex("stopped after \\d+ of 100000 rounds").containsMatchIn(stopped.error), stopped.error)
                assertTrue(ms < 2000, "stopped after $ms ms")
                assertEquals(6L, Protocol.decodeStepReply(client.request(ReferenceScenario.step(6))).rid)
            }
        }
    }

    @Test
    fun `partly received input is bounded over the server, the connection going over is closed`() {
        TestServer(options().copy(maxBufferedInputBytes = 100_000, maxMessageBytes = 90_000)).use { server ->
            server.connect().use { a ->
                server.connect().use { b ->
                    val prefix = """{"op":"echo","data":{"pad":""""
                    val padA = "a".repeat(70_000)
                    a.output.write((prefix + padA).toByteArray())
                    a.output.flush()
                    Thread.sleep(300)
                    b.output.write((prefix + "b".repeat(50_000)).toByteArray())
                    b.output.flush()
                    val refused = error(b.readLine())
                    assertEquals("maxBufferedInputBytes", refused.limit)
                    assertNull(b.readLine(), "closed")
                    a.output.write("\"}}\n".toByteArray())
                    a.output.flush()
                    assertEquals(prefix + padA + "\"}}", a.readLine(), "the first connection completes its line")
                }
            }
        }
    }

    @Test
    fun `a peer that sends steps and never reads is back-pressured, then closed, others are served`() {
        TestServer(options().copy(idleTimeoutMs = 1500)).use { server ->
            val stuck = Socket("127.0.0.1", server.port)
            stuck.receiveBufferSize = 4096
            val sender = thread {
                try {
                    val out = stuck.getOutputStream()
                    out.write((createSim(1000) + "\n" + """{"op":"positions","data":{"xyz":${lineXyz(1000)}}}""" + "\n").toByteArray())
                    val step = (ReferenceScenario.step(1) + "\n").toByteArray()
                    repeat(5000) { out.write(step) }
                } catch (_: Exception) {
                    // the server stopped reading, then closed the connection
                }
            }
            server.connect().use { other ->
                repeat(20) { assertEquals("""{"op":"echo"}""", other.request("""{"op":"echo"}""")) }
            }
            assertTrue(server.awaitLog(10_000) { log -> log.any { it.contains("took no reply bytes") } }, server.logText())
            sender.join(10_000)
            assertTrue(!sender.isAlive, "the sender is released once the server closes the stuck connection")
            assertTrue(awaitTrue(3000) { server.server.connectionCount == 0 && server.server.deviceCount == 0L })
            stuck.close()
        }
    }
}

private fun Client.request(vararg lines: String): String {
    send(*lines)
    return checkNotNull(readLine())
}
