#!/usr/bin/env python3
"""What leaving out the pairs of slow spells does to two runs' ratios, recomputed from their samples.

    python3 scripts/slow-pairs.py RUN_A RUN_B

RUN is a run folder (samples.csv, ratios.csv). Each ratio is recomputed from samples.csv twice by the
harness's method (results/README.md, "The ratio and its interval"): once from all its pairs, once
without the pairs whose yardstick ran more than 20% slower than its 10th percentile (harness 0.4.0).
The pairs are rebuilt the way the harness builds them (a strategy sample between two samples of its
yardstick, the strategy having run two samples before), on CPU times per decode. Printed for each
way: per run, how many ratios have a 95% interval within ±2%; between the runs, how many moved by
less than 2% and how many beyond what their two intervals allow (|z| > 1.96, about 5% if honest).
Both ways use the same samples, so the machine's hours are the same for both.
"""
import math
import sys

import run_pairs

SLOW_SPELL_ABOVE = 0.20
PAIR_TRIM, GENERATION_TRIM = 0.25, 0.20
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t975(df):
    z = 1.959964
    return T975[df - 1] if df <= len(T975) else z + (z ** 3 + z) / (4 * df)


def trimmed_mean(values, trim):
    kept = sorted(values)
    cut = int(len(kept) * trim)
    kept = kept[cut:len(kept) - cut]
    return sum(kept) / len(kept)


def trimmed_interval(values, trim):
    """(mean, 95% half-width) of the trimmed mean (Tukey–McLaughlin), or None."""
    n = len(values)
    g = int(n * trim)
    h = n - 2 * g
    if n < 2 or h < 2:
        return None
    ordered = sorted(values)
    winsorized = [ordered[min(max(i, g), n - 1 - g)] for i in range(n)]
    mean_w = sum(winsorized) / n
    variance = sum((x - mean_w) ** 2 for x in winsorized) / (n - 1)
    return trimmed_mean(ordered, trim), t975(h - 1) * math.sqrt(variance) / ((1 - 2 * g / n) * math.sqrt(n))


def estimate(generations, leave_out_slow):
    paces = sorted(p for pairs in generations.values() for _, p in pairs)
    limit = paces[len(paces) // 10] * (1 + SLOW_SPELL_ABOVE) if leave_out_slow else math.inf
    kept = [k for pairs in generations.values() if (k := [r for r, p in pairs if p <= limit])]
    if len(kept) < 2:  # as the harness does: all pairs rather than no ratio
        kept = [[r for r, _ in pairs] for pairs in generations.values() if pairs]
    return trimmed_interval([trimmed_mean(k, PAIR_TRIM) for k in kept], GENERATION_TRIM)


if len(sys.argv) != 3:
    sys.exit("usage: slow-pairs.py RUN_A RUN_B")
runs = [run_pairs.pairs(*run_pairs.load(run)) for run in sys.argv[1:]]
keys = sorted(set(runs[0]) & set(runs[1]))
for leave_out_slow, label in ((False, "all pairs"), (True, "without slow-spell pairs")):
    a = {k: estimate(runs[0][k], leave_out_slow) for k in keys}
    b = {k: estimate(runs[1][k], leave_out_slow) for k in keys}
    both = [k for k in keys if a[k] and b[k]]
    if not both:
        print(f"{label}: no ratio with an interval in both runs")
        continue
    within = [sum(r[k][1] <= math.log(1.02) for k in both) for r in (a, b)]
    stable = sum(abs(a[k][0] - b[k][0]) < math.log(1.02) for k in both)
    beyond = sum(abs(a[k][0] - b[k][0]) > math.hypot(a[k][1], b[k][1]) for k in both)
    n = len(both)
    print(f"{label}: {n} ratios with an interval in both runs; within ±2%: {within[0]} ({within[0] / n:.1%}) and "
          f"{within[1]} ({within[1] / n:.1%}); moved less than 2%: {stable} ({stable / n:.1%}); "
          f"beyond their two intervals: {beyond} ({beyond / n:.1%})")
