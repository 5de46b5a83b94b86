package collektive.aggregate.impl

/** Tokens of the operator frames in a [Path]; user pivots of `alignedOn` can never be equal to these. */
internal enum class Operator { NEIGHBORING, EXCHANGE, SHARE, EVOLVE, NEIGHBORHOOD }
