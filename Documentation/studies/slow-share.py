#!/usr/bin/env python3
"""How the machine's slow state decides a run's precision: for each run, the share of its timing
samples taken in the slow state (more than 20% above their cell's fastest tenth, as the run's
report says) beside how many of its timed non-reference cells have a ratio interval within ±2%
(issue #13's target: 95%). Runs are listed from the steadiest.

    python3 Documentation/studies/slow-share.py RUN [RUN ...]

RUN is a run folder (with results.csv and samples.csv).
"""
import math
import sys

import run_pairs

if len(sys.argv) < 2:
    sys.exit(__doc__.strip())
lines = []
for folder in sys.argv[1:]:
    cells = [r for r in run_pairs.timed_cells(folder) if run_pairs.is_non_reference(r)]
    within = sum(run_pairs.log_half_width(r) <= math.log(1.02) for r in cells)
    lines.append((run_pairs.slow_sample_share(folder), f"{within:4d} of {len(cells)} within ±2%", folder))
for share, cells, folder in sorted(lines):
    print(f"{share:6.1%} slow   {cells}   {folder}")
