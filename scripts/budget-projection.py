#!/usr/bin/env python3
"""What more sampling time, or another way of sharing it, would buy one recorded run: a replay of
the run's scheduling with projected interval widths (a projection, not a measurement).

    python3 scripts/budget-projection.py RUN [FACTOR ...]

RUN is a run folder (samples.csv, ratios.csv, results.csv). Each paired ratio's 95% half-width
is taken to shrink as 1/sqrt(generations) from what the run measured (h × sqrt(G / g)); each
comparison's generation costs what its generations cost in the run (the sampled decodes' wall
time). The replay gives every comparison its first three generations, then the next one to the
comparison that has spent least per ratio still short of ±1%, as `GenerationScheduler` does
(or, with `--share`, by another rule below), until the sampling time is FACTOR × the run's (default
factors: 1, 1.5, 2, 3); a comparison stops once every ratio is within ±1% after 12 generations,
or at 200. Printed per factor: the timed non-reference cells (results.csv rows with a ratio to
another strategy) projected wider than ±2%, the run's own count first, and `large`'s generations.

Rules compared with the harness's (`count`, the number of ratios short of ±1%), each a claim per
comparison: `squares`, the sum of (h / 1%)² over those ratios (time to the widest); `logs`, the sum
of log(h / 1%) (time to those furthest from the target, in proportion).
"""
import math
import sys
from collections import defaultdict

import run_pairs

TARGET, MARGIN = 0.01, 0.02
RULES = {
    "count": lambda widths: len(widths),
    "squares": lambda widths: sum((h / TARGET) ** 2 for h in widths),
    "logs": lambda widths: sum(math.log(h / TARGET) for h in widths),
}


def load(run):
    """{profile: (seconds per generation, generations, [(half-width, is a non-reference cell)])},
    and the run's sampling seconds."""
    samples, ratios = run_pairs.load(run)
    seconds, generations = defaultdict(float), defaultdict(set)
    for (profile, generation), rows in run_pairs.by_generation(samples).items():
        generations[profile].add(generation)
        seconds[profile] += sum(float(r["wall_ns"]) * int(r["decodes"]) for r in rows) / 1e9
    cells = {(r["profile"], r["strategy"], r["ratio_to"]) for r in run_pairs.timed_cells(run) if run_pairs.is_non_reference(r)}
    comparisons = {}
    for r in ratios:
        profile = r["profile"]
        if profile not in generations:
            continue
        n = len(generations[profile])
        width = run_pairs.log_half_width(r)
        entry = comparisons.setdefault(profile, (seconds[profile] / n, n, []))
        entry[2].append((width, (profile, r["strategy"], r["yardstick"]) in cells))
    return comparisons, sum(seconds.values())


def replay(comparisons, budget, claim):
    """Generations each comparison gets within `budget` sampling seconds under rule `claim`."""
    def short(p):
        """Projected half-widths of p's ratios still wider than the target at its generations."""
        _, n, ratios = comparisons[p]
        return [w for h, _ in ratios if (w := h * math.sqrt(n / given[p])) > math.log(1 + TARGET)]

    given = {p: 3 for p in comparisons}
    spent = {p: 3 * comparisons[p][0] for p in comparisons}
    open_ = set(comparisons)
    total = sum(spent.values())
    while open_ and total < budget:
        def priority(p):
            weight = claim(short(p))  # every rule claims 0 for no short ratio
            return (spent[p] / weight if weight > 0 else math.inf, p)

        p = min(open_, key=priority)
        if given[p] >= 200 or (given[p] >= 12 and not short(p)):
            open_.discard(p)
            continue
        given[p] += 1
        spent[p] += comparisons[p][0]
        total += comparisons[p][0]
    return given


def misses(comparisons, given):
    return sum(h * math.sqrt(n / given[p]) > math.log(1 + MARGIN)
               for p, (_, n, ratios) in comparisons.items() for h, is_cell in ratios if is_cell)


args = sys.argv[1:]
rule = "count"
if "--share" in args:
    at = args.index("--share")
    if at + 1 >= len(args) or args[at + 1] not in RULES:
        sys.exit(f"error: --share needs one of {', '.join(RULES)}")
    rule = args[at + 1]
    del args[at:at + 2]
if not args:
    sys.exit("usage: budget-projection.py RUN [FACTOR ...] [--share count|squares|logs]")
try:
    factors = [float(f) for f in args[1:]] or [1, 1.5, 2, 3]
except ValueError:
    sys.exit("error: a FACTOR is a number, e.g. 1.5")
comparisons, sampled = load(args[0])
cells = sum(is_cell for _, _, ratios in comparisons.values() for _, is_cell in ratios)
measured = sum(h > math.log(1 + MARGIN) for _, _, ratios in comparisons.values() for h, is_cell in ratios if is_cell)
print(f"{args[0]}: {sampled:.0f} s of sampling; {measured} of {cells} non-reference cells wider than ±2% as measured")
for factor in factors:
    given = replay(comparisons, factor * sampled, RULES[rule])
    print(f"  {factor:g} × ({factor * sampled:.0f} s), shared by {rule}: {misses(comparisons, given)} projected wider than ±2%"
          + (f"; large: {given['large']} generations" if "large" in given else ""))
