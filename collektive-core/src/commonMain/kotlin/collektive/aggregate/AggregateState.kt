package collektive.aggregate

import collektive.aggregate.impl.Path
import collektive.aggregate.impl.PathTable

/**
 * What a device keeps between rounds: one value per stateful operator call (`exchange`, `share`, `evolve`) of
 * its last round, keyed by alignment path. Opaque; pass the [AggregateResult.newState] of one round as the
 * previous state of the next. Calls not evaluated in a round lose their state.
 */
public class AggregateState internal constructor(internal val root: Path) {
    /** The state of a device that never ran. */
    public constructor() : this(Path.root())

    internal val table: PathTable = PathTable()

    /** Number of operator calls holding state. */
    public val entryCount: Int get() = table.size

    override fun toString(): String = "AggregateState(entries=$entryCount)"
}
