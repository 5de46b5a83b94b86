#!/usr/bin/env python3
"""Independent implementation of the invocation-level interval (docs/measurements.md, "Intervals"), Python
standard library only, written from the document, not from the JavaScript.

Reads JSON on stdin: {"cases": [{"kind": "path", "invocations": [[...], ...], "statistic": "median"|"p95"|"p99",
"salt": 1} | {"kind": "ratio", "num": {...}, "den": {...}, "statistic": ...}], "seed": 1, "resamples": B,
"inner": C, "level": 0.95}
Prints JSON: {"results": [{"estimate": x, "ci95": [lo, hi] or null}]}.
"""
import json
import sys

MASK = 0xFFFFFFFF
LEVELS = {"median": 0.5, "p95": 0.95, "p99": 0.99}


def h32(x):
    x &= MASK
    x = (((x >> 16) ^ x) * 0x45D9F3B) & MASK
    x = (((x >> 16) ^ x) * 0x45D9F3B) & MASK
    return ((x >> 16) ^ x) & MASK


def chain(seed, *keys):
    u = h32(seed)
    for k in keys:
        u = h32(u + k)
    return u


def quantile(values, q):
    s = sorted(values)
    n = len(s)
    if n == 0:
        return float("nan")
    h = (n - 1) * q
    lo = int(h)
    hi = min(lo + 1, n - 1)
    return s[lo] + (h - lo) * (s[hi] - s[lo])


def replicates(invocations, q, salt, seed, B, C):
    inner = []
    for k, xs in enumerate(invocations):
        n = len(xs)
        inner.append([quantile([xs[chain(seed, salt, 0, k, c, j) % n] for j in range(n)], q) for c in range(C)])
    R = len(invocations)
    out = []
    for b in range(B):
        total = 0.0
        for r in range(R):
            total += inner[chain(seed, salt, 1, b, r) % R][chain(seed, salt, 2, b, r) % C]
        out.append(total / R)
    return out


def percentile_ci(reps, level):
    finite = sorted(x for x in reps if x == x and x not in (float("inf"), float("-inf")))
    if not finite or len(finite) < 0.9 * len(reps):
        return None
    a = (1 - level) / 2
    return [quantile(finite, a), quantile(finite, 1 - a)]


def estimate(invocations, q):
    meds = [quantile(xs, q) for xs in invocations]
    return sum(meds) / len(meds)


def main():
    spec = json.load(sys.stdin)
    seed, B, C, level = spec["seed"], spec["resamples"], spec["inner"], spec["level"]
    results = []
    for case in spec["cases"]:
        q = LEVELS[case["statistic"]]
        if case["kind"] == "path":
            invs = [x for x in case["invocations"] if x]
            est = estimate(invs, q)
            ci = percentile_ci(replicates(invs, q, case["salt"], seed, B, C), level) if len(invs) >= 2 else None
        else:
            num = [x for x in case["num"]["invocations"] if x]
            den = [x for x in case["den"]["invocations"] if x]
            d = estimate(den, q)
            est = estimate(num, q) / d if d > 0 else float("nan")
            ci = None
            if len(num) >= 2 and len(den) >= 2:
                a = replicates(num, q, case["num"]["salt"], seed, B, C)
                b = replicates(den, q, case["den"]["salt"], seed, B, C)
                ci = percentile_ci([x / y if y > 0 else float("nan") for x, y in zip(a, b)], level)
        results.append({"estimate": est, "ci95": ci})
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main()
