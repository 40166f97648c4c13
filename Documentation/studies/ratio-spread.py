#!/usr/bin/env python3
"""How much each paired ratio moves from run to run, for two sets of runs (two builds, or one build
with and without a change), told apart by whether the ratio has a member with one-batch samples.

    python3 Documentation/studies/ratio-spread.py RUN_A1 RUN_A2 [...] -- RUN_B1 RUN_B2 [...]

RUN is a run folder (ratios.csv, results.csv), at least two per set. For each ratio present in
every run: the standard deviation of its log across each set's runs (about the relative spread).
Printed: the median and root-mean-square spread per set, and in how many ratios set B spread less
than set A (about half if the two sets measure alike), for all ratios and split by whether a member
is a "one-batch" decode: shorter than 50 ms in a comparison (payload) whose slowest median decode
exceeds the 5 ms sample, so that its samples are one batch with no median to leave out the cold
start after another worker ran (see Documentation/Notebook.md, "One-batch samples").

Run-to-run spread also depends on the machine's state during each run; interleave the runs of the
two sets (A B A B ...) so that both see the same hours.
"""
import csv
import math
import statistics
import sys

SAMPLE_NANOSECONDS = 5e6
SHORT_NANOSECONDS = 50e6


def load(folder):
    ratios = {(r["profile"], r["strategy"], r["yardstick"]): float(r["ratio"])
              for r in csv.DictReader(open(f"{folder}/ratios.csv", newline=""))}
    medians = {(r["profile"], r["strategy"]): float(r["median"])
               for r in csv.DictReader(open(f"{folder}/results.csv", newline=""))
               if r["metric"] == "wall_time" and r["outcome"] == "ok" and r["median"]}
    return ratios, medians


if "--" not in sys.argv:
    sys.exit("usage: ratio-spread.py RUN_A1 RUN_A2 [...] -- RUN_B1 RUN_B2 [...]")
split = sys.argv.index("--")
folders_a, folders_b = sys.argv[1:split], sys.argv[split + 1:]
if len(folders_a) < 2 or len(folders_b) < 2:
    sys.exit("ratio-spread.py: each set needs at least two runs")
runs_a, runs_b = [load(f) for f in folders_a], [load(f) for f in folders_b]
shared = set.intersection(*(set(ratios) for ratios, _ in runs_a + runs_b))

medians = runs_a[0][1]
slowest = {}
for (profile, _), time in medians.items():
    slowest[profile] = max(slowest.get(profile, 0), time)


def one_batch(profile, strategy):
    return slowest.get(profile, 0) > SAMPLE_NANOSECONDS and medians.get((profile, strategy), 0) < SHORT_NANOSECONDS


def spread(runs, key):
    return statistics.stdev(math.log(ratios[key]) for ratios, _ in runs)


rows = [(key, spread(runs_a, key), spread(runs_b, key)) for key in sorted(shared)]


def summarize(label, selected):
    if not selected:
        return
    a, b = [r[1] for r in selected], [r[2] for r in selected]
    fewer = sum(r[2] < r[1] for r in selected)
    print(f"{label}: {len(selected)} ratios; median spread A {statistics.median(a):.2%}, B {statistics.median(b):.2%}; "
          f"rms A {math.sqrt(statistics.fmean(x * x for x in a)):.2%}, B {math.sqrt(statistics.fmean(x * x for x in b)):.2%}; "
          f"B spread less in {fewer} ({fewer / len(selected):.0%})")


print(f"A: {len(runs_a)} runs, B: {len(runs_b)} runs, {len(shared)} ratios in every run")
summarize("all", rows)
summarize("a one-batch member", [r for r in rows if one_batch(r[0][0], r[0][1]) or one_batch(r[0][0], r[0][2])])
summarize("no one-batch member", [r for r in rows if not (one_batch(r[0][0], r[0][1]) or one_batch(r[0][0], r[0][2]))])
