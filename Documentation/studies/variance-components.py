#!/usr/bin/env python3
"""Where a run's ratio intervals get their width: per lockstep comparison (one payload), how much
the per-generation ratio spreads, how much of that spread all its strategies share, and what the
widest intervals would cost to bring within ±2%.

    python3 Documentation/studies/variance-components.py RUN

RUN is a run folder (samples.csv, ratios.csv, pairs.csv): the pairs as the harness wrote them (a
strategy sample between two samples of its yardstick, on CPU times per decode). Per comparison, medians over its strategies:

- pairs/gen: pairs per process generation (1 with the default plan);
- pair sd: spread of the log ratios of pairs inside one generation (shown only with ≥ 2 pairs a
  generation);
- gen sd: spread of the generations' mean log ratios; what the interval is built from;
- shared: median correlation, over pairs of strategies with the same yardstick, of their
  per-generation ratios. Near 0: each strategy's own process varies; high: the spread comes from
  the yardstick's process (or the moment) and moves every ratio of the comparison together;
- p90 hw: the 90th-percentile cell's 95% half-width; and a projection, assuming the half-width
  shrinks as 1/sqrt(generations), of the generations (and sampling seconds, at this run's cost per
  generation) that cell would need for ±2%. A projection, not a measurement.
"""
import math
import statistics
import sys
from collections import defaultdict
from itertools import combinations

import run_pairs


def correlation(x, y):
    """Pearson's r, computed here: the statistics module has it from Python 3.10, the Command Line Tools ship 3.9."""
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / (sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y)) ** 0.5

if len(sys.argv) != 2:
    sys.exit("usage: variance-components.py RUN_FOLDER")
samples, ratios = run_pairs.load(sys.argv[1])
half_widths = defaultdict(list)
for r in ratios:
    half_widths[r["profile"]].append(run_pairs.log_half_width(r))

# profile -> strategy -> generation -> log ratios of its pairs
pairs = defaultdict(lambda: defaultdict(dict))
for (profile, strategy, _), generations in run_pairs.pairs(sys.argv[1]).items():
    for generation, taken in generations.items():
        pairs[profile][strategy][generation] = [log_ratio for log_ratio, _ in taken]
yardstick = {(r["profile"], r["strategy"]): r["yardstick"] for r in ratios}
sampling_seconds = defaultdict(float)
generations = defaultdict(set)
for (profile, generation), rows in run_pairs.by_generation(samples).items():
    generations[profile].add(generation)
    sampling_seconds[profile] += sum(float(r["wall_ns"]) * int(r["decodes"]) for r in rows) / 1e9

def median(values):
    return statistics.median(values) if values else float("nan")


def show(value, width):
    return f"{value:{width}.3f}" if not math.isnan(value) else f"{'-':>{width}}"


print(f"{'comparison':26} {'cells':>5} {'gens':>4} {'pairs/gen':>9} {'pair sd':>7} {'gen sd':>6} {'shared':>6} "
      f"{'p90 hw':>6}  projection for ±2%")
total_now = total_needed = 0.0
for profile in sorted(pairs, key=lambda p: -sampling_seconds[p]):
    strategies = pairs[profile]
    per_gen = median([statistics.mean(len(v) for v in gens.values()) for gens in strategies.values()])
    pair_sd = float("nan") if per_gen < 2 else median(
        [statistics.mean(statistics.stdev(v) for v in gens.values() if len(v) > 1)
         for gens in strategies.values() if any(len(v) > 1 for v in gens.values())])
    gen_sd = median([statistics.stdev([statistics.mean(v) for v in gens.values()])
                     for gens in strategies.values() if len(gens) > 2])
    correlations = []
    for a, b in combinations(sorted(strategies), 2):
        if yardstick[(profile, a)] != yardstick[(profile, b)]:
            continue
        common = sorted(set(strategies[a]) & set(strategies[b]))
        if len(common) > 3:
            x = [statistics.mean(strategies[a][g]) for g in common]
            y = [statistics.mean(strategies[b][g]) for g in common]
            if statistics.pstdev(x) > 0 and statistics.pstdev(y) > 0:
                correlations.append(correlation(x, y))
    widths = sorted(half_widths[profile])
    p90 = widths[int(0.9 * (len(widths) - 1))]
    n = len(generations[profile])
    per_generation = sampling_seconds[profile] / n
    needed = max(n * (p90 / math.log(1.02)) ** 2, n)
    total_now += sampling_seconds[profile]
    total_needed += needed * per_generation
    print(f"{profile:26} {len(widths):5} {n:4} {per_gen:9.1f} {show(pair_sd, 7)} {show(gen_sd, 6)} {show(median(correlations), 6)} "
          f"{math.exp(p90) - 1:6.1%}  ~{needed:.0f} generations, ~{needed * per_generation:.0f} s sampling "
          f"({per_generation:.2f} s each)")
print(f"sampling in this run: {total_now:.0f} s; projected for every comparison's p90 cell within ±2%: ~{total_needed:.0f} s")
