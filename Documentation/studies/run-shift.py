#!/usr/bin/env python3
"""Do some ratios move together from run to run? The shift each run gives them in common.

    python3 Documentation/studies/run-shift.py --match PATTERN RUN RUN [RUN ...]

RUN is a run folder (ratios.csv); PATTERN picks ratios by a substring of their strategy or
yardstick (e.g. `jsonserialization`). For the ratios present in every run, a ratio's deviation in
a run is its log ratio less its mean over the runs; a run's shift for a set of ratios is the mean
of their deviations. Printed per run, in the order given: the shift of the matched ratios and of
the others (reference strategies, `ref-*`, left out of the others: they compare kinds of work on
purpose), and the share of the run's samples taken in the machine's slow state (samples.csv, as
its report says). Then, over the runs: the standard deviation of each set's shift, its
correlation with the slow-state share, and the matched ratios' own standard deviation across
runs before and after taking out their run's shift; and, between each run and the next, the
share of each set (and of both) that moved by less than 2%, and in how many pairs of successive
runs that share reached 95% (issue #13's back-to-back figure).

Why: a ratio between code of different kinds (an object tree built by JSONSerialization against
JSONDecoder) depends on the machine's memory state, which on this project's VMs drifts over
minutes to hours (Documentation/Notebook.md, "What an interval covers"). If the matched ratios move as one
and the others do not, what moved them is the run's moment, not the code or the harness's noise,
and no amount of sampling within one run settles it. A benchmark script: it reads recorded runs.
"""
import math
import statistics
import sys

import run_pairs


def correlation(x, y):
    """Pearson's r, computed here: the statistics module has it from Python 3.10, the Command Line Tools ship 3.9."""
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return sxy / (sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y)) ** 0.5


def load(folder):
    return {key: math.log(float(row["ratio"])) for key, row in run_pairs.ratios_by_key(folder).items()}


arguments = sys.argv[1:]
if len(arguments) < 4 or arguments[0] != "--match":
    sys.exit("usage: run-shift.py --match PATTERN RUN RUN [RUN ...]")
pattern, folders = arguments[1], arguments[2:]
runs = [load(folder) for folder in folders]
shared = sorted(set.intersection(*(set(run) for run in runs)))
matched = [key for key in shared if pattern in key[1] or pattern in key[2]]
others = [key for key in shared if key not in matched and not key[1].startswith("ref-")]
if not matched or not others:
    sys.exit(f"error: {len(matched)} ratios match '{pattern}' and {len(others)} do not, in all {len(runs)} runs")

mean = {key: statistics.fmean(run[key] for run in runs) for key in shared}


def shift(run, keys):
    return statistics.fmean(run[key] - mean[key] for key in keys)


matched_shifts = [shift(run, matched) for run in runs]
other_shifts = [shift(run, others) for run in runs]
print(f"{len(runs)} runs; {len(matched)} ratios match '{pattern}', {len(others)} others (no ref-*)")
# How much of each run the machine spent in its slow state (as its report says).
slow_shares = [run_pairs.slow_sample_share(folder) for folder in folders]
print("  shift: matched   others   slow state  run")
for folder, m, o, slow in zip(folders, matched_shifts, other_shifts, slow_shares):
    print(f"        {m:+7.2%}  {o:+7.2%}  {slow:9.1%}  {folder}")
print(f"sd of the run's shift over the runs: matched {statistics.stdev(matched_shifts):.2%}, "
      f"others {statistics.stdev(other_shifts):.2%}")
print(f"correlation of the matched shift with the run's slow-state share: r = "
      f"{correlation(matched_shifts, slow_shares):.2f}")
before = [statistics.stdev(run[key] for run in runs) for key in matched]
after = [statistics.stdev(run[key] - s for run, s in zip(runs, matched_shifts)) for key in matched]
print(f"matched ratios' sd across runs, median over them: {statistics.median(before):.2%}; "
      f"with their run's shift taken out: {statistics.median(after):.2%}")


def steady(keys):
    per_pair = [sum(abs(math.exp(b[key] - a[key]) - 1) < 0.02 for key in keys) for a, b in zip(runs, runs[1:])]
    moved = sum(per_pair)
    total = len(keys) * len(per_pair)
    met = sum(count >= 0.95 * len(keys) for count in per_pair)
    return f"{moved} of {total} ({moved / total:.1%}; 95% or more in {met} of {len(per_pair)} pairs of runs)"


print(f"moved by less than 2% from each run to the next: matched {steady(matched)}, others {steady(others)}, "
      f"both {steady(matched + others)}")
