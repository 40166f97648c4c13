#!/usr/bin/env python3
# Run by: users and maintainers reading a run made with --instructions.
"""Time against the exact measures, pair by pair, for a run made with --instructions.

    python3 scripts/exact-vs-time.py RUN_FOLDER [--margin 0.05]

Prints a Markdown table: every paired ratio of the run (ratios.csv) with the same pair's
simulated-cycles ratio and instruction ratio (results.csv), and marks where time and cycles
disagree by more than the margin (log distance), with the categories whose cycles differ most
between the two cells (costs.csv), which is where to look for why. A study: Documentation/Method.md
holds one run's table.
"""
import csv
import math
import os
import sys
from collections import defaultdict

import run_ratios


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    folder = args[0]
    margin = float(args[args.index("--margin") + 1]) if "--margin" in args else 0.05
    exact = defaultdict(dict)
    with open(os.path.join(folder, "results.csv")) as f:
        for row in csv.DictReader(f):
            if row["metric"] in ("instructions", "simulated_cycles") and row["median"]:
                exact[(row["strategy"], row["profile"])][row["metric"]] = float(row["median"])
    cycles_by_category = defaultdict(lambda: defaultdict(int))
    costs = os.path.join(folder, "costs.csv")
    if os.path.exists(costs):
        with open(costs) as f:
            for row in csv.DictReader(f):
                cycles_by_category[(row["strategy"], row["profile"])][row["category"]] += int(row.get("self_cycles") or 0)
    print("| group | strategy / yardstick | payload | time | simulated cycles | instructions | |")
    print("|---|---|---|---|---|---|---|")
    counts = defaultdict(int)
    for row in run_ratios.read(folder):
        mine, theirs = exact.get((row["strategy"], row["profile"])), exact.get((row["yardstick"], row["profile"]))
        if not mine or not theirs or "simulated_cycles" not in mine or "simulated_cycles" not in theirs:
            continue
        time, low, high = float(row["ratio"]), float(row["ratio_ci95_low"]), float(row["ratio_ci95_high"])
        cycles = mine["simulated_cycles"] / theirs["simulated_cycles"]
        instructions = mine["instructions"] / theirs["instructions"]
        counts["pairs"] += 1
        note = ""
        if abs(math.log(time / cycles)) > margin:
            counts["disagree"] += 1
            side = "time above" if time > cycles else "time below"
            a, b = cycles_by_category[(row["strategy"], row["profile"])], cycles_by_category[(row["yardstick"], row["profile"])]
            moved = sorted(set(a) | set(b), key=lambda c: -abs(a[c] - b[c]))[:2]
            total = sum(b.values()) or 1
            note = side + ": " + ", ".join(f"{c} {100 * (a[c] - b[c]) / total:+.0f}%" for c in moved if a[c] != b[c])
        print(
            f"| {row['group']} | `{row['strategy']}` / `{row['yardstick']}` | {row['profile']} | "
            f"{time:.2f}× ({low:.2f}–{high:.2f}) | {cycles:.3f}× | {instructions:.3f}× | {note} |")
    print()
    print(f"{counts['pairs']} pairs; time and simulated cycles more than {margin:.0%} apart (log distance) in "
          f"{counts['disagree']}.")


if __name__ == "__main__":
    main()
