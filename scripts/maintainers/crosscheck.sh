#!/usr/bin/env bash
# Run by: maintainers checking CodableBench against package-benchmark; CI, as a heavy check, when its files change.
# The package-benchmark cross-check: CodableBench's headline pairs (hand-written and the dictionary
# path in both forms and .convertFromSnakeCase, each against synthesized) timed on the same payload
# bytes by CodableBench (paired, in lockstep) and by ordo-one/package-benchmark (each benchmark in
# turn, RUNS runs), printed side by side (scripts/maintainers/crosscheck.py).
# Usage: bash scripts/maintainers/crosscheck.sh [RUNS] [OUT_DIR]   (default: 3 runs, a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
out=${2:-$(mktemp -d)}
mkdir -p "$out"

swift build -c release --product benchmarks
bench=.build/release/benchmarks
payloads=scripts/maintainers/crosscheck/.payloads
mkdir -p "$payloads"
for profile in small medium; do
  "$bench" generate --profile "$profile" --out "$payloads/$profile.json" > /dev/null
done

strategies=(synthesized handwritten jsonserialization-manual jsonserialization-manual-2019 snake-case-strategy)
"$bench" run "${strategies[@]/#/--strategy=}" --profile small --profile medium --no-count \
  --out "$out/codablebench" > "$out/codablebench.log" 2>&1 || { tail -20 "$out/codablebench.log"; exit 1; }

for run in $(seq "$runs"); do
  mkdir -p "$out/package-benchmark-$run"
  (cd scripts/maintainers/crosscheck && swift package --allow-writing-to-directory "$out" benchmark \
    --format jmh --path "$out/package-benchmark-$run" --no-progress > "$out/package-benchmark-$run.log" 2>&1) \
    || { tail -20 "$out/package-benchmark-$run.log"; exit 1; }
done
python3 scripts/maintainers/crosscheck.py "$out/codablebench/latest/ratios.csv" "$out"/package-benchmark-*/
echo "runs and logs in $out"
