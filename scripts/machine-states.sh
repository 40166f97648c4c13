#!/usr/bin/env bash
# Run by: users and maintainers asking how their machine moves over time.
# How this machine's compute speed and memory latency change over time, on the CPU the lockstep
# workers sample on (the last one): scripts/machine-states.c, built with cc, prints one line per
# 5-second bin, then the spread of each column over the bins (largest bin over smallest).
# With `two-cpus`, the loops alternate between that CPU and the first one, and the summary adds
# how closely the two CPUs' states follow each other: if they moved apart, a run could sample on
# whichever is faster; if they move together, the states are the whole VM's.
# Usage: scripts/machine-states.sh [SECONDS] [two-cpus]   (default 90; run it on an idle machine)
# A benchmark script: what it prints describes the machine at that time, nothing is asserted.
# linux-only: it pins its loops to CPUs with sched_setaffinity, which macOS does not have.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-90}
binary=$(mktemp)
trap 'rm -f "$binary" "$binary.txt"' EXIT
cc -O2 -o "$binary" scripts/machine-states.c
cpu=$(($(nproc) - 1))
if [ "${2:-}" = two-cpus ]; then
  "$binary" "$cpu" "$seconds" 0 | tee "$binary.txt"
else
  "$binary" "$cpu" "$seconds" | tee "$binary.txt"
fi
python3 - "$binary.txt" <<'PY'
import statistics
import sys
rows = [line.split() for line in open(sys.argv[1])][1:]
if len(rows[0]) == 4:
    for index, name in ((1, "memory latency"), (2, "compute time"), (3, "their ratio")):
        values = [float(row[index]) for row in rows]
        print(f"{name}: spread {max(values) / min(values):.2f}x over {len(values)} bins")
else:
    for first, name in ((1, "memory latency"), (3, "compute time")):
        a, b = ([float(row[index]) for row in rows] for index in (first, first + 1))
        between = [x / y for x, y in zip(a, b)]
        print(f"{name}: spread {max(a) / min(a):.2f}x and {max(b) / min(b):.2f}x on the two CPUs over {len(a)} bins; "
              f"between them {min(between):.2f}-{max(between):.2f}x, correlation r = {statistics.correlation(a, b):.2f}")
PY
