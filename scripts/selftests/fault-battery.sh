#!/usr/bin/env bash
# linux-only: reads the process table through /proc and ps, and kills workers by pid.
# Run by: CI, as a heavy check, when the harness changes; maintainers changing how a run ends.
#
# What a run keeps when it is ended from outside (issue 61): each fault done to a quick run of two
# groups, and its outcome checked. A check script (CI runs it; a few minutes).
#   1. Ctrl-C (SIGINT) a third of the way (once pairs.csv holds a third of a whole run's pairs):
#      exit 130; report.md opens with "Interrupted after"; the cells are marked interrupted;
#      pairs.csv keeps every pair it held when the signal came.
#   2. `run --resume` of that run: another build is refused (exit 2); this build continues it to the
#      end, with every cell as expected, no cell left interrupted, more pairs than it had, and its
#      verdicts those of the whole run: none faster in one and slower in the other, and at least
#      90% of their intervals overlapping (two runs of a contended host can differ by its state).
#   3. SIGKILL of the parent a third of the way (by pairs, as 1): no worker left behind (within 30 s); `benchmarks
#      report` on its folder writes a report of what it sampled ("did not reach its end"); the
#      next run removes the scratch folder it left.
#   4. SIGKILL of a timing worker mid-run: named ("killed by SIGKILL", the OOM killer's signal),
#      its generation started again, and the run ends with every cell ok.
# Usage: bash scripts/selftests/fault-battery.sh [path/to/benchmarks]   (default: .build/release/benchmarks)
set -euo pipefail
cd "$(dirname "$0")/../.."
# The executable given, or this checkout's release build (built here, as CI's heavy check needs).
if [ $# -gt 0 ]; then
  tool=$1
else
  swift build -c release --product benchmarks >/dev/null
  tool=.build/release/benchmarks
fi
[ -x "$tool" ] || { echo "no executable $tool" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CODABLEBENCH_SCRATCH="$work/scratch"
mkdir -p "$CODABLEBENCH_SCRATCH"
args=(run --quick --no-count --no-exact --group synthesized-vs-handwritten --group key-mapping)
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
count_pairs() { if [ -f "$1/pairs.csv" ]; then echo $(( $(wc -l <"$1/pairs.csv") - 1 )); else echo 0; fi; }
children() { ps -A -o pid=,ppid= | awk -v p="$1" '$2 == p { print $1 }'; }
# A third of the way: polls until the run's pairs.csv holds a third of the whole run's pairs (its
# start-up takes a share of its time that differs by host, so a third of the time can be far less),
# the run ends, or three times the whole run's length has passed; `at_signal` is its count then.
a_third_of_the_way() {
  local deadline=$(( $(date +%s) + 3 * seconds ))
  at_signal=$(count_pairs "$2")
  while [ "$at_signal" -lt $(( whole_pairs / 3 )) ] && kill -0 "$1" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do
    sleep 0.2
    at_signal=$(count_pairs "$2")
  done
}

# The whole run, for its length and its pairs.
start=$(python3 -c 'import time; print(time.time())')
"$tool" "${args[@]}" --out "$work/whole" >/dev/null 2>"$work/whole.err"
seconds=$(python3 -c "import time; print(max(int(time.time() - $start), 6))")
whole_pairs=$(count_pairs "$work/whole/latest")
third=$(( seconds / 3 ))
echo "whole run: ${seconds}s, $whole_pairs pairs; faults 1 and 3 at a third of its pairs, 4 at ${third}s"

# 1. Ctrl-C a third of the way.
"$tool" "${args[@]}" --out "$work/sigint" >/dev/null 2>"$work/sigint.err" &
pid=$!
a_third_of_the_way "$pid" "$work/sigint/latest"
kill -INT "$pid"
set +e
wait "$pid"
status=$?
set -e
pairs=$(count_pairs "$work/sigint/latest")
[ "$status" -eq 130 ] || fail "SIGINT: exit $status, expected 130 ($(tail -1 "$work/sigint.err"))"
head -3 "$work/sigint/latest/report.md" 2>/dev/null | grep -q "Interrupted after" || fail "SIGINT: report.md does not open with 'Interrupted after'"
grep -q "interrupted after" "$work/sigint/latest/results.csv" || fail "SIGINT: no cell marked interrupted in results.csv"
[ "$at_signal" -ge $(( whole_pairs / 3 )) ] || fail "SIGINT: sent with $at_signal pairs taken, under a third of the whole run's $whole_pairs"
[ "$pairs" -ge "$at_signal" ] || fail "SIGINT: $pairs pairs kept of the $at_signal taken when the signal came"
echo "1. SIGINT with $at_signal of $whole_pairs pairs taken: exit $status, $pairs pairs kept, report: $(sed -n 3p "$work/sigint/latest/report.md" | cut -c1-80)…"

# 2. Resume the interrupted run: with another build (the same bytes and one more), then with this one.
cp "$tool" "$work/other-build"
printf 'x' >>"$work/other-build"
set +e
"$work/other-build" run --resume "$work/sigint/latest" >/dev/null 2>"$work/other.err"
status=$?
set -e
[ "$status" -eq 2 ] || fail "resume with another build: exit $status, expected 2 ($(tail -1 "$work/other.err"))"
grep -q "another build" "$work/other.err" || fail "resume with another build: the message does not say so"
set +e
"$tool" run --resume "$work/sigint/latest" >/dev/null 2>"$work/resume.err"
status=$?
set -e
[ "$status" -eq 0 ] || fail "resume: exit $status ($(tail -1 "$work/resume.err"))"
resumed_pairs=$(count_pairs "$work/sigint/latest")
[ "$resumed_pairs" -gt "$pairs" ] || fail "resume: $resumed_pairs pairs, no more than the interrupted run's $pairs"
if grep -q "interrupted" "$work/sigint/latest/results.csv"; then fail "resume: a cell is still marked interrupted"; fi
agreement=$(python3 - "$work/whole/latest" "$work/sigint/latest" <<'PY'
import csv, sys
sys.path.insert(0, "scripts")
import run_ratios  # each ratio as the run's answers read it
def rows(folder, name):
    return list(csv.DictReader(open(f"{folder}/{name}")))
for folder in sys.argv[1:]:
    bad = [r for r in rows(folder, "results.csv") if r["outcome"] != r["expected_outcome"]]
    if bad:
        print(f"{folder}: {bad[0]['strategy']} on {bad[0]['profile']} ended {bad[0]['outcome']}")
        sys.exit(1)
key = lambda r: (r["profile"], r["strategy"], r["yardstick"])
whole = {key(r): r for r in run_ratios.read(sys.argv[1])}
resumed = {key(r): r for r in run_ratios.read(sys.argv[2])}
both = sorted(set(whole) & set(resumed))
opposite = [k for k in both if {whole[k]["verdict"], resumed[k]["verdict"]} == {"faster", "slower"}]
overlap = [k for k in both if float(whole[k]["ratio_ci95_low"]) <= float(resumed[k]["ratio_ci95_high"])
           and float(resumed[k]["ratio_ci95_low"]) <= float(whole[k]["ratio_ci95_high"])]
same = sum(whole[k]["verdict"] == resumed[k]["verdict"] for k in both)
print(f"{len(both)} ratios in both; {same} same verdict; {len(overlap)} intervals overlap; {len(opposite)} opposite verdicts")
sys.exit(1 if opposite or len(both) < len(whole) or len(overlap) < 0.9 * len(both) else 0)
PY
) || fail "resume: verdicts differ from the whole run's: $agreement"
echo "2. resume: another build refused (exit 2); this build: exit $status, $pairs → $resumed_pairs pairs; $agreement"

# 3. SIGKILL of the parent a third of the way, then report on its folder.
"$tool" "${args[@]}" --out "$work/sigkill" >/dev/null 2>"$work/sigkill.err" &
pid=$!
a_third_of_the_way "$pid" "$work/sigkill/latest"
workers=$(children "$pid")
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
# A worker quits when its input closes, which it reads once it has verified and warmed up: give
# the workers started just before the kill 30 s to get there.
running() { left=0; for worker in $workers; do if kill -0 "$worker" 2>/dev/null; then left=$((left + 1)); fi; done; }
running
for _ in $(seq 150); do [ "$left" -eq 0 ] && break; sleep 0.2; running; done
[ "$left" -eq 0 ] || fail "SIGKILL of the parent: $left worker(s) still running 30 s later"
folder=$(cd "$work/sigkill/latest" && pwd -P)
set +e
"$tool" report "$folder" >/dev/null 2>"$work/report.err"
status=$?
set -e
[ "$status" -eq 0 ] || fail "report on the killed run's folder: exit $status ($(tail -1 "$work/report.err"))"
grep -q "did not reach its end" "$folder/report.md" 2>/dev/null || fail "report on the killed run: no 'did not reach its end'"
[ -d "$CODABLEBENCH_SCRATCH/codablebench-$pid" ] || fail "SIGKILL of the parent left no scratch folder to check the next run against"
echo "3. SIGKILL of the parent with $at_signal pairs taken: $left workers left, report exit $status, $(count_pairs "$folder") pairs read back"

# 4. SIGKILL of the timing workers a third of the way (the next run also clears 3's scratch
# folder): every lockstep worker alive then, so that one of a generation the run still samples or
# starts is among them (one worker chosen alone was once one whose comparison had settled, whose
# death the run never saw).
"$tool" "${args[@]}" --out "$work/worker" >/dev/null 2>"$work/worker.err" &
pid=$!
sleep "$third"
victim=""
for child in $(children "$pid"); do
  if tr '\0' ' ' <"/proc/$child/cmdline" 2>/dev/null | grep -q -- "--pass lockstep"; then victim="$victim $child"; fi
done
# shellcheck disable=SC2086 # one word per pid
[ -n "$victim" ] && kill -KILL $victim
set +e
wait "$pid"
status=$?
set -e
[ -n "$victim" ] || fail "SIGKILL of a worker: no lockstep worker found at ${third}s"
[ "$status" -eq 0 ] || fail "SIGKILL of a worker: the run exited $status"
grep -q "killed by SIGKILL" "$work/worker.err" || fail "SIGKILL of a worker: not named in the run's messages"
python3 - "$work/worker/latest/results.csv" <<'PY' || fail "SIGKILL of a worker: a cell did not end ok"
import csv, sys
bad = [r for r in csv.DictReader(open(sys.argv[1])) if r["outcome"] != r["expected_outcome"]]
sys.exit(1 if bad else 0)
PY
stale=$(find "$CODABLEBENCH_SCRATCH" -maxdepth 1 -name 'codablebench-*' | wc -l | tr -d ' ')
[ "$stale" -eq 0 ] || fail "the killed run's scratch folder is still there after the next run"
echo "4. SIGKILL of workers$victim at ${third}s: exit $status, $(grep -c "killed by SIGKILL" "$work/worker.err") warning(s); scratch folders left: $stale"

if [ "$failures" -ne 0 ]; then
  echo "fault battery: $failures failure(s)" >&2
  exit 1
fi
echo "fault battery: every fault kept what it should"
