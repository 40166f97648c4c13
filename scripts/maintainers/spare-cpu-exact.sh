#!/usr/bin/env bash
# Run by: maintainers, when the exact pass beside the sampling changes (issue 78, item 3).
# Does counting beside the sampling on a spare CPU (`SpareCPUExactPass`) widen the sampling's
# intervals, and what does it save? Alternates runs of two builds on the same cells: BEFORE, an
# executable that counts every cell after the sampling (a build before harness 0.12.1), and this
# checkout's release build, which counts beside it where a CPU is spare. Each run counts afresh
# (--no-cache). On a 2-CPU host a CPU is spare only beside one lane, so the runs take
# --timing-cpus 1 unless told otherwise.
# Prints, per run: its seconds, the cells counted beside, and its pairs' spread (the median over
# ratios of the standard deviation of their pairs' log ratios, which an interval's width is made
# of and which the stopping rule does not fix), with run-precision.py's line; then each build's
# range, and the spread of the beside runs over the paired runs before them.
# Usage: scripts/maintainers/spare-cpu-exact.sh BEFORE_EXECUTABLE [PAIRS] [extra `benchmarks run` options]
# A benchmark script (timing is measured here, never asserted in unit tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: scripts/maintainers/spare-cpu-exact.sh BEFORE_EXECUTABLE [PAIRS] [run options]" >&2
  exit 2
fi
before=$1
shift
pairs=3
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  pairs=$1
  shift
fi
extra=("$@")
[ ${#extra[@]} -eq 0 ] && extra=(--timing-cpus 1 --group synthesized-vs-handwritten --group key-mapping --group missing-and-defaults)
swift build -c release --product benchmarks >/dev/null
out=$(mktemp -d)
# The CPU the figures are from (Linux's lscpu; a Mac's sysctl).
{ lscpu 2>/dev/null | grep -E "^(Model name|CPU family|Model):" || sysctl -n machdep.cpu.brand_string; } | tr -s ' ' | paste -sd ';' -
for i in $(seq 1 "$pairs"); do
  for build in after beside; do
    executable=.build/release/benchmarks
    [ "$build" = after ] && executable=$before
    start=$(python3 -c 'import time; print(time.time())')
    "$executable" run --quick --no-cache --out "$out/$build-$i" "${extra[@]}" >/dev/null 2>"$out/$build-$i.log"
    end=$(python3 -c 'import time; print(time.time())')
    python3 -c "print(round($end - $start))" >"$out/$build-$i.seconds"
  done
done
python3 - "$out" "$pairs" <<'PY'
import csv, glob, math, os, statistics, subprocess, sys
out, pairs = sys.argv[1], int(sys.argv[2])

def spread(folder):
    """Median over ratios of the standard deviation of their pairs' log ratios."""
    by_ratio = {}
    for row in csv.DictReader(open(os.path.join(folder, "pairs.csv"))):
        key = (row["group"], row["profile"], row["strategy"], row["yardstick"])
        by_ratio.setdefault(key, []).append(float(row["log_ratio"]))
    return statistics.median(statistics.stdev(v) for v in by_ratio.values() if len(v) > 2)

figures = {}
for i in range(1, pairs + 1):
    for build in ("after", "beside"):
        folder = glob.glob(f"{out}/{build}-{i}/runs/*")[0]
        seconds = int(open(f"{out}/{build}-{i}.seconds").read())
        log = open(f"{out}/{build}-{i}.log").read().splitlines()
        besideLine = next((l for l in log if "counted beside the sampling" in l), "nothing counted beside")
        precision = subprocess.run(["python3", "scripts/run-precision.py", folder], capture_output=True, text=True).stdout.strip()
        figures[(build, i)] = (seconds, spread(folder))
        print(f"{build} {i}: {seconds} s, pairs' spread {figures[(build, i)][1] * 100:.2f}%; {besideLine}; {precision}")
for build in ("after", "beside"):
    seconds = [figures[(build, i)][0] for i in range(1, pairs + 1)]
    spreads = [figures[(build, i)][1] * 100 for i in range(1, pairs + 1)]
    print(f"{build}: {min(seconds)}-{max(seconds)} s, pairs' spread {min(spreads):.2f}-{max(spreads):.2f}%")
ratios = [figures[("beside", i)][1] / figures[("after", i)][1] for i in range(1, pairs + 1)]
print("pairs' spread beside over after, pair by pair: " + ", ".join(f"{r:.2f}x" for r in ratios)
      + f" (geometric mean {math.exp(statistics.mean(math.log(r) for r in ratios)):.2f}x)")
PY
