#!/usr/bin/env bash
# The timing allocator's effect on the paired ratios: default runs of the full catalogue,
# alternating `--allocator system` and the default `glibc-retained` (PAIRS pairs, default 1, each
# pair back to back so both see the machine of the same minutes), then ratio-stability.py on each
# run: the share of non-reference cells whose interval is within ±2% and ±1%. With two pairs or
# more it also prints how much each allocator's ratios (and cells) moved between its first two runs,
# and how many moved beyond their intervals.
# Usage: Documentation/studies/allocator-ab.sh [OUT_DIR] [PAIRS]   (about 9 minutes a pair on 2 cores)
# A benchmark script (timing targets are measured here, never asserted in unit tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-$(mktemp -d)}
pairs=${2:-1}
mkdir -p "$out"
swift build -c release --product benchmarks >/dev/null
for i in $(seq 1 "$pairs"); do
  for allocator in system glibc-retained; do
    .build/release/benchmarks run --corpus-dir ../shared/corpora --allocator "$allocator" --out "$out/$allocator-$i" >"$out/$allocator-$i.log" 2>&1
    python3 Documentation/studies/ratio-stability.py "$out/$allocator-$i/latest" | sed -n 1p
  done
done
# The corpora (../shared/corpora) are part of the default catalogue when found; say which was run.
grep '^skipping' "$out/system-1.log" || echo "corpora found: the whole default catalogue"
if [ "$pairs" -ge 2 ]; then
  for allocator in system glibc-retained; do
    echo "$allocator, run 1 against run 2:"
    python3 Documentation/studies/ratio-stability.py "$out/$allocator-1/latest" "$out/$allocator-2/latest" | sed -n '5,7p'
  done
fi
echo "runs kept in $out"
