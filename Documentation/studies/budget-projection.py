#!/usr/bin/env python3
"""What more sampling time, or another way of sharing it, would buy one recorded run: a replay of
the run's scheduling with projected interval widths (a projection, not a measurement).

    python3 Documentation/studies/budget-projection.py RUN [FACTOR ...] [--share RULE] [--full]

RUN is a run folder (samples.csv, ratios.csv, results.csv). Each paired ratio's 95% half-width
is taken to shrink as 1/sqrt(generations) from what the run measured (h × sqrt(G / g), G its own
generations with a pair); each member's sample costs what its samples cost in the run (the sampled
decodes' wall time), and a generation costs its round: two samples of each strategy sampled and
2j + 1 of a yardstick with j of them (blocks sharing the sample where they meet), one of a member
with no yardstick. The replay gives every comparison its first three generations, then the next
one to the comparison that has spent least per ratio still short of ±1% (every ratio until it
has 12 generations), as `GenerationScheduler` did until harness 0.6.1 (or, with `--share`, by
another rule below; `--share capped` is the harness's since 0.6.2),
until the sampling time is FACTOR × the run's (default factors: 1, 1.5, 2, 3); a comparison
stops once every ratio is within ±1% after 12 generations, or at 200. From its 12th generation
on, a comparison samples only the ratios still short of ±1% and their yardsticks, as the harness
does since 0.6.0 (`LockstepSchedule.focused`); `--full` replays every generation with all its
members, as before. Printed per factor: the timed non-reference cells (results.csv rows with a
ratio to another strategy) projected wider than ±2%, the run's own count first, and `large`'s
generations.

Rules compared with `count` (the number of ratios short of ±1%, the harness's until 0.6.1, and
the default here so that the figures of earlier runs replay as recorded), each a claim per
comparison: `squares`, the sum of (h / 1%)² over those ratios (time to the widest); `logs`, the sum
of log(h / 1%) (time to those furthest from the target, in proportion); `capped`, the sum of
(h / 1%)² with each term kept between 1 and 16 (the harness's rule since 0.6.2,
`GenerationScheduler.claim`).
"""
import math
import sys
from collections import Counter, defaultdict, namedtuple

import run_pairs

TARGET, MARGIN, FLOOR, MOST = 0.01, 0.02, 12, 200
RULES = {
    "count": lambda widths: len(widths),
    "squares": lambda widths: sum((h / TARGET) ** 2 for h in widths),
    "logs": lambda widths: sum(math.log(h / TARGET) for h in widths),
    "capped": lambda widths: sum(min(max((h / TARGET) ** 2, 1), 16) for h in widths),
}


# A paired ratio as the run measured it: its log half-width and generations with a pair, and
# whether it is a timed non-reference cell (what the targets count).
Ratio = namedtuple("Ratio", "strategy yardstick half_width generations is_cell")


class Comparison:
    """One payload's members: each one's mean sample cost, and its `Ratio`s."""

    def __init__(self):
        self.cost = {}
        self.ratios = []

    def round_cost(self, ratios, members=()):
        """Seconds of one round sampling `ratios`, and the `members` with no ratio sampled alone."""
        yardsticks = Counter(r.yardstick for r in ratios)
        paired = {r.strategy for r in ratios} | set(yardsticks)
        return (sum(2 * self.cost[r.strategy] for r in ratios)
                + sum((2 * j + 1) * self.cost[y] for y, j in yardsticks.items())
                + sum(self.cost[m] for m in set(members) - paired))


