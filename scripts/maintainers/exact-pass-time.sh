#!/usr/bin/env bash
# Run by: maintainers, when the exact pass changes (issue 78's targets).
# The run's time with exact measures, first with an empty count cache and then again with the same
# build, which reuses every count (`ExactCountCache`): prints each run's seconds, the share its
# closing line gives the exact pass, the cells it reused, and whether both runs' instructions agree.
# Targets (2-vCPU host): a first default run in 380 s or less, a quick run in 120 s or less, a
# second default run in 290 s or less. Says "met" or "not met" with the figure, and the CPU.
# Usage: scripts/maintainers/exact-pass-time.sh [--default] [extra `benchmarks run` options]
# A benchmark script (timing targets are measured here, never asserted in unit tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
kind=quick
if [ "${1:-}" = "--default" ]; then
  kind=default
  shift
fi
swift build -c release --product benchmarks >/dev/null
out=$(mktemp -d)
export CODABLEBENCH_EXACT_CACHE="$out/cache"
# The CPU the figures are from (Linux's lscpu; a Mac's sysctl).
{ lscpu 2>/dev/null | grep -E "^(Model name|CPU family|Model):" || sysctl -n machdep.cpu.brand_string; } | tr -s ' ' | paste -sd ';' -
for i in 1 2; do
  args=(run --out "$out/$i" --corpus-dir ../shared/corpora)
  [ "$kind" = quick ] && args+=(--quick)
  start=$(python3 -c 'import time; print(time.time())')
  .build/release/benchmarks "${args[@]}" "$@" >"$out/$i.out" 2>"$out/$i.log"
  end=$(python3 -c 'import time; print(time.time())')
  seconds=$(python3 -c "print(round($end - $start))")
  share=$(grep -o 'exact measures [0-9]*%' "$out/$i.log" | head -n 1 || true)
  reused=$(grep -o '[0-9]* cells. counts reused' "$out/$i.log" | head -n 1 || true)
  echo "$kind run $i: ${seconds} s; ${share:-no exact share printed}; ${reused:-no counts reused}"
  echo "$seconds" >"$out/$i.seconds"
done
python3 - "$out" "$kind" <<'PY'
import csv, sys
out, kind = sys.argv[1], sys.argv[2]
def counts(run):
    rows = csv.DictReader(open(f"{out}/{run}/latest/results.csv"))
    return {(r["strategy"], r["profile"]): r["median"] for r in rows if r["metric"] == "instructions"}
first, second = counts(1), counts(2)
same = sum(1 for k in first if second.get(k) == first[k])
print(f"instructions identical in {same} of {len(first)} cells between the two runs")
targets = {"quick": (120, None), "default": (380, 290)}[kind]
seconds = [int(open(f"{out}/{i}.seconds").read()) for i in (1, 2)]
first_target, second_target = targets
print(f"first {kind} run: {seconds[0]} s against {first_target} s: {'met' if seconds[0] <= first_target else 'not met'}")
if second_target:
    print(f"second {kind} run: {seconds[1]} s against {second_target} s: {'met' if seconds[1] <= second_target else 'not met'}")
else:
    print(f"second {kind} run: {seconds[1]} s (no target)")
PY
