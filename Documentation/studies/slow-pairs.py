#!/usr/bin/env python3
"""What leaving out the pairs of slow spells does to two runs' ratios, recomputed from their samples.

    python3 Documentation/studies/slow-pairs.py RUN_A RUN_B

RUN is a run folder (samples.csv, ratios.csv). Each ratio is recomputed from samples.csv twice by the
harness's method (Documentation/Method.md, "The ratio and its interval"): once from all its pairs, once
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
from run_pairs import estimate

if len(sys.argv) != 3:
    sys.exit("usage: slow-pairs.py RUN_A RUN_B")
runs = [run_pairs.pairs(run) for run in sys.argv[1:]]
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
