package collektive.aggregate.impl

/** Marker for "no value at this path" in state and message lookups (values themselves may be null). */
internal object NoValue
