#!/usr/bin/env bash
# Do the paired ratios' 95% intervals cover the truth 95% of the time? This build against an
# identical build of itself (`ab`), so every cell's true ratio is 1: the share of intervals that
# contain 1 is their coverage, whatever the stopping rule, the focusing of generations and the
# machine did to them. (The self-test's A/A pair is two copies of one function at two addresses,
# which may truly differ by a few tenths of a percent; these cannot, but for the roles: the baseline's
# worker is the yardstick, sampled on both sides of this build's.) A benchmark script (minutes).
# Usage: Documentation/studies/aa-coverage.sh RUNS [ab options, e.g. --profile small --precision 0.005;
#   --judge-as-answers stops ratios on the answers' verdicts with the host's state probed, as a
#   catalogue run does, rather than on the gate's threshold]
#   by default the baseline is a byte-identical copy of the binary (another file, as in a real ab);
#   SAME_FILE=1 Documentation/studies/aa-coverage.sh …  the baseline is this very file.
# Keeps the run folders (samples of both builds, so every pair can be rebuilt) and prints, through
# Documentation/studies/aa-coverage.py, each run's intervals that miss 1, the coverage with its 95% (Wilson)
# interval, and its breakdown.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
  .build/release/benchmarks ab --baseline "$baseline" --no-count --no-exact --no-confirm \
    --out "$out/$i" "$@" >/dev/null 2>"$out/$i.log"
  status=$?
  set -e
  [ "$status" -le 1 ] || [ "$status" -eq 4 ] || { echo "run $i: ab failed (exit $status): $(tail -1 "$out/$i.log")" >&2; exit 3; }
  echo "$i $(( $(date +%s) - start ))" >> "$out/seconds"
done
# Identical code judged faster or slower (the answers' false verdicts), then each run's misses, the
# coverage, and why: by stopping point, without the stopping rule, by trim (rebuilt without the
# host's states, as runs before harness 0.7 estimated their ratios).
python3 Documentation/studies/aa-verdicts.py "$out"
python3 Documentation/studies/aa-coverage.py "$out"