def load(run):
    """{profile: Comparison}, and the run's sampling seconds."""
    samples, ratios = run_pairs.load(run)
    costs = defaultdict(list)
    for s in samples:
        costs[(s["profile"], s["strategy"])].append(float(s["wall_ns"]) * int(s["decodes"]) / 1e9)
    comparisons = defaultdict(Comparison)
    for (profile, member), seconds in costs.items():
        comparisons[profile].cost[member] = sum(seconds) / len(seconds)
    cells = {(r["profile"], r["strategy"], r["ratio_to"]) for r in run_pairs.timed_cells(run) if run_pairs.is_non_reference(r)}
    for r in ratios:
        if r["profile"] in comparisons and int(r["generations"]) > 0:
            comparisons[r["profile"]].ratios.append(
                Ratio(r["strategy"], r["yardstick"], run_pairs.log_half_width(r), int(r["generations"]),
                      (r["profile"], r["strategy"], r["yardstick"]) in cells))
    return comparisons, sum(sum(seconds) for seconds in costs.values())


def width(ratio, generations):
    """A ratio's projected half-width after `generations` of its own."""
    return ratio.half_width * math.sqrt(ratio.generations / generations)


def replay(comparisons, budget, claim, focus=True):
    """Generations each comparison and each ratio get within `budget` sampling seconds under rule
    `claim`: ({profile: generations}, {(profile, strategy): generations})."""
    own = {(p, r.strategy): 0 for p, c in comparisons.items() for r in c.ratios}

    def short(p):
        """p's ratios still wider than the target (all of them below the floor)."""
        ratios = comparisons[p].ratios
        if given[p] < FLOOR:
            return ratios
        return [r for r in ratios if width(r, own[(p, r.strategy)]) > math.log(1 + TARGET)]

    def sample(p):
        """One generation of p, every member's or, from the floor on, the short ratios'; its cost."""
        c = comparisons[p]
        everyone = not focus or given[p] < FLOOR
        sampled = c.ratios if everyone else short(p)
        for r in sampled:
            own[(p, r.strategy)] += 1
        given[p] += 1
        seconds = c.round_cost(sampled, c.cost if everyone else ())
        spent[p] += seconds
        return seconds

    given = {p: 0 for p in comparisons}
    spent = {p: 0.0 for p in comparisons}
    total = sum(sample(p) for p in comparisons for _ in range(3))
    open_ = {p for p in comparisons if comparisons[p].ratios}
    while open_ and total < budget:
        def priority(p):
            weight = claim([width(r, own[(p, r.strategy)]) for r in short(p)])  # 0 for no short ratio
            return (spent[p] / weight if weight > 0 else math.inf, p)

        p = min(open_, key=priority)
        if given[p] >= MOST or (given[p] >= FLOOR and not short(p)):
            open_.discard(p)
            continue
        total += sample(p)
    return given, own


def misses(comparisons, own):
    return sum(width(r, own[(p, r.strategy)]) > math.log(1 + MARGIN)
               for p, c in comparisons.items() for r in c.ratios if r.is_cell)


args = sys.argv[1:]
rule = "count"
if "--share" in args:
    at = args.index("--share")
    if at + 1 >= len(args) or args[at + 1] not in RULES:
        sys.exit(f"error: --share needs one of {', '.join(RULES)}")
    rule = args[at + 1]
    del args[at:at + 2]
focus = "--full" not in args
args = [a for a in args if a != "--full"]
if not args:
    sys.exit("usage: budget-projection.py RUN [FACTOR ...] [--share count|squares|logs|capped] [--full]")
try:
    factors = [float(f) for f in args[1:]] or [1, 1.5, 2, 3]
except ValueError:
    sys.exit("error: a FACTOR is a number, e.g. 1.5")
comparisons, sampled = load(args[0])
cells = sum(r.is_cell for c in comparisons.values() for r in c.ratios)
measured = sum(r.half_width > math.log(1 + MARGIN) for c in comparisons.values() for r in c.ratios if r.is_cell)
print(f"{args[0]}: {sampled:.0f} s of sampling; {measured} of {cells} non-reference cells wider than ±2% as measured")
for factor in factors:
    given, own = replay(comparisons, factor * sampled, RULES[rule], focus)
    print(f"  {factor:g} × ({factor * sampled:.0f} s), shared by {rule}, {'focused' if focus else 'full'} generations:"
          f" {misses(comparisons, own)} projected wider than ±2%"
          + (f"; large: {given['large']} generations" if "large" in given else ""))
