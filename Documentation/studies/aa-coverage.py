#!/usr/bin/env python3
"""Why A/A intervals miss 1: the runs of Documentation/studies/aa-coverage.sh, their ratios rebuilt from their pairs.

    python3 Documentation/studies/aa-coverage.py RUNS_FOLDER

RUNS_FOLDER holds 1/, 2/, … (ab run folders of this build against an identical one; their true
ratios are 1) and `seconds` (each run's duration). Printed: each run's intervals that miss 1; the
coverage (share of 95% intervals containing 1) as reported, with its Wilson interval. Then each A/A
ratio is rebuilt from the pairs the harness wrote (pairs.csv) by its method
(Documentation/studies/run_pairs.py), checked against ratios.csv, and the coverage broken down: by the
generations the ratio stopped at; from the first 12
generations only, where every ratio is still sampled and the stopping rule has not chosen yet; and
with the generations' mean trimmed by 0%, 10% or 20% (the harness's) at the same stopping points,
with the mean centre (0 if unbiased) and half-width of each.
"""
import csv
import glob
import math
import os
import sys
from collections import defaultdict

import run_pairs


def wilson(covered, total):
    z = 1.959964
    p = covered / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{covered}/{total} = {100 * p:.1f}% ({100 * (centre - half):.1f}–{100 * (centre + half):.1f}%)"


def aa_ratios(run):
    """(reported ratios.csv row, generation -> [(log ratio, pace)]) of each A/A cell of an ab run."""
    _, ratios = run_pairs.load(run)
    reported = [r for r in ratios if r["yardstick"] == "baseline"]
    pairs = run_pairs.pairs(run)
    return [(r, pairs.get((r["profile"], r["strategy"], "baseline"), {})) for r in reported]


if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
    sys.exit("usage: aa-coverage.py RUNS_FOLDER (as printed by Documentation/studies/aa-coverage.sh)")
runs = sorted(glob.glob(os.path.join(sys.argv[1], "*", "latest")), key=lambda p: int(p.split(os.sep)[-2]))
if not runs:
    sys.exit(f"error: no run folders (N/latest) in {sys.argv[1]}")
seconds = {}
if os.path.exists(os.path.join(sys.argv[1], "seconds")):
    seconds = dict(line.split() for line in open(os.path.join(sys.argv[1], "seconds")))
cells = []
for run in runs:
    ratios = aa_ratios(run)
    misses = [r for r, _ in ratios if not float(r["ratio_ci95_low"]) <= 1 <= float(r["ratio_ci95_high"])]
    listed = "; ".join(
        f"{r['strategy']} on {r['profile']} {float(r['ratio']):.4f} ({float(r['ratio_ci95_low']):.4f}–"
        f"{float(r['ratio_ci95_high']):.4f}), {r['generations']} generations" for r in misses)
    number = run.split(os.sep)[-2]
    took = f" ({seconds[number]} s)" if number in seconds else ""
    print(f"run {number:>2}{took}: {len(ratios) - len(misses)} of {len(ratios)} intervals contain 1"
          + (f"; missed: {listed}" if misses else ""))
    cells += ratios
rebuilt = reported_covered = 0
bands = defaultdict(lambda: [0, 0])
first12 = [0, 0]
trims = {trim: [0, 0, 0.0, 0.0] for trim in (0.0, 0.1, 0.2)}
for row, generations in cells:
    low, high = float(row["ratio_ci95_low"]), float(row["ratio_ci95_high"])
    covered = low <= 1 <= high
    reported_covered += covered
    n = int(row["generations"])
    band = "fewer than 12" if n < 12 else "12–13" if n <= 13 else "14–20" if n <= 20 else "more than 20"
    bands[band][0] += covered
    bands[band][1] += 1
    values = run_pairs.generation_values(generations) if generations else []
    estimate = run_pairs.trimmed_interval(values, run_pairs.GENERATION_TRIM)
    if estimate and abs(math.exp(estimate[0]) - float(row["ratio"])) < 1e-9 and len(values) == n:
        rebuilt += 1
    early = run_pairs.generation_values({g: generations[g] for g in sorted(generations)[:12]}) if generations else []
    if (interval := run_pairs.trimmed_interval(early, run_pairs.GENERATION_TRIM)) is not None:
        first12[0] += abs(interval[0]) <= interval[1]
        first12[1] += 1
    for trim, tally in trims.items():
        if (interval := run_pairs.trimmed_interval(values, trim)) is not None:
            tally[0] += abs(interval[0]) <= interval[1]
            tally[1] += 1
            tally[2] += interval[0]
            tally[3] += interval[1]
print(f"{len(runs)} runs, {len(cells)} A/A ratios; rebuilt exactly from the pairs: {rebuilt}")
print(f"coverage as reported: {wilson(reported_covered, len(cells))}")
for band in ("fewer than 12", "12–13", "14–20", "more than 20"):
    if bands[band][1]:
        print(f"  stopped at {band} generations: {wilson(*bands[band])}")
if first12[1]:
    print(f"from the first 12 generations only (no stopping): {wilson(*first12)}")
for trim, (covered, total, centres, halves) in trims.items():
    if total:
        print(f"generations' mean trimmed {100 * trim:.0f}%, same stopping points: {wilson(covered, total)}; "
              f"mean centre {100 * centres / total:+.3f}%, mean half-width ±{100 * halves / total:.2f}%")
