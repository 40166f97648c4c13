# Run by: crosscheck.sh, to print its comparison.
"""Prints CodableBench's paired ratios beside package-benchmark's ratios of medians for the
headline pairs, on the same payload bytes, and whether they agree within their combined noise.

Usage: crosscheck.py RATIOS_CSV PACKAGE_BENCHMARK_DIR [PACKAGE_BENCHMARK_DIR ...]

RATIOS_CSV is a CodableBench run's ratios.csv; each PACKAGE_BENCHMARK_DIR holds one
package-benchmark run exported with `--format jmh`. A pair that CodableBench measured through an
intermediate (the 2019 dictionary form, paired with the technique alone) is the product of the two
paired ratios, its interval the product of their bounds.

Agreement: package-benchmark's ratio (the median over its runs) lies within CodableBench's 95%
interval widened by package-benchmark's own spread (half the range of its runs, on a log scale).
With one package-benchmark run there is no such spread, and agreement is not judged.
"""
import csv
import glob
import json
import math
import statistics
import sys

PAIRS = [
    ("handwritten", "synthesized"),
    ("jsonserialization-manual", "synthesized"),
    ("jsonserialization-manual-2019", "synthesized"),
    ("jsonserialization-manual-2019", "jsonserialization-manual"),
    ("snake-case-strategy", "synthesized"),
]


def codablebench_ratios(path):
    rows = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            rows[(r["strategy"], r["yardstick"], r["profile"])] = tuple(
                float(r[k]) for k in ("ratio", "ratio_ci95_low", "ratio_ci95_high"))
    return rows


def ratio(rows, strategy, yardstick, profile):
    """Paired directly, or through one strategy paired with both."""
    if (strategy, yardstick, profile) in rows:
        return rows[(strategy, yardstick, profile)], ""
    for (s, via, p), first in rows.items():
        if s == strategy and p == profile and (via, yardstick, profile) in rows:
            second = rows[(via, yardstick, profile)]
            return tuple(a * b for a, b in zip(first, second)), via
    return None, ""


def package_benchmark_medians(folder):
    """Median wall time per benchmark name ("small synthesized") in one exported run."""
    medians = {}
    for path in glob.glob(f"{folder}/**/*.jmh", recursive=True) + glob.glob(f"{folder}/**/*.json", recursive=True):
        with open(path, encoding="utf-8") as f:
            try:
                elements = json.load(f)
            except json.JSONDecodeError:
                continue
        for element in elements if isinstance(elements, list) else []:
            wall = element.get("secondaryMetrics", {}).get("Time (wall clock)")
            if wall:
                name = element["benchmark"].split(".")[-1].replace("_", " ", 1)
                medians[name] = wall["scorePercentiles"]["50.0"]
    return medians


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = codablebench_ratios(sys.argv[1])
    runs = [package_benchmark_medians(folder) for folder in sys.argv[2:]]
    if not any(runs):
        sys.exit("crosscheck: no package-benchmark results found in " + ", ".join(sys.argv[2:]))
    profiles = sorted({p for (_, _, p) in rows}, key=lambda p: ["small", "medium", "large"].index(p) if p in ("small", "medium", "large") else 9)
    print(f"{'pair':58} {'profile':8} {'CodableBench (paired, 95% CI)':31} {'package-benchmark (runs)':31} agree")
    agreed = total = 0
    chained = set()
    for strategy, yardstick in PAIRS:
        for profile in profiles:
            cb, via = ratio(rows, strategy, yardstick, profile)
            pb = [run[f"{profile} {strategy}"] / run[f"{profile} {yardstick}"]
                  for run in runs if f"{profile} {strategy}" in run and f"{profile} {yardstick}" in run]
            if cb is None or not pb:
                continue
            middle = statistics.median(pb)
            if len(pb) > 1:
                spread = (math.log(max(pb)) - math.log(min(pb))) / 2
                low, high = math.log(cb[1]) - spread, math.log(cb[2]) + spread
                agrees = low <= math.log(middle) <= high
                agreed += agrees
                total += 1
                verdict = "yes" if agrees else "NO"
            else:
                verdict = "-"
            cb_text = f"{cb[0]:.3f}× ({cb[1]:.3f}–{cb[2]:.3f})" + ("*" if via else "")
            if via:
                chained.add(via)
            pb_text = f"{middle:.3f}× ({min(pb):.3f}–{max(pb):.3f}, n={len(pb)})"
            print(f"{strategy + ' / ' + yardstick:58} {profile:8} {cb_text:31} {pb_text:31} {verdict}")
    if chained:
        print(f"* through {', '.join(sorted(chained))}: the product of two paired ratios and of their bounds")
    if total:
        print(f"{agreed} of {total} ratios agree within their combined noise")
    else:
        print("agreement not judged: one package-benchmark run gives no estimate of its own noise (run 2 or more)")


main()
