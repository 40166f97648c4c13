#!/usr/bin/env bash
# Run by: maintainers, when the exact gate changes.
# Does the A/B gate, at CI's settings, catch what it should and nothing else? Builds variants of
# this checkout, each one planted change, and runs the gate (this checkout's build as the baseline,
# the variant as the build under test) RUNS times each, printing exit statuses and flagged cells.
#   scripts/selftests/exact-gate-selftest.sh [RUNS] [VARIANT…]
# Variants: comment (a comment in handwritten's model), instructions (work once per decode in
# handwritten's feed: about +38k instructions, +0.3% of a decode on small, +0.03% on medium), cache (reads that miss the cache in handwritten's decode, few instructions),
# other-group (a lossy-arrays strategy's decode changed: none of the gated cells may be flagged).
# linux-only: a study of this project's CI machine kind (GNU sed -i).
# KEEP=1 keeps each run's folder. Takes about 2 minutes a run plus an incremental build per variant. A study, not a test: CI does
# not run it; its figures are in results/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-3}"
[ $# -gt 0 ] && shift
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(comment instructions cache other-group)

swift build -c release --product benchmarks >&2
baseline="$(swift build -c release --show-bin-path)/benchmarks"
root=".build-variant"
worktree="$root/src"
rm -rf "$worktree"
git worktree prune
git worktree add --detach "$worktree" HEAD >/dev/null
trap 'git worktree remove --force "'"$worktree"'" >/dev/null 2>&1 || true' EXIT
model="$worktree/Benchmarks/SynthesizedVsHandwritten/HandwrittenModel.swift"
lossy="$worktree/Benchmarks/LossyArrays/LossyTechniques.swift"

plant() {
  git -C "$worktree" checkout -q -- .
  case "$1" in
    comment) sed -i 's|^enum Handwritten {|// A comment, and nothing else.\nenum Handwritten {|' "$model" ;;
    instructions | cache)
      # Work once per decode, in the feed's init(from:), kept from the optimizer by an opaque value.
      local work='var sum = 0; for step in 0..<Int(plantedSteps) { sum \&+= step ^ 0x5bd1 }; plantedSink = sum'
      # cache: CACHE_READS reads at scattered places (default 900: about 3% of `handwritten`'s time
      # on small), each address depending on the byte read before it, so that the misses come one
      # after another instead of overlapping.
      [ "$1" = cache ] && work='var at = 1; for _ in 0..<'"${CACHE_READS:-900}"' { at = (at \&* 1_103_515_245 \&+ 12_345 \&+ Int(plantedBuffer[at])) \& (plantedBuffer.count - 1) }; plantedSink = at'
      sed -i "s|            data = try c.decode(FeedData.self, forKey: .data)|            data = try c.decode(FeedData.self, forKey: .data)\n            $work|" "$model"
      cat >>"$model" <<'EOF'

nonisolated(unsafe) var plantedSink = 0
nonisolated(unsafe) var plantedSteps = 17_000.0
/// 64 MiB, read at scattered places: each read misses every cache.
nonisolated(unsafe) var plantedBuffer = [UInt8](repeating: 1, count: 1 << 26)
EOF
      ;;
    other-group)
      # A lossy-arrays strategy (outside the gate's groups) does more work: the binary changes,
      # the gated strategies' code does not.
      grep -qF 'compactMap(\.element)' "$lossy" || { echo "error: $lossy changed; update the script" >&2; exit 2; }
      sed -i 's|compactMap(\\.element)|compactMap(\\.element).filter { $0.id != -1 }|' "$lossy"
      ;;
  esac
}

for variant in "${variants[@]}"; do
  plant "$variant"
  git -C "$worktree" diff --stat >&2
  (cd "$worktree" && swift build -c release --product benchmarks --scratch-path "$(pwd)/../scratch" >&2)
  for run in $(seq "$runs"); do
    out=$(mktemp -d)
    status=0
    "$root/scratch/release/benchmarks" ab --baseline "$baseline" --quick --group synthesized-vs-handwritten \
      --group key-mapping --threshold 0.05 --no-count --out "$out" >/dev/null 2>&1 || status=$?
    echo "$variant run $run: exit $status; $(grep -m1 '^Exact measures' "$out/latest/ab.md" | cut -c1-160)"
    sed -n '/^### More instructions/,/^### /p' "$out/latest/ab.md" | { grep -E '^- |by function' || true; } | cut -c1-220
    if [ -n "${KEEP:-}" ]; then echo "  kept: $out"; else rm -rf "$out"; fi
  done
done
