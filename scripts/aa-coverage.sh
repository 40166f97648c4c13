#!/usr/bin/env bash
# Do the paired ratios' 95% intervals cover the truth 95% of the time? This build against an
# identical build of itself (`ab`), so every cell's true ratio is 1: the share of intervals that
# contain 1 is their coverage, whatever the stopping rule, the focusing of generations and the
# machine did to them. (The self-test's A/A pair is two copies of one function at two addresses,
# which may truly differ by a few tenths of a percent; these cannot, but for the roles: the baseline's
# worker is the yardstick, sampled on both sides of this build's.) A benchmark script (minutes).
# Usage: scripts/aa-coverage.sh RUNS [ab options, e.g. --profile small --precision 0.005]
#   by default the baseline is a byte-identical copy of the binary (another file, as in a real ab);
#   SAME_FILE=1 scripts/aa-coverage.sh …  the baseline is this very file.
# Prints each run's intervals that miss 1, then the coverage with its 95% (Wilson) interval, and
# keeps the run folders (samples of both builds, so every pair can be rebuilt: scripts/aa-coverage.py
# then breaks the coverage down).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:?usage: aa-coverage.sh RUNS [ab options…]}"
shift
swift build -c release --product benchmarks >&2
baseline=.build/release/benchmarks
if [ "${SAME_FILE:-0}" != 1 ]; then
  mkdir -p .build-base/aa
  cp .build/release/benchmarks .build-base/aa/benchmarks
  baseline=.build-base/aa/benchmarks
fi
out=$(mktemp -d)
echo "runs in $out (each ab run folder, its baseline/ with the baseline's samples)" >&2
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  set +e
  .build/release/benchmarks ab --baseline "$baseline" --no-count --no-confirm \
    --out "$out/$i" "$@" >/dev/null 2>"$out/$i.log"
  status=$?
  set -e
  [ "$status" -le 1 ] || { echo "run $i: ab failed (exit $status): $(tail -1 "$out/$i.log")" >&2; exit 3; }
  echo "$i $(( $(date +%s) - start ))" >> "$out/seconds"
done
python3 - "$out" "$runs" <<'PY'
import csv, math, sys
out, runs = sys.argv[1], int(sys.argv[2])
seconds = dict(line.split() for line in open(f"{out}/seconds"))
total = covered = 0
for i in range(1, runs + 1):
    rows = [r for r in csv.DictReader(open(f"{out}/{i}/latest/ratios.csv")) if r["yardstick"] == "baseline"]
    misses = [r for r in rows if not float(r["ratio_ci95_low"]) <= 1 <= float(r["ratio_ci95_high"])]
    total += len(rows); covered += len(rows) - len(misses)
    listed = "; ".join(
        f"{r['strategy']} on {r['profile']} {float(r['ratio']):.4f} ({float(r['ratio_ci95_low']):.4f}–"
        f"{float(r['ratio_ci95_high']):.4f}), {r['generations']} generations" for r in misses)
    print(f"run {i:2} ({seconds[str(i)]} s): {len(rows) - len(misses)} of {len(rows)} intervals contain 1"
          + (f"; missed: {listed}" if misses else ""))
if total:
    p, z = covered / total, 1.96
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    print(f"coverage: {covered} of {total} intervals contain 1 = {100 * p:.1f}% "
          f"(95% interval {100 * (centre - half):.1f}–{100 * (centre + half):.1f}%; the target is 95%)")
PY
# Why the misses: coverage by stopping point, without the stopping rule, and by trim.
python3 scripts/aa-coverage.py "$out"
