#!/usr/bin/env python3
"""Precision and repeatability of the paired ratios of one or two runs (issue #13's targets).

    python3 Documentation/studies/ratio-stability.py RUN_A [RUN_B]

RUN is a run folder (with results.csv, ratios.csv and run.json). Prints, for each run, its time
and duty cycle, the share of its timing samples taken in the machine's slow state (as its
report says), and how many of its timed non-reference cells (results.csv rows whose ratio is to
another strategy) and of all its paired ratios (ratios.csv, group references against the anchor
included) have a 95% interval within ±2% (and ±1%); with two runs, how many ratios (and how many
non-reference cells) moved by less than 2% between them (and which cells did not, with the sign
of their move), how many moved beyond what their intervals allow, and the ones that moved most.
"""
import json
import math
import sys

import run_pairs


def load(folder):
    info = json.load(open(f"{folder}/run.json"))
    timed = run_pairs.timed_cells(folder)
    non_reference = [r for r in timed if run_pairs.is_non_reference(r)]
    return run_pairs.ratios_by_key(folder), info, non_reference, timed


def half_width(r):
    return math.exp(run_pairs.log_half_width(r)) - 1


runs = [load(f) for f in sys.argv[1:3]]
for folder, (ratios, info, cells, timed) in zip(sys.argv[1:3], runs):
    c2 = sum(half_width(r) <= 0.02 for r in cells)
    c1 = sum(half_width(r) <= 0.01 for r in cells)
    print(f"{folder}: {len(timed)} timed cells, {len(cells)} with a ratio to another strategy: {c2} ({c2 / max(len(cells), 1):.1%}) "
          f"within ±2%, {c1} ({c1 / max(len(cells), 1):.1%}) within ±1%")
    n = len(ratios)
    within2 = sum(half_width(r) <= 0.02 for r in ratios.values())
    within1 = sum(half_width(r) <= 0.01 for r in ratios.values())
    duty = info["measuredSeconds"] / info["totalSeconds"]
    print(f"{folder}: {info['cells']} cells in {info['totalSeconds']:.0f} s, duty cycle {duty:.0%}; "
          f"{n} paired ratios, {within2} ({within2 / max(n, 1):.1%}) within ±2%, {within1} ({within1 / max(n, 1):.1%}) within ±1%; "
          f"machine in its slow state in {run_pairs.slow_sample_share(folder):.1%} of the timing samples")
if len(runs) == 2:
    a, b = runs[0][0], runs[1][0]
    shared = sorted(set(a) & set(b))
    moves = sorted(((abs(float(b[k]["ratio"]) / float(a[k]["ratio"]) - 1), k) for k in shared), reverse=True)
    stable = sum(m < 0.02 for m, _ in moves)
    print(f"ratios that moved by less than 2%: {stable} of {len(shared)} ({stable / max(len(shared), 1):.1%})")
    # The same for the timed non-reference cells alone (results.csv rows with a ratio to another
    # strategy), the cells of the first line above.
    cells_a, cells_b = ({(r["profile"], r["strategy"], r["ratio_to"]): float(r["ratio"]) for r in run[2]} for run in runs)
    cell_moves = {k: cells_b[k] / cells_a[k] - 1 for k in set(cells_a) & set(cells_b)}
    cells_stable = sum(abs(move) < 0.02 for move in cell_moves.values())
    print(f"non-reference cells whose ratio moved by less than 2%: {cells_stable} of {len(cell_moves)} "
          f"({cells_stable / max(len(cell_moves), 1):.1%})")
    # The cells that missed, signed: a machine whose state differs between the runs moves the
    # ratios across kinds of work (JSONSerialization against Codable) all the same way.
    for (profile, strategy, yardstick), move in sorted(cell_moves.items(), key=lambda item: (item[1], item[0])):
        if abs(move) >= 0.02:
            print(f"  {move:+6.1%}  {strategy} / {yardstick} on {profile}")
    # Do the intervals cover what the next run finds? A move beyond 1.96 standard errors of the
    # difference (each run's from its own 95% interval) should happen to about 5% of the ratios.
    def standard_error(r):
        return run_pairs.log_half_width(r) / 1.96
    beyond = [k for k in shared
              if abs(math.log(float(b[k]["ratio"]) / float(a[k]["ratio"])))
              > 1.96 * math.hypot(standard_error(a[k]), standard_error(b[k]))]
    print(f"ratios that moved beyond their two intervals (|z| > 1.96): {len(beyond)} of {len(shared)} "
          f"({len(beyond) / max(len(shared), 1):.1%}; about 5% if the intervals cover the run-to-run variation)")
    for m, (profile, strategy, yardstick) in moves[:8]:
        print(f"  {m:6.1%}  {strategy} / {yardstick} on {profile}")
