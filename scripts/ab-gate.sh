#!/usr/bin/env bash
# Run by: anyone gating a change of their package (CI: the newest commit that changes code, a heavy check).
# The A/B gate in one step, for the package in the current folder (this project, or yours): build a
# base commit in a git worktree with its own scratch path, build this checkout, then measure the
# selected cells with the base build's workers and this build's, in lockstep.
#   scripts/ab-gate.sh [REF] [ab options…]     REF default: the merge base with main (or HEAD^)
#   scripts/ab-gate.sh HEAD^ --group synthesized-vs-handwritten --quick
#   (cd Examples/OrdersBench && PRODUCT=orders-bench bash ../../scripts/ab-gate.sh HEAD^ --quick)
# Writes results/runs/<id>/ab.md (a pull-request comment); exit 0 pass, 1 regression, 2 usage, 3 harness,
# 4 no regression seen but some cell judged by neither the exact measures nor time.
set -euo pipefail
product="${PRODUCT:-benchmarks}"
[ -f Package.swift ] || { echo "error: run from the package's folder (no Package.swift here)" >&2; exit 2; }
ref="${1:-}"
[ $# -gt 0 ] && shift
if [ -z "$ref" ]; then
  ref=$(git merge-base HEAD main 2>/dev/null || true)
  [ -n "$ref" ] && [ "$ref" != "$(git rev-parse HEAD)" ] || ref="HEAD^"
fi
base_commit=$(git rev-parse --verify --quiet "$ref^{commit}") || { echo "error: no commit '$ref'" >&2; exit 2; }
prefix=$(git rev-parse --show-prefix)   # the package's folder inside the repository
base=".build-base"
worktree="$base/src"
rm -rf "$worktree"
git worktree prune
git worktree add --detach "$worktree" "$base_commit" >/dev/null
trap 'git worktree remove --force "'"$worktree"'" >/dev/null 2>&1 || true' EXIT
# Built inside the worktree, where a path dependency (../..) points at the base commit's files too.
echo "building the baseline ($ref = ${base_commit:0:12})" >&2
scratch="$(pwd)/$base/scratch"
(cd "$worktree/$prefix" && swift build -c release --product "$product" --scratch-path "$scratch" >&2)
echo "building this checkout" >&2
swift build -c release --product "$product" >&2
# Changes made on purpose, declared by the commits under test with a trailer in their messages:
#   CodableBench-Change: handwritten/small: adds a validation pass (or `handwritten: …` for every payload)
# The gate lists the cells they name as declared instead of failing on them.
declared=()
while IFS= read -r line; do
  [ -n "$line" ] && declared+=(--declare "$line")
done < <(git log --format='%(trailers:key=CodableBench-Change,valueonly)' "$base_commit..HEAD")
[ ${#declared[@]} -gt 0 ] && echo "declared by the commits: ${#declared[@]} change(s)" >&2
exec "$(swift build -c release --show-bin-path)/$product" ab --baseline "$base/scratch/release/$product" \
  ${declared[@]+"${declared[@]}"} "$@"
