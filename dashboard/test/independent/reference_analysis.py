#!/usr/bin/env python3
"""Independent implementation of the reference analysis (docs/reference-study.md), Python standard library only,
in exact rational arithmetic (fractions.Fraction; the standard deviation via decimal with 40 digits).

Usage: reference_analysis.py RUN_DIR [--warmup 30] [--in native --out socket]
Reads every *.csv under RUN_DIR (long format t_ns,id,duration_ns) and prints JSON:
  series:   {"<relative path>|<id>": {count, median, mean, p95, p99, std}}   (strings, 6 decimals, ns)
  overhead: {"<relative path>": {...}}  step.service - step.compute paired by order after warm-up
  ratios:   {"overhead"|"e2e": {mean, median, p95, p99}}  out/in, when RUN_DIR has both paths
Method: drop rows with negative t_ns or duration_ns; stable sort by t_ns; within each id drop the first
`warmup` samples; quantiles by linear interpolation between order statistics ((n-1)q); std with n-1.
"""
import csv
import json
import os
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 40


def load(path):
    with open(path, newline='') as fh:
        rows = list(csv.reader(fh))
    header, body = rows[0], rows[1:]
    assert header == ['t_ns', 'id', 'duration_ns'], header
    out = []
    for r in body:
        if not r:
            continue
        t, i, d = int(r[0]), r[1], int(r[2])
        if t < 0 or d < 0:
            continue
        out.append((t, i, d))
    out.sort(key=lambda x: x[0])  # stable: ties keep file order
    series = {}
    for t, i, d in out:
        series.setdefault(i, []).append(d)
    return series


def quantile(sorted_vals, q):
    n = len(sorted_vals)
    pos = Fraction(n - 1) * q
    lo = pos.numerator // pos.denominator
    hi = lo if pos == lo else lo + 1
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (pos - lo)


def stats(values):
    n = len(values)
    s = sorted(values)
    mean = Fraction(sum(values), n)
    var = sum((Fraction(v) - mean) ** 2 for v in values) / (n - 1) if n > 1 else None
    std = (Decimal(var.numerator) / Decimal(var.denominator)).sqrt() if var is not None else None
    return {
        'count': n,
        'median': quantile(s, Fraction(1, 2)),
        'mean': mean,
        'p95': quantile(s, Fraction(95, 100)),
        'p99': quantile(s, Fraction(99, 100)),
        'std': std,
    }


def fmt(v):
    if v is None:
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, Fraction):
        v = Decimal(v.numerator) / Decimal(v.denominator)
    return format(v.quantize(Decimal('0.000001')), 'f')


def main():
    args = sys.argv[1:]
    run_dir = args[0]
    warmup = int(args[args.index('--warmup') + 1]) if '--warmup' in args else 30
    t_in = args[args.index('--in') + 1] if '--in' in args else 'native'
    t_out = args[args.index('--out') + 1] if '--out' in args else 'socket'
    files = sorted(os.path.relpath(os.path.join(d, f), run_dir)
                   for d, _, fs in os.walk(run_dir) for f in fs if f.endswith('.csv'))
    series_out, overhead_out, raw = {}, {}, {}
    for rel in files:
        series = {i: v[warmup:] for i, v in load(os.path.join(run_dir, rel)).items()}
        for i, v in series.items():
            if v:
                st = stats(v)
                raw[(rel, i)] = st
                series_out[f'{rel}|{i}'] = {k: fmt(x) for k, x in st.items()}
        if 'step.service' in series and 'step.compute' in series:
            sv, cp = series['step.service'], series['step.compute']
            m = min(len(sv), len(cp))
            st = stats([sv[k] - cp[k] for k in range(m)])
            raw[(rel, 'overhead')] = st
            overhead_out[rel] = {k: fmt(x) for k, x in st.items()}

    def find(name, i):
        hits = [st for (rel, j), st in raw.items() if os.path.basename(rel) == name and j == i]
        return hits[0] if len(hits) == 1 else None

    ratios = {}
    pairs = {
        'overhead': (find(f'{t_in}.csv', 'overhead'), find(f'{t_out}.csv', 'overhead')),
        'e2e': (find(f'unity_{t_in}.csv', 'step.unity.e2e'), find(f'unity_{t_out}.csv', 'step.unity.e2e')),
    }
    for key, (a, b) in pairs.items():
        if a and b:
            ratios[key] = {k: fmt(Fraction(b[k]) / Fraction(a[k])) for k in ('mean', 'median', 'p95', 'p99')}
    json.dump({'warmup': warmup, 'series': series_out, 'overhead': overhead_out, 'ratios': ratios}, sys.stdout, indent=1)
    print()


if __name__ == '__main__':
    main()
