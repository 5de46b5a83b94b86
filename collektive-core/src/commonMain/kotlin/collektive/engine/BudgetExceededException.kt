package collektive.engine

/**
 * A request the engine refuses because it would exceed a resource budget set by its host (such as
 * [AggregateEngine.maxLinks]); the engine is left as it was before the refused round. A subclass of
 * [IllegalArgumentException], so hosts that report bad arguments report it too; hosts that distinguish budgets
 * catch it first.
 */
public class BudgetExceededException(message: String) : IllegalArgumentException(message)
