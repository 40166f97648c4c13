#!/usr/bin/env bash
# Run by: maintainers, to build this project's own history (`benchmarks history`): for each commit
# given, in order, a release build in one worktree kept between commits (so each build is
# incremental) and a quick run of a few groups, added to HISTORY by this checkout's debug build.
# Commits before harness 0.9.0 run with --instructions, the only way they counted every cell.
# Usage: scripts/maintainers/build-history.sh HISTORY COMMIT...
# Then: .build/debug/benchmarks history changes --history HISTORY
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$(pwd)
history=$(realpath -m "$1")
shift
work=${HISTORY_WORKTREE:-/tmp/codablebench-history-worktree}
runs=${HISTORY_RUNS:-/tmp/codablebench-history-runs}
groups=(synthesized-vs-handwritten key-mapping missing-and-defaults composition-and-inheritance)
swift build --product benchmarks >/dev/null
[ -d "$work" ] || git worktree add --detach "$work" HEAD >/dev/null
for commit in "$@"; do
  if [ -d "$runs/$commit/latest" ]; then
    echo "$commit: run kept from before"
  else
    git -C "$work" checkout --detach -q "$commit"
    (cd "$work" && swift build -c release --product benchmarks >"$runs.$commit.build.log" 2>&1) || {
      echo "$commit: does not build (log: $runs.$commit.build.log)"
      continue
    }
    version=$(grep -o 'harnessVersion = "[0-9.]*"' "$work/Sources/CodableBenchHarness/Results/Provenance.swift" | grep -o '[0-9.]*[0-9]')
    args=(run --quick --out "$runs/$commit")
    if [ "$(printf '%s\n0.9.0\n' "$version" | sort -V | head -n 1)" != 0.9.0 ]; then args+=(--instructions); fi
    listed=$(cd "$work" && .build/release/benchmarks list)
    for group in "${groups[@]}"; do
      if grep -q "^$group " <<<"$listed"; then args+=(--group "$group"); fi
    done
    start=$SECONDS
    (cd "$work" && .build/release/benchmarks "${args[@]}" >"$runs.$commit.run.log" 2>&1) || {
      echo "$commit: the run failed (log: $runs.$commit.run.log)"
      continue
    }
    echo "$commit: harness $version, run in $((SECONDS - start)) s"
  fi
  "$here/.build/debug/benchmarks" history add "$runs/$commit/latest" --history "$history"
done
