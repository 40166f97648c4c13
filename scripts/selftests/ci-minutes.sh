#!/usr/bin/env bash
# linux-only: runs .ci/run, which is Linux CI's.
# Run by: maintainers, to measure how long CI takes to answer a kind of change (issue 63's target:
# ten minutes for an ordinary change).
#
# How long `.ci/run` takes on a fresh clone of this checkout's HEAD for one kind of change: the
# clone gets one commit on top, made here, and `../shared` beside it as CI has. Prints the wall
# time and each step's start (the `== step (at N s)` lines of .ci/run and .ci/heavy).
#   readme    a line appended to README.md (no source changes: no A/B gate, no heavy check)
#   strategy  a comment appended to one strategy's file (Benchmarks/LossyArrays)
#   none      HEAD as it is
# Usage: bash scripts/selftests/ci-minutes.sh readme|strategy|none [OUT_DIR]
# A benchmark script (CI's time is measured here, never asserted in a test).
set -euo pipefail
cd "$(dirname "$0")/../.."
change=${1:?"usage: ci-minutes.sh readme|strategy|none [OUT_DIR]"}
out=${2:-$(mktemp -d)}
mkdir -p "$out" && out=$(cd "$out" && pwd)  # the log's folder, absolute: .ci/run runs in the clone
shared=$(cd .. && pwd)/shared
[ -d "$shared" ] || { echo "no ../shared beside this checkout: CI has one" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT  # the clone and its builds, also after Ctrl-C
git clone -q . "$work/main"
ln -s "$shared" "$work/shared"
cd "$work/main"
git config user.email ci-minutes@localhost
git config user.name ci-minutes
case $change in
readme) echo "<!-- ci-minutes: a change to the README -->" >>README.md ;;
strategy) echo "// ci-minutes: a change to one strategy" >>Benchmarks/LossyArrays/LossyArraysStrategies.swift ;;
none) ;;
*)
  echo "unknown change: $change (readme, strategy or none)" >&2
  exit 2
  ;;
esac
[ "$change" = none ] || git commit -q -am "ci-minutes: $change"

start=$(date +%s)
status=0
bash .ci/run >"$out/ci-$change.log" 2>&1 || status=$?
seconds=$(($(date +%s) - start))
grep '^== ' "$out/ci-$change.log" || true
echo "ci-minutes $change: exit $status after $((seconds / 60)) min $((seconds % 60)) s (log: $out/ci-$change.log)"
exit "$status"
