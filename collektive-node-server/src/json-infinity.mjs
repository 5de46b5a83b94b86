// Reading JSON with bare non-finite numbers, as both servers write the step reply (docs/protocol.md): `Infinity`.
// The writing side is src/engine-worker.mjs (stepJson).

/**
 * Parses JSON that may contain bare `Infinity`, `-Infinity`. `1e999` is a valid JSON number that every IEEE-754
 * parser reads as +Infinity, so the bare tokens are rewritten into it before the platform's JSON.parse. Only safe
 * for documents whose strings cannot contain the word `Infinity` (the step reply: its only strings are fixed keys).
 */
export function parseWithInfinity(text) {
  return JSON.parse(text.includes('Infinity') ? text.replaceAll('Infinity', '1e999') : text);
}
