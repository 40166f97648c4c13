#!/usr/bin/env python3
"""How each paired ratio varies across several runs, beyond what its intervals allow.

    python3 scripts/ratio-across-runs.py RUN RUN [RUN ...]

RUN is a run folder (ratios.csv). A ratio's interval covers the machine states its run passed
through, not one that lasts the whole run (results/README.md, "What an interval covers"), so the
way to learn whether a ratio holds on this machine is to run the catalogue at different times and
compare. For every ratio present in all the runs, this prints its value in each run, the spread
(largest over smallest), and Cochran's Q test of whether the runs agree within their intervals
(Q = Σ wᵢ (yᵢ − ȳ)², yᵢ the log ratio, wᵢ = 1/vᵢ, vᵢ from the 95% interval as if normal;
"differ" when Q exceeds the chi-square 95% quantile with k − 1 degrees of freedom), and the ratio
pooled over the runs with a 95% interval that counts the differences between runs as well as each
run's own uncertainty: a random-effects mean (DerSimonian–Laird's between-run variance τ², weights
1/(vᵢ + τ²)) with the Hartung–Knapp–Sidik–Jonkman interval (Student's t with k − 1 degrees of
freedom on the weighted spread of the runs, never narrower than the weights alone give), which keeps
its coverage with few runs where a normal interval does not. With two runs t is 12.7: the interval
says how little two runs tell about a ratio that moves between them. Then a summary: how many
ratios spread by less than 2%, how many runs differ beyond their intervals (for all ratios and for
those whose spread is under 2%), and how many pooled intervals lie within ±2%. Ratios are listed
widest spread first.
"""
import math
import sys

import run_pairs

# Chi-square and Student's t 97.5% (two-sided 95%) quantiles by degrees of freedom (standard tables).
CHI2_95 = [3.841, 5.991, 7.815, 9.488, 11.070, 12.592, 14.067, 15.507, 16.919, 18.307]
T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228]


def log_and_variance(row):
    return math.log(float(row["ratio"])), max(run_pairs.log_half_width(row) / 1.96, 1e-9) ** 2


def pooled(values):
    """(Cochran's Q, log ratio, 95% half-width) over the runs' (log ratio, variance) `values`: the
    pooled ratio by DerSimonian–Laird random effects, with the Hartung–Knapp–Sidik–Jonkman interval
    (q at least 1)."""
    k = len(values)
    weights = [1 / v for _, v in values]
    fixed = sum(w * y for w, (y, _) in zip(weights, values)) / sum(weights)
    q = sum(w * (y - fixed) ** 2 for w, (y, _) in zip(weights, values))
    tau2 = max(0.0, (q - (k - 1)) / (sum(weights) - sum(w * w for w in weights) / sum(weights)))
    random = [1 / (v + tau2) for _, v in values]
    mean = sum(w * y for w, (y, _) in zip(random, values)) / sum(random)
    spread = sum(w * (y - mean) ** 2 for w, (y, _) in zip(random, values)) / (k - 1)
    return q, mean, T_975[k - 2] * math.sqrt(max(spread, 1.0) / sum(random))


if len(sys.argv) < 3:
    sys.exit("usage: ratio-across-runs.py RUN RUN [RUN ...]")
if len(sys.argv) - 2 > len(CHI2_95):
    sys.exit(f"error: at most {len(CHI2_95) + 1} runs")
runs = [run_pairs.ratios_by_key(folder) for folder in sys.argv[1:]]
shared = sorted(set.intersection(*(set(r) for r in runs)))
table = []
for key in shared:
    values = [log_and_variance(run[key]) for run in runs]
    q, mean, half = pooled(values)
    spread = math.exp(max(y for y, _ in values) - min(y for y, _ in values)) - 1
    table.append((spread, key, [float(run[key]["ratio"]) for run in runs], q > CHI2_95[len(runs) - 2], (mean, half)))
table.sort(reverse=True)

print(f"{len(shared)} ratios in all {len(runs)} runs")
for spread, (profile, strategy, yardstick), ratios, differ, (mean, half) in table:
    values = " ".join(f"{r:.4g}" for r in ratios)
    print(f"{spread:7.1%}  {'differ' if differ else '      '}  {strategy} / {yardstick} on {profile}: {values}; "
          f"pooled {math.exp(mean):.4g} ({math.exp(mean - half):.4g}–{math.exp(mean + half):.4g})")
steady = [row for row in table if row[0] < 0.02]
print(f"spread under 2% across the runs: {len(steady)} of {len(table)} ({len(steady) / max(len(table), 1):.1%})")
print(f"runs differ beyond their intervals (Q test, 5%): {sum(row[3] for row in table)} of {len(table)}; "
      f"of the ratios that spread under 2%: {sum(row[3] for row in steady)} of {len(steady)}")
firm = sum(math.exp(row[4][1]) - 1 <= 0.02 for row in table)
print(f"pooled intervals within ±2%: {firm} of {len(table)} ({firm / max(len(table), 1):.1%})")
