package collektive.server

import java.io.BufferedReader
import java.io.File
import java.io.InputStreamReader
import java.net.Socket
import java.nio.file.Files
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The server as a real process: listening line, CSV complete after SIGTERM. */
class ShutdownTest {
    private val stderrFile: File = Files.createTempFile("jvm-server", ".err").toFile()

    @AfterEach
    fun cleanUp() {
        stderrFile.delete()
    }

    /**
     * Starts the server as its own JVM: the shaded jar when it is at least as new as the compiled classes (the
     * `jvm-server` suite builds it first), else the main class on the test classpath. stderr goes to [stderrFile].
     */
    private fun spawn(vararg args: String): Process = spawnWith(emptyList(), *args)

    private fun spawnWith(jvmArgs: List<String>, vararg args: String): Process {
        val java = File(System.getProperty("java.home"), "bin/java").path
        val jar = File("target/collektive-jvm-server.jar")
        val newestClass = File("target/classes").walk().filter { it.isFile }.maxOfOrNull { it.lastModified() } ?: Long.MAX_VALUE
        val launch = if (jar.isFile && jar.lastModified() >= newestClass) {
            listOf("-jar", jar.path)
        } else {
            listOf("-cp", System.getProperty("java.class.path"), "collektive.server.MainKt")
        }
        println("ShutdownTest runs: java ${launch.joinToString(" ").take(120)}")
        return ProcessBuilder(listOf(java) + jvmArgs + launch + args).redirectError(stderrFile).start()
    }

    private fun stderr(): String = stderrFile.readText()

    private fun listeningPort(process: Process): Int {
        val stdout = BufferedReader(InputStreamReader(process.inputStream))
        val line = checkNotNull(stdout.readLine()) { "server exited: " + stderr() }
        assertTrue(line.contains("listening"), line)
        return line.substringAfterLast(':').trim().toInt()
    }

    @Test
    fun `SIGTERM completes the timing CSV with one service and one compute row per step`() {
        val csv = Files.createTempFile("jvm-server", ".csv")
        val process = spawn("--port", "0", "--csv", csv.toString(), "--warmup", "100", "--quiet")
        try {
            val port = listeningPort(process)
            val steps = 5000 // more than one chunk of the log
            Socket("127.0.0.1", port).use { socket ->
                socket.tcpNoDelay = true
                val out = socket.getOutputStream()
                val input = BufferedReader(InputStreamReader(socket.getInputStream()))
                out.write((ReferenceScenario.CREATE + "\n" + ReferenceScenario.SET_SOURCE_0 + "\n").toByteArray())
                val frame = ReferenceScenario.frame().joinToString("") { "$it\n" }
                for (round in 1..steps) {
                    out.write((frame + ReferenceScenario.step(round.toLong()) + "\n").toByteArray())
                    out.flush()
                    assertTrue(input.readLine().startsWith("""{"rid":$round,"""))
                }
                process.toHandle().destroy() // SIGTERM (Process.destroy would also close our pipes), client still connected
                assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the server stops on SIGTERM")
            }
            assertTrue(stderr().contains("stopped"), stderr())
            val lines = Files.readAllLines(csv)
            assertEquals("t_ns,id,duration_ns", lines.first())
            val rows = lines.drop(1).map { it.split(',') }
            assertTrue(rows.all { it.size == 3 && it[0].toLong() >= 0 && it[2].toLong() >= 0 }, "well-formed rows")
            val service = rows.filter { it[1] == "step.service" }
            val compute = rows.filter { it[1] == "step.compute" }
            assertEquals(steps, service.size)
            assertEquals(steps, compute.size)
            assertEquals(2 * steps, rows.size)
            val byStart = { r: List<String> -> r[0].toLong() }
            service.sortedBy(byStart).zip(compute.sortedBy(byStart)).forEach { (s, c) ->
                assertTrue(s[2].toLong() >= c[2].toLong(), "service $s covers compute $c")
                assertTrue(c[0].toLong() >= s[0].toLong(), "compute starts inside service")
            }
        } finally {
            process.destroyForcibly()
            Files.deleteIfExists(csv)
        }
    }

