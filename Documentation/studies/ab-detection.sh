#!/usr/bin/env bash
# How the A/B gate behaves on this machine: false alarms on an unchanged build, and detection of an
# injected slowdown. A benchmark script (minutes), not a test.
#   Documentation/studies/ab-detection.sh aa N [ab options…]          this build against a copy of itself, N runs
#   Documentation/studies/ab-detection.sh cpu N SPIN [ab options…]    `handwritten` does SPIN extra multiply-adds per
#                                                       article (no allocation), against this build
#   Documentation/studies/ab-detection.sh alloc N [ab options…]       `handwritten` allocates once more per article
# Prints, per run, the cells flagged and the injected cell's ratio, then the counts.
# Example: Documentation/studies/ab-detection.sh aa 5 --quick ; Documentation/studies/ab-detection.sh cpu 10 3000 --group synthesized-vs-handwritten --quick
set -euo pipefail
cd "$(dirname "$0")/../.."
mode="${1:?usage: ab-detection.sh aa|cpu|alloc N [SPIN] [ab options…]}"
runs="${2:?number of runs}"
shift 2
spin=0
if [ "$mode" = cpu ]; then spin="${1:?SPIN}"; shift; fi

swift build -c release --product benchmarks >&2
this=".build/release/benchmarks"
case "$mode" in
  aa)
    mkdir -p .build-base/aa
    cp "$this" .build-base/aa/benchmarks
    current="$this"; baseline=".build-base/aa/benchmarks"; injected="" ;;
  cpu|alloc)
    src=".build-base/inject-src"
    rm -rf "$src"; git worktree prune
    git worktree add --detach "$src" HEAD >/dev/null
    trap 'git worktree remove --force "'"$src"'" >/dev/null 2>&1 || true' EXIT
    # Uncommitted changes of this checkout go along, so both builds differ only by the injection.
    git diff HEAD | (cd "$src" && git apply --allow-empty)
    python3 - "$src/Benchmarks/SynthesizedVsHandwritten/HandwrittenModel.swift" "$mode" "$spin" <<'PY'
import sys
path, mode, spin = sys.argv[1], sys.argv[2], int(sys.argv[3])
anchor = "            body = try c.decode(String.self, forKey: .body)\n"
text = open(path).read()
assert text.count(anchor) == 1, "injection point not found once"
if mode == "cpu":
    extra = (f"            var spin = UInt64(body.utf8.count)\n"
             f"            for step in 0..<{spin} {{ spin = spin &* 6364136223846793005 &+ UInt64(step) }}\n"
             f"            blackHole(spin)\n")
else:
    extra = "            blackHole([UInt64](repeating: UInt64(body.utf8.count), count: 4))\n"
open(path, "w").write(text.replace(anchor, anchor + extra))
PY
    (cd "$src" && swift build -c release --product benchmarks --scratch-path ../inject >&2)
    current=".build-base/inject/release/benchmarks"; baseline="$this"; injected="handwritten" ;;
  *) echo "error: mode is aa, cpu or alloc" >&2; exit 2 ;;
esac

flagged_runs=0; caught=0; other=0
for i in $(seq 1 "$runs"); do
  out=$(mktemp -d)
  start=$(date +%s)
  set +e
  "$current" ab --baseline "$baseline" --out "$out" "$@" >/dev/null 2>"$out/stderr"
  status=$?
  set -e
  [ "$status" -le 1 ] || { echo "run $i: ab failed (exit $status): $(tail -1 "$out/stderr")" >&2; exit 3; }
  summary="$out/latest/ab.md"
  flags=$(awk '/^### (Slower|Regressions in outcomes and counts)/{on=1; next} /^### /{on=0} on && /^- /' "$summary")
  # Flagged at first, then not confirmed when measured again (not failed): shown, not counted.
  unconfirmed=$(awk '/^### Not confirmed/{on=1; next} /^### /{on=0} on && /^- /' "$summary" | tr '\n' ';' | sed 's/;- /; /g; s/^- //')
  ratio=""
  if [ -n "$injected" ]; then
    ratio=$(python3 - "$out/latest/ratios.csv" "$injected" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["strategy"] == sys.argv[2] and r["yardstick"] == "baseline"]
print(", ".join(f"{r['profile']} {float(r['ratio']):.3f} ({float(r['ratio_ci95_low']):.3f}–{float(r['ratio_ci95_high']):.3f})" for r in rows))
PY
)
  fi
  mine=$(printf '%s\n' "$flags" | grep -c -E "^- ${injected:-NONE} on " || true)
  theirs=$(printf '%s\n' "$flags" | grep -E '^- ' | grep -v -c -E "^- ${injected:-NONE} on " || true)
  [ -n "$flags" ] && flagged_runs=$((flagged_runs + 1))
  [ "$mine" -gt 0 ] && caught=$((caught + 1))
  [ "$theirs" -gt 0 ] && other=$((other + 1))
  echo "run $i ($(( $(date +%s) - start ))s, exit $status): ${ratio:+$injected: $ratio; }flagged: $(printf '%s' "$flags" | tr '\n' ';' | sed 's/;- /; /g; s/^- //')${unconfirmed:+ (not confirmed: $unconfirmed)}"
  rm -rf "$out"
done
if [ -n "$injected" ]; then
  echo "$mode: $injected flagged in $caught of $runs runs; another cell flagged in $other of $runs runs"
else
  echo "aa: runs with any cell flagged: $flagged_runs of $runs"
fi
