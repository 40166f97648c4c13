#!/usr/bin/env bash
# The A/B gate in one step: build a base commit in a worktree with its own scratch path, then
# measure the selected cells with the base build's workers and this checkout's, in lockstep.
#   scripts/ab-gate.sh [REF] [ab options…]     REF default: the merge base with main (or HEAD^)
#   scripts/ab-gate.sh HEAD^ --group synthesized-vs-handwritten --quick
# Writes results/runs/<id>/ab.md (a pull-request comment); exit 0 pass, 1 regression, 2 usage, 3 harness.
# For your own package, set PRODUCT (default: benchmarks) to your executable's name.
set -euo pipefail
cd "$(dirname "$0")/.."
product="${PRODUCT:-benchmarks}"
ref="${1:-}"
[ $# -gt 0 ] && shift
if [ -z "$ref" ]; then
  ref=$(git merge-base HEAD main 2>/dev/null || true)
  [ -n "$ref" ] && [ "$ref" != "$(git rev-parse HEAD)" ] || ref="HEAD^"
fi
base_commit=$(git rev-parse --verify "$ref^{commit}") || { echo "error: no commit '$ref'" >&2; exit 2; }
worktree=".build-base/src"
rm -rf "$worktree"
git worktree prune
git worktree add --detach "$worktree" "$base_commit" >/dev/null
trap 'git worktree remove --force "$worktree" >/dev/null 2>&1 || true' EXIT
# A user package's base may sit beside a path dependency (../CodableBench): keep relative paths valid
# by building inside the worktree, which has the same layout as the checkout.
echo "building the baseline ($ref = ${base_commit:0:12}) in $worktree" >&2
(cd "$worktree" && swift build -c release --product "$product" --scratch-path ../scratch >&2)
echo "building this checkout" >&2
swift build -c release --product "$product" >&2
baseline=".build-base/scratch/release/$product"
exec ".build/release/$product" ab --baseline "$baseline" "$@"
