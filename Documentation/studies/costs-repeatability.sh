#!/usr/bin/env bash
# Two runs with --instructions on every *-small profile of the catalogue, then the check issue #16
# asks for: both write costs.csv, both reports show the breakdown, and the breakdowns are identical
# (every function's category, self and inclusive instructions, calls and allocations; run ids and
# row order aside). Also prints each run's wall time.
# Usage: Documentation/studies/costs-repeatability.sh [extra `benchmarks run` options]
# Needs valgrind. A benchmark script: it takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product benchmarks >/dev/null
profiles=()
for file in Data/profiles/*-small.json Data/profiles/small.json; do
  profiles+=(--profile "$(basename "$file" .json)")
done
out=$(mktemp -d)
for i in 1 2; do
  start=$(python3 -c 'import time; print(time.time_ns())')
  .build/release/benchmarks run --quick --no-count --instructions "${profiles[@]}" --out "$out/$i" "$@" \
    >/dev/null 2>"$out/$i.log"
  end=$(python3 -c 'import time; print(time.time_ns())')
  echo "run $i: $(( (end - start) / 1000000000 )) s, $(($(wc -l < "$out/$i/latest/costs.csv") - 1)) costs.csv rows"
  grep -q "Where the instructions go" "$out/$i/latest/report.md"
  grep -q "instructions per decode by category (callgrind)" "$out/$i/latest/report.html"
done
for i in 1 2; do cut -d, -f2- "$out/$i/latest/costs.csv" | sort > "$out/$i.costs"; done
if cmp -s "$out/1.costs" "$out/2.costs"; then
  echo "identical breakdowns: $(wc -l < "$out/1.costs") rows (results in $out)"
else
  echo "breakdowns differ (results in $out):"
  diff "$out/1.costs" "$out/2.costs" | head -20
  exit 1
fi
