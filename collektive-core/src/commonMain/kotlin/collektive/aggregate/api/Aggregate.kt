package collektive.aggregate.api

/**
 * The aggregate context of one device in one round: what an aggregate program (a function with this receiver)
 * uses to read its identity, keep state and share values with its neighbours.
 *
 * Every operator call ([neighboring], [exchange], [share], [evolve], [alignedOn]) gets an alignment path: the
 * stack of (pivot or operator, invocation index) frames that led to it. A device sees a neighbour's value only
 * where both evaluated the same operator at the same path, so values from neighbours that took another branch
 * (a different [alignedOn] pivot) are invisible. Branch with [alignedOn]: there is no compiler plugin aligning
 * `if` branches automatically.
 */
public interface Aggregate<ID : Any> {
    /** The id of the device running this round. */
    public val localId: ID

    /**
     * Shares [local] with the neighbours and returns the field of what the aligned neighbours shared at this
     * point of the program (their latest value), with [local] as the local value.
     */
    public fun <T> neighboring(local: T): Field<ID, T>

    /**
     * Field exchange: [body] receives a field whose local value is this device's previous local result here
     * ([initial] in the first round) and whose neighbour values are what each aligned neighbour last sent to this
     * device; it returns the field to send, one value per neighbour (neighbours absent from it get its local
     * value). The returned field's local value becomes the state for the next round.
     */
    public fun <T> exchange(initial: T, body: (Field<ID, T>) -> Field<ID, T>): Field<ID, T>

    /**
     * Like [exchange], but [body] returns a single value that is both kept (the next round's local value) and
     * sent to every neighbour. The field passed to [body] holds the previous local value and the neighbours'
     * latest shared values.
     */
    public fun <T> share(initial: T, body: (Field<ID, T>) -> T): T

    /** Local state across rounds: [body] maps the previous value ([initial] in the first round) to the next. */
    public fun <T> evolve(initial: T, body: (T) -> T): T

    /**
     * Evaluates [body] under an alignment frame for [pivot]: operator calls inside it align only with devices
     * that evaluated them under an equal pivot at the same place of the program.
     */
    public fun <R> alignedOn(pivot: Any?, body: () -> R): R

    /**
     * A field over the whole current neighbourhood (every neighbour the network reports, aligned or not), in the
     * order of the round's inbound table: [local] for this device and [sensor] of (position in the table, id) for
     * each neighbour. For per-link sensors such as distances, which the host knows without messages.
     */
    public fun <T> neighborhoodField(local: T, sensor: (index: Int, id: ID) -> T): Field<ID, T>

    /**
     * Like the sensor form of [neighborhoodField], for doubles already in an array: the neighbour at position k
     * of the round's inbound table gets `values[offset + k]`. The field is a view (no copy, no boxing): [values]
     * must not change while the field is in use.
     */
    public fun neighborhoodField(local: Double, values: DoubleArray, offset: Int): Field<ID, Double>
}
