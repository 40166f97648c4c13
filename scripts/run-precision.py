#!/usr/bin/env python3
# Run by: users and maintainers asking how much a run decided.
"""How much a run decided, and how precisely: one line per run folder.

    python3 scripts/run-precision.py RUN [RUN ...]

RUN is a run folder (results/runs/<id>, or results/latest). For each: its time, the share of
its timing samples in the machine's slow state (as its report gives it), how many of its ratios
are decided (faster, slower or no difference at the run's margin) and within +-2%, the median
and the widest tenth of its 95% intervals' half-widths, and the median of process generations
per ratio; then its exact measures: of the cells it timed, how many have an instruction count
and how many simulated cycles. It reads ratios.csv (as the run's answers do: `run_ratios`),
results.csv and run.json only; the figures in
Documentation/Method.md's "A noisy host on demand" come from it.
"""

import csv
import json
import math
import os
import statistics
import sys

import run_ratios


def half_width(row):
    """The interval's half-width as a fraction (+-x%), from its log width as the harness does."""
    return math.exp(math.log(float(row["ratio_ci95_high"]) / float(row["ratio_ci95_low"])) / 2) - 1


def exact_coverage(folder):
    """Of the cells with a wall time, how many have instructions and simulated cycles."""
    measured = {}
    with open(os.path.join(folder, "results.csv"), newline="") as file:
        for row in csv.DictReader(file):
            if row["median"]:
                key = (row["group"], row["strategy"], row["profile"])
                measured.setdefault(key, set()).add(row["metric"])
    timed = [metrics for metrics in measured.values() if "wall_time" in metrics]
    counted = sum(1 for metrics in timed if "instructions" in metrics)
    simulated = sum(1 for metrics in timed if "simulated_cycles" in metrics)
    return f"exact measures {counted}/{len(timed)} timed cells ({simulated} with simulated cycles)"


def summary(folder):
    ratios = [row for row in run_ratios.read(folder) if row["ratio_ci95_low"] and row["ratio_ci95_high"]]
    with open(os.path.join(folder, "run.json")) as file:
        run = json.load(file)
    if not ratios:
        return f"{os.path.basename(os.path.realpath(folder))}: no ratios"
    widths = sorted(half_width(row) for row in ratios)
    decided = sum(1 for row in ratios if row["verdict"] != "undecided")
    within = sum(1 for width in widths if width <= 0.02 + 1e-12)
    slow = run.get("slowStateShare")
    return (
        f"{os.path.basename(os.path.realpath(folder))}: {run['totalSeconds']:.0f} s, "
        + (f"slow state {slow * 100:.0f}%, " if slow is not None else "")
        + f"decided {decided}/{len(ratios)} ({decided / len(ratios) * 100:.0f}%), "
        + f"within +-2% {within}/{len(ratios)} ({within / len(ratios) * 100:.0f}%), "
        + f"half-width median {statistics.median(widths) * 100:.1f}%, "
        + f"widest tenth from {widths[int(len(widths) * 0.9)] * 100:.1f}%, "
        + f"generations median {statistics.median(int(row['generations']) for row in ratios):.0f}, "
        + exact_coverage(folder)
    )


def main(arguments):
    if not arguments:
        print("usage: run-precision.py RUN [RUN ...]", file=sys.stderr)
        return 2
    for folder in arguments:
        try:
            print(summary(folder))
        except (OSError, KeyError, ValueError) as error:
            print(f"run-precision.py: {folder}: cannot read ({error})", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
