package collektive.server.bench

import collektive.engine.Scenarios
import collektive.protocol.ReplySink
import collektive.protocol.ServerOptions
import collektive.protocol.Session
import collektive.server.protocol.NewPosition
import collektive.server.protocol.Protocol
import collektive.server.protocol.Request
import collektive.server.protocol.Step

/**
 * Not a test: times the server's request path without sockets at N = 10 (parse, engine round, reply encoding),
 * to see where `step.service − step.compute` goes. Run with the test classpath:
 * `java -cp <classpath> collektive.server.bench.SessionMicroBenchKt`.
 */
fun main() {
    val sink = ReplySink { _, _, _ -> }
    val session = Session(Protocol.IDENTITY, ServerOptions(), collektive.server.connection.ServerBudgets(ServerOptions()), null, System::nanoTime) { println(it) }
    val xyz = Scenarios.referencePositions(10, 3.0)
    session.handle("""{"op":"createSim","data":{"nodeCount":10,"maxDistance":3.0}}""", sink)
    session.handle("""{"op":"setSource","data":{"nodeId":0}}""", sink)
    val positions = (0 until 10).map { Protocol.requestLine("newPosition", NewPosition.serializer(), NewPosition(it, xyz[3 * it], xyz[3 * it + 1], xyz[3 * it + 2])) }
    val step = Protocol.requestLine("step", Step.serializer(), Step(rid = 1, stepCount = 1))
    val binary = Protocol.requestLine("step", Step.serializer(), Step(rid = 1, stepCount = 1, encoding = "binary"))
    val engine = collektive.engine.AggregateEngine(10, 3.0).also { it.setSource(0, true); it.updatePositions(xyz) }
    fun time(name: String, reps: Int, body: () -> Unit) {
        repeat(reps) { body() }
        val samples = LongArray(reps)
        for (i in 0 until reps) {
            val t = System.nanoTime()
            body()
            samples[i] = System.nanoTime() - t
        }
        samples.sort()
        println("%-40s median %8.2f µs  p90 %8.2f µs".format(name, samples[reps / 2] / 1e3, samples[reps * 9 / 10] / 1e3))
    }
    repeat(3) {
        time("engine.step(1) alone", 20000) { engine.step(1) }
        time("engine.snapshot()", 20000) { engine.snapshot() }
        time("parse envelope of step line", 20000) { Protocol.json.decodeFromString(Request.serializer(), step) }
        time("handle newPosition", 20000) { session.handle(positions[3], sink) }
        time("handle step (json reply)", 20000) { session.handle(step, sink) }
        time("handle step (binary reply)", 20000) { session.handle(binary, sink) }
    }
}
