#!/usr/bin/env python3
# Run by: users' and maintainers' scripts that read a run's paired ratios (run-precision.py,
# exact-vs-time.py, the fault battery, the paired self-test), imported, never alone.
"""A run's paired ratios as its own readers take them (`RecordedRun` in the harness).

ratios.csv keeps each ratio as the sampling stated it: in the host state it holds in (`state`),
and, from harness 0.12, the ratio of all its pairs beside a labelled one (`all_pairs_*`). Where
run.json's `hostState.labels` finds that the probe's label predicts nothing, the run's answers use
the all-pairs ratio, with its verdict at the run's ±2% margin; `read` returns the rows as those
answers read them. (A run of 0.8–0.10.1 without `all_pairs_*` is read as its file has it: the
harness reads such runs from their pairs.csv, which this module does not.)
"""

import csv
import json
import os

# The equivalence margin of every run's verdicts (SpeedVerdict.defaultMargin).
MARGIN = 0.02


def verdict(low, high, margin=MARGIN):
    """A ratio's verdict from its 95% interval, as the harness's SpeedVerdict gives it."""
    if low >= 1 / (1 + margin) and high <= 1 + margin:
        return "no difference"
    if low > 1:
        return "slower"
    if high < 1:
        return "faster"
    return "undecided"


def labels_kept(folder):
    """Whether the run keeps its ratios' host-state labels (its probe's label predicted them)."""
    try:
        with open(os.path.join(folder, "run.json")) as file:
            run = json.load(file)
    except (OSError, ValueError):
        return True
    labels = (run.get("hostState") or {}).get("labels")
    return labels is None or labels.get("finding") == "predicts"


def read(folder):
    """ratios.csv's rows, each holding in `ratio`, its interval, `pairs`, `generations`, `verdict`
    and `state` the ratio the run's answers use."""
    kept = labels_kept(folder)
    rows = []
    with open(os.path.join(folder, "ratios.csv"), newline="") as file:
        for row in csv.DictReader(file):
            if not kept and row.get("state") and row.get("all_pairs_ratio"):
                low, high = float(row["all_pairs_ci95_low"]), float(row["all_pairs_ci95_high"])
                row = dict(
                    row, ratio=row["all_pairs_ratio"], ratio_ci95_low=row["all_pairs_ci95_low"],
                    ratio_ci95_high=row["all_pairs_ci95_high"], pairs=row["all_pairs"],
                    generations=row["all_pairs_generations"], verdict=verdict(low, high), state="",
                    contended_ratio="", contended_ci95_low="", contended_ci95_high="")
            rows.append(row)
    return rows
