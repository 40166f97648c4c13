#!/usr/bin/env python3
"""How often identical code gets a faster or slower verdict: the A/A runs of Documentation/studies/aa-coverage.sh.

    python3 Documentation/studies/aa-verdicts.py RUNS_FOLDER

RUNS_FOLDER holds 1/, 2/, … (ab run folders of this build against an identical one, every true ratio
1). Each run's ratios.csv is read as the answers read a ratio: faster or slower where the interval
lies wholly below or above 1 and not wholly within ±2% (`SpeedVerdict`). Printed per run and in all:
the cells, the false verdicts (faster or slower), the share of intervals containing 1, and the
ratios' states (quiet, contended, or none before the cache probe). For the answers' stopping rule
run aa-coverage.sh with `--judge-as-answers` (ab's own gate stops on its threshold instead).
"""
import csv
import glob
import math
import os
import sys

MARGIN = 0.02


def verdict(low, high):
    if low >= 1 / (1 + MARGIN) and high <= 1 + MARGIN:
        return "same"
    if low > 1:
        return "slower"
    if high < 1:
        return "faster"
    return "undecided"


def wilson(part, total):
    if total == 0:
        return "-"
    z, p = 1.959964, part / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{100 * p:.1f}% ({100 * max(centre - half, 0):.1f}–{100 * (centre + half):.1f}%)"


if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
    sys.exit("usage: aa-verdicts.py RUNS_FOLDER (as printed by Documentation/studies/aa-coverage.sh)")
runs = sorted(glob.glob(os.path.join(sys.argv[1], "*", "latest")), key=lambda p: int(p.split(os.sep)[-2]))
if not runs:
    sys.exit(f"error: no run folders (N/latest) in {sys.argv[1]}")
cells = false = covered = 0
states = {}
for run in runs:
    rows = [r for r in csv.DictReader(open(os.path.join(run, "ratios.csv"))) if r["yardstick"] == "baseline"]
    wrong = [r for r in rows if verdict(float(r["ratio_ci95_low"]), float(r["ratio_ci95_high"])) in ("faster", "slower")]
    inside = sum(1 for r in rows if float(r["ratio_ci95_low"]) <= 1 <= float(r["ratio_ci95_high"]))
    for r in rows:
        states[r.get("state") or "none"] = states.get(r.get("state") or "none", 0) + 1
    cells, false, covered = cells + len(rows), false + len(wrong), covered + inside
    listed = "; ".join(f"{r['strategy']} on {r['profile']} {float(r['ratio']):.3f} "
                       f"({float(r['ratio_ci95_low']):.3f}–{float(r['ratio_ci95_high']):.3f})" for r in wrong)
    print(f"run {run.split(os.sep)[-2]:>2}: {len(wrong)} false verdicts of {len(rows)} cells"
          + (f" ({listed})" if wrong else "") + f"; {inside} intervals contain 1")
print(f"false verdicts (faster or slower): {false} of {cells} = {wilson(false, cells)}")
print(f"intervals containing 1: {covered} of {cells} = {wilson(covered, cells)}")
print("states: " + ", ".join(f"{k} {v}" for k, v in sorted(states.items())))
