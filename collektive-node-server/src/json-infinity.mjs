// JSON with bare non-finite numbers, as the reference server writes them (kotlinx-serialization with
// allowSpecialFloatingPointValues): `Infinity`, `-Infinity`, `NaN`.
//
// JSON.stringify turns non-finite numbers into `null`, and no maintained, fast serializer in our dependency set
// writes them bare (JSON5 writes them, but its pure-JS stringify is an order of magnitude slower on the hot path).
// Rather than hand-writing a serializer, we keep the platform's JSON.stringify (escaping and shortest round-trip
// number formatting stay correct) and swap non-finite numbers for placeholder strings, then replace the quoted
// placeholders with the bare tokens. The placeholders contain NUL characters; only use this on documents whose
// strings are fixed keys (the step response: rid is validated as a number), so nothing else can spell them.
const POS = '\u0000+Inf\u0000';
const NEG = '\u0000-Inf\u0000';
const NAN = '\u0000NaN\u0000';
// The quoted placeholder as it appears in JSON.stringify output.
const QUOTED = new Map([[JSON.stringify(POS), 'Infinity'], [JSON.stringify(NEG), '-Infinity'], [JSON.stringify(NAN), 'NaN']]);

/** Maps a number to itself when finite, else to its placeholder string (use when building the value to encode). */
export function specialNumber(v) {
  if (Number.isFinite(v)) return v;
  if (Number.isNaN(v)) return NAN;
  return v > 0 ? POS : NEG;
}

/** JSON.stringify, then the placeholders of [specialNumber] become bare `Infinity` / `-Infinity` / `NaN`. */
export function stringifyWithSpecials(value) {
  const text = JSON.stringify(value);
  if (!text.includes('\\u0000')) return text;
  let out = text;
  for (const [quoted, bare] of QUOTED) out = out.replaceAll(quoted, bare);
  return out;
}

/**
 * Parses JSON that may contain bare `Infinity`, `-Infinity` (as the reference server writes them). `1e999` is a
 * valid JSON number that every IEEE-754 parser reads as +Infinity, so the bare tokens are rewritten into it before
 * the platform's JSON.parse. Only safe for documents whose strings cannot contain the word `Infinity` (the step
 * response: its only strings are the fixed keys).
 */
export function parseWithInfinity(text) {
  return JSON.parse(text.includes('Infinity') ? text.replaceAll('Infinity', '1e999') : text);
}
