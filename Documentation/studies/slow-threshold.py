#!/usr/bin/env python3
"""What another slow-spell threshold would do to recorded runs' ratios, recomputed from their samples.

    python3 Documentation/studies/slow-threshold.py RUN RUN [RUN ...]

RUN is a run folder (samples.csv, ratios.csv). Each paired ratio is recomputed by the harness's
method (Documentation/studies/run_pairs.py) with pairs left out when their yardstick ran more than 5%, 10%, 15%,
20% (the harness's, `PairedRatio.slowSpellAbove`) or 30% slower than its 10th percentile, and with
none left out. Printed for each threshold: the mean share of ratios with a 95% interval within ±2%,
the runs where that count is higher or lower than at 20%, and between each run and the next (in
the order given), the mean share of ratios that moved by less than 2% and the pairs of runs where
that share reached 95%. The samples are the same for every threshold; what it cannot show is how
the stopping rule, which looks at the intervals, would have spent the run otherwise.
"""
import math
import sys

import run_pairs

if len(sys.argv) < 3:
    sys.exit("usage: slow-threshold.py RUN RUN [RUN ...]")
runs = [run_pairs.pairs(folder) for folder in sys.argv[1:]]
harness = run_pairs.SLOW_SPELL_ABOVE


def recomputed(threshold):
    """Each run's ratios: key -> (log ratio, 95% half-width), or None without an interval."""
    run_pairs.SLOW_SPELL_ABOVE = threshold if threshold is not None else harness
    try:
        return [{key: run_pairs.estimate(generations, threshold is not None) for key, generations in run.items()} for run in runs]
    finally:
        run_pairs.SLOW_SPELL_ABOVE = harness


def within_2(ratios):
    return sum(1 for value in ratios.values() if value and math.exp(value[1]) - 1 <= 0.02)


def stable_share(a, b):
    shared = [key for key in a if a[key] and b.get(key)]
    return sum(abs(a[key][0] - b[key][0]) < math.log(1.02) for key in shared) / max(len(shared), 1)


reference = recomputed(harness)
print(f"{len(runs)} runs; slow spell: yardstick more than X above its 10th percentile (the harness: {harness:.0%})")
for threshold in (0.05, 0.10, 0.15, harness, 0.30, None):
    ratios = reference if threshold == harness else recomputed(threshold)
    counts = [within_2(run) for run in ratios]
    shares = [count / max(sum(1 for v in run.values() if v), 1) for count, run in zip(counts, ratios)]
    differences = [count - within_2(run) for count, run in zip(counts, reference)]
    moves = [stable_share(a, b) for a, b in zip(ratios, ratios[1:])]
    label = f"{threshold:.0%}" if threshold is not None else "none left out"
    print(f"{label:>13}: within ±2% {sum(shares) / len(shares):.1%} on average "
          f"(runs with more than at {harness:.0%}: {sum(d > 0 for d in differences)}, fewer: {sum(d < 0 for d in differences)}); "
          f"moved < 2% to the next run {sum(moves) / len(moves):.1%} on average, ≥ 95% in {sum(m >= 0.95 for m in moves)} of {len(moves)}")
