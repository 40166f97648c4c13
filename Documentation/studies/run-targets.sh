#!/usr/bin/env bash
# Issue #13's run targets, measured: two default runs back to back (the full catalogue, as
# `swift run -c release benchmarks` runs it after the build), then `--quick` once. Prints each
# run's wall-clock seconds (target: ≤ 300 s, `--quick` ≤ 90 s), then ratio-stability.py's
# duty cycle (≥ 80%), share of non-reference cells within ±2% (≥ 95%), share of the run's samples
# taken in the machine's slow state (what the ±2% figure depends on most; Documentation/Notebook.md) and
# share of ratios that moved by less than 2% between the two runs (≥ 95%).
# Usage: Documentation/studies/run-targets.sh [OUT_DIR]   (default: a fresh temporary folder)
# A benchmark script (timing targets are measured here, never asserted in unit tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
swift build -c release --product benchmarks >/dev/null
timed_run() {
  local name=$1
  shift
  local start end
  start=$(python3 -c 'import time; print(time.time_ns())')
  .build/release/benchmarks run --corpus-dir ../shared/corpora --out "$out/$name" "$@" >"$out/$name.log" 2>&1
  end=$(python3 -c 'import time; print(time.time_ns())')
  echo "$name: $(((end - start) / 1000000)) ms wall clock ($*)"
}
timed_run first
# The corpora (../shared/corpora) are part of the default catalogue when found; say which was run.
grep '^skipping' "$out/first.log" || echo "corpora found: the whole default catalogue"
timed_run second
timed_run quick --quick
python3 Documentation/studies/ratio-stability.py "$out/first/latest" "$out/second/latest"
echo "runs kept in $out"
