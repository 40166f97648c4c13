#!/usr/bin/env bash
# Run by: maintainers, when the pairing or the stopping rule changes.
# Ten runs of the hidden paired self-test comparison (paired-reference, its A/A copy paired-copy,
# and paired-3-percent with about 3% more work: 1.027–1.033 in ten runs of 26 November 2026), then
# the tally issue #13 asks for:
#   A/A: "no difference" and ratio within 1.00 ± 0.01 in 10 of 10; 3%: "slower" in at least 9 of 10;
#   every run under 30 s.
# Each run may sample for 8 s per strategy (`--budget 8`: 24 s at most, within the 30 s a run may
# take); it stops as soon as every ratio is within ±0.5% (`--precision 0.005`). The A/A target asks
# for a ratio within 1.00 ± 0.01 ten times out of ten, which an interval as wide as that tolerance
# cannot promise: at the default ±1%, a 95% interval that covers leaves the A/A ratio beyond ±1%
# about one run in twenty, so all ten pass about 60% of the time (measured at ±1%: 9, 10 and 9 of
# 10 in three batches; at ±0.5%: 10 of 10, runs of 5–14 s). The default budget (1.4 s) is sized for
# the whole catalogue's five minutes.
# Usage: scripts/selftests/paired-selftest.sh [RUNS] [extra `benchmarks run` options, e.g. --quick; a later
# --budget or --precision wins]
# A benchmark script (timing targets are measured here, never asserted in unit tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
shift || true
swift build -c release --product benchmarks >/dev/null
out=$(mktemp -d)
for i in $(seq 1 "$runs"); do
  start=$(python3 -c 'import time; print(time.time_ns())')
  .build/release/benchmarks run --no-count --strategy paired-reference --strategy paired-copy \
    --strategy paired-3-percent --out "$out/$i" --budget 8 --precision 0.005 "$@" >/dev/null 2>"$out/$i.log"
  end=$(python3 -c 'import time; print(time.time_ns())')
  echo "$i $(( (end - start) / 1000000 ))" >> "$out/seconds"
done
python3 - "$out" "$runs" <<'PY'
import sys
sys.path.insert(0, "scripts")
import run_ratios  # each ratio as the run's answers read it
out, runs = sys.argv[1], int(sys.argv[2])
seconds = dict(line.split() for line in open(f"{out}/seconds"))
aa_ok = slower = under = 0
for i in range(1, runs + 1):
    rows = {r["strategy"]: r for r in run_ratios.read(f"{out}/{i}/latest")}
    aa, v = rows.get("paired-copy"), rows.get("paired-3-percent")
    t = float(seconds[str(i)]) / 1000
    under += t < 30
    aa_pass = aa is not None and aa["verdict"] == "no difference" and abs(float(aa["ratio"]) - 1) <= 0.01
    aa_ok += aa_pass
    slower += v is not None and v["verdict"] == "slower"
    fmt = lambda r: f"{float(r['ratio']):.4f} ({float(r['ratio_ci95_low']):.4f}–{float(r['ratio_ci95_high']):.4f}) {r['verdict']}, {r['generations']} generations" if r else "no ratio"
    print(f"run {i:2}: {t:5.1f} s  A/A {fmt(aa)}  3%: {fmt(v)}")
print(f"A/A 'no difference' and within 1.00 ± 0.01: {aa_ok}/{runs} (target {runs}/{runs})")
print(f"3% variant 'slower': {slower}/{runs} (target ≥ {runs - runs // 10}/{runs})")
print(f"runs under 30 s: {under}/{runs}")
PY
