#!/usr/bin/env bash
# How this machine's compute speed and memory latency change over time, on the CPU the lockstep
# workers sample on (the last one): scripts/machine-states.c, built with cc, prints one line per
# 5-second bin, then the spread of each column over the bins (largest bin over smallest).
# Usage: scripts/machine-states.sh [SECONDS]   (default 90)
# A benchmark script: what it prints describes the machine at that time, nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-90}
binary=$(mktemp)
trap 'rm -f "$binary" "$binary.txt"' EXIT
cc -O2 -o "$binary" scripts/machine-states.c
cpu=$(($(nproc) - 1))
"$binary" "$cpu" "$seconds" | tee "$binary.txt"
python3 - "$binary.txt" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])][1:]
for index, name in ((1, "memory latency"), (2, "compute time"), (3, "their ratio")):
    values = [float(row[index]) for row in rows]
    print(f"{name}: spread {max(values) / min(values):.2f}x over {len(values)} bins")
PY