    @Test
    fun `a port in use and bad options exit with a message`() {
        java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()).use { taken ->
            val busy = spawn("--port", taken.localPort.toString(), "--warmup", "0")
            assertTrue(busy.waitFor(20, TimeUnit.SECONDS))
            assertEquals(1, busy.exitValue())
            assertTrue(stderr().contains("cannot listen"))
        }
        val bad = spawn("--port", "http")
        assertTrue(bad.waitFor(20, TimeUnit.SECONDS))
        assertEquals(2, bad.exitValue())
        assertTrue(stderr().contains("--port must be an integer"))
    }

    @Test
    fun `SIGTERM under load from 8 pipelining clients gives one step-service row per reply delivered, 3 runs`() {
        repeat(3) { run ->
            val csv = Files.createTempFile("jvm-server-load", ".csv")
            val process = spawn("--port", "0", "--csv", csv.toString(), "--warmup", "0", "--quiet")
            try {
                val port = listeningPort(process)
                val received = java.util.concurrent.atomic.AtomicInteger()
                val clients = List(8) { c ->
                    val socket = Socket("127.0.0.1", port).apply { tcpNoDelay = true; soTimeout = 20_000 }
                    val writer = kotlin.concurrent.thread {
                        try {
                            val out = socket.getOutputStream()
                            out.write((ReferenceScenario.CREATE + "\n" + ReferenceScenario.SET_SOURCE_0 + "\n").toByteArray())
                            var rid = 0L
                            while (true) {
                                out.write((ReferenceScenario.step(++rid) + "\n").toByteArray())
                                if (rid % 16 == 0L) { out.flush(); Thread.sleep(1) }
                            }
                        } catch (_: Exception) {
                            // the server stopped
                        }
                    }
                    val reader = kotlin.concurrent.thread {
                        try {
                            val input = BufferedReader(InputStreamReader(socket.getInputStream()))
                            while (true) {
                                val line = input.readLine() ?: break
                                assertTrue(line.startsWith("{\"rid\":"), "client $c: $line")
                                received.incrementAndGet()
                            }
                        } catch (_: java.io.IOException) {
                            // reset
                        }
                    }
                    Triple(socket, writer, reader)
                }
                Thread.sleep(400L + 150L * run)
                // A cold server JVM on a loaded machine may not have answered yet: wait (up to 20 s) until the load
                // is established, so the SIGTERM always lands mid-stream.
                val loaded = System.nanoTime() + 20_000_000_000L
                while (received.get() <= 100 && System.nanoTime() < loaded) Thread.sleep(20)
                process.toHandle().destroy() // SIGTERM while every client is mid-stream
                assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the server stops on SIGTERM")
                clients.forEach { (socket, writer, reader) -> reader.join(10_000); socket.close(); writer.join(5_000) }
                val rows = Files.readAllLines(csv).drop(1).map { it.split(',') }
                val service = rows.count { it[1] == "step.service" }
                println("SIGTERM run ${run + 1}: ${received.get()} replies received, $service step.service rows, exit ${process.exitValue()}")
                assertTrue(received.get() > 100, "load before the SIGTERM: ${received.get()} replies")
                assertEquals(received.get(), service, "run ${run + 1}: one step.service row per reply delivered")
                assertEquals(143, process.exitValue())
            } finally {
                process.destroyForcibly()
                Files.deleteIfExists(csv)
            }
        }
    }

    @Test
    fun `an out-of-memory error exits with a non-zero code, never 0`() {
        // Budgets raised past a 64 MiB heap so one createSim runs out of memory in its connection thread.
        val process = spawnWith(listOf("-Xmx64m"), "--port", "0", "--warmup", "0", "--max-nodes", "1000000", "--max-devices", "100000000")
        try {
            val port = listeningPort(process)
            Socket("127.0.0.1", port).use { socket ->
                socket.getOutputStream().write("""{"op":"createSim","data":{"nodeCount":1000000,"maxDistance":3.0}}""".plus("\n").toByteArray())
                socket.getOutputStream().flush()
                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the server exits on OutOfMemoryError")
            }
            assertEquals(EXIT_FATAL, process.exitValue(), stderr())
            assertTrue(stderr().contains("OutOfMemoryError"), stderr())
        } finally {
            process.destroyForcibly()
        }
    }
}
