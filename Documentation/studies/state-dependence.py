#!/usr/bin/env python3
"""Do a run's paired ratios depend on the machine's state? For each ratio, its generations are split
by how fast the comparison's other members ran in the same generation (the median, over their
samples, of each sample's CPU time per decode against that member's median), and the ratio's mean
log ratio in the slower half is compared with the faster half (Welch's t).

    python3 Documentation/studies/state-dependence.py RUN

RUN is a run folder (samples.csv, ratios.csv). Prints how many ratios (with at least 12 generations
and other members to judge by) differ between the halves at |t| > 1.96 (about 5% if ratios do not
depend on the state), and the ones that differ most. This is what `PairedRatio.undisturbed` answers
(Documentation/Notebook.md, "Why slow-spell pairs are left out").
"""
import math
import statistics
import sys
from collections import defaultdict

import run_pairs

if len(sys.argv) != 2:
    sys.exit("usage: state-dependence.py RUN")
samples, ratios = run_pairs.load(sys.argv[1])
log_median = {}
by_member = defaultdict(list)
for s in samples:
    by_member[(s["profile"], s["strategy"])].append(math.log(float(s["cpu_ns"])))
log_median = {member: statistics.median(times) for member, times in by_member.items()}
generations = run_pairs.by_generation(samples)


def others_pace(profile, generation, excluded):
    """How much slower than usual the generation's other members ran (log), or None."""
    others = [math.log(float(r["cpu_ns"])) - log_median[(profile, r["strategy"])]
              for r in generations[(profile, generation)] if r["strategy"] not in excluded]
    return statistics.median(others) if len(others) >= 2 else None


results = []
for (profile, strategy, yardstick), by_generation in run_pairs.pairs(sys.argv[1]).items():
    judged = sorted((pace, statistics.fmean(r for r, _ in pairs)) for generation, pairs in by_generation.items()
                    if (pace := others_pace(profile, generation, {strategy, yardstick})) is not None)
    if len(judged) < 12:
        continue
    half = len(judged) // 2
    faster, slower = [r for _, r in judged[:half]], [r for _, r in judged[half:]]
    error = math.sqrt(statistics.variance(faster) / len(faster) + statistics.variance(slower) / len(slower))
    difference = statistics.fmean(slower) - statistics.fmean(faster)
    if error > 0:
        results.append((abs(difference / error), difference, profile, strategy, yardstick))
results.sort(reverse=True)
differing = sum(t > 1.96 for t, *_ in results)
print(f"{len(results)} ratios; slower and faster generations differ at |t| > 1.96 in {differing} "
      f"({differing / max(len(results), 1):.0%}; about 5% if ratios do not depend on the machine's state)")
for t, difference, profile, strategy, yardstick in results[:8]:
    print(f"  t={t:4.1f}  {strategy} / {yardstick} on {profile}: {math.exp(difference) - 1:+.1%} in the slower generations")
