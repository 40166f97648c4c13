#!/usr/bin/env bash
# Run by: CI on each push to main (the workflow's linux job), and anyone keeping a history.
# Adds a finished run to a history (`benchmarks history add`), then fails on an exact change point
# after the history's previous commit that no commit since declared (a `CodableBench-Change:`
# trailer, as for the A/B gate). Time change points are listed; they do not fail the job (a CI
# runner's CPU changes from job to job, and each CPU's series is judged apart).
#   scripts/history-gate.sh HISTORY RUN_FOLDER [benchmarks executable]
# Exit 0 no new undeclared exact change, 1 a new one, 2 bad input.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/history-gate.sh HISTORY RUN_FOLDER [EXECUTABLE]" >&2; exit 2; }
history=$1
run=$2
bench=${3:-$(swift build -c release --show-bin-path)/benchmarks}
previous=""
if [ -f "$history" ]; then previous=$("$bench" history show --commits --history "$history" | tail -n 1); fi
"$bench" history add "$run" --history "$history"
if [ -z "$previous" ]; then
  echo "the history starts here: nothing to compare with"
  exit 0
fi
declared=()
if git cat-file -e "$previous^{commit}" 2>/dev/null; then
  while IFS= read -r line; do
    [ -n "$line" ] && declared+=(--declare "$line")
  done < <(git log --format='%(trailers:key=CodableBench-Change,valueonly)' "$previous..HEAD")
fi
exec "$bench" history changes --history "$history" --since "$previous" --exact-only ${declared[@]+"${declared[@]}"}
