#!/usr/bin/env bash
# Run by: maintainers, when an instrument or the sampling changes (issue 69's "every canary passes
# in 10 of 10 quick runs").
#
# N quick runs (default 10) of the release build, each of one group (default key-mapping; extra
# arguments go to every run), and what every canary read in each: the allocation counter's, the
# exact measure's and paired timing's (run.json's allocationCanary, exactCanary and timingCanary),
# with the seconds each run took and what the timing canary took of its lanes. Ends with how many
# runs had every canary pass. Nothing is planted: a canary that fails here fails on a sound host.
# Usage: bash scripts/selftests/canaries.sh [N] [OUT_DIR] [-- RUN_ARGS...]
# A benchmark script (figures are reported in notes, never asserted in a test).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-10}
out=${2:-$(mktemp -d)}
shift $(($# < 2 ? $# : 2))
[ "${1:-}" = "--" ] && shift
extra=("$@")
[ ${#extra[@]} -gt 0 ] || extra=(--group key-mapping)
mkdir -p "$out"
swift build -c release --product benchmarks >/dev/null
passed=0
for run in $(seq 1 "$runs"); do
  folder="$out/run-$run"
  start=$(python3 -c 'import time; print(time.time())')
  .build/release/benchmarks run --quick --out "$folder" "${extra[@]}" >"$folder.log" 2>&1 || {
    echo "run $run: the run failed (see $folder.log)" >&2
    exit 1
  }
  seconds=$(python3 -c "import time; print(f'{time.time() - $start:.0f}')")
  line=$(python3 - "$folder/latest/run.json" "$folder.log" <<'PY'
import json, re, sys
info = json.load(open(sys.argv[1]))
log = open(sys.argv[2]).read()
allocation, exact, timing = info.get("allocationCanary"), info.get("exactCanary"), info.get("timingCanary")
def allocations():
    if allocation is None:
        return "allocations -", True
    ok = all(all(v == e for v in read) and read for read, e in zip(allocation["read"], allocation["expected"]))
    return f"allocations {'ok' if ok else 'FAILED'}", ok
def instructions():
    if exact is None:
        return "exact -", True
    r = exact["read"]
    ok = (len(r) == 4 and None not in r and r[1] == r[2] and r[1] - r[0] >= 1_000_000
          and abs((r[3] - r[1]) / (r[1] - r[0]) - 1) <= 0.001)
    return f"exact {'ok' if ok else 'FAILED'}", ok
def paired():
    if timing is None:
        return "timing not read", False
    parts, ok = [], True
    for name, expected in (("sameWork", 1), ("twiceTheWork", 2)):
        ratio = timing[name]
        if "value" not in ratio:
            return "timing not read", False
        off = ratio["low"] > expected * 1.02 or ratio["high"] < expected * 0.98
        ok = ok and not off
        parts.append(f"{ratio['value']:.3f} ({ratio['low']:.3f}-{ratio['high']:.3f}) over {ratio.get('generations', '?')} gen.")
    lane = re.search(r"canary \(([0-9.]+) lane-seconds\)", log)
    cost = f", {lane.group(1)} lane-s" if lane else ""
    return f"timing {'ok' if ok else 'FAILED'}: {' and '.join(parts)}{cost}", ok
results = [allocations(), instructions(), paired()]
print(("PASS" if all(ok for _, ok in results) else "FAIL") + " " + "; ".join(text for text, _ in results))
PY
)
  echo "run $run (${seconds} s): $line"
  case "$line" in PASS*) passed=$((passed + 1)) ;; esac
done
echo "every canary passed in $passed of $runs quick runs (${extra[*]}), on $(python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['provenance']; c=p.get('cpu',{}); print(c.get('name', p['cpuModel']), 'family', c.get('family','?'), 'model', c.get('model','?'))" "$out/run-1/latest/run.json")"
