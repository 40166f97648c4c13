#!/usr/bin/env bash
# Run by: maintainers, when what the counted worker sees changes (issue 78, items 0 and 2).
# Do one build's exact counts depend on where its toolchain and its checkout are? Hosts differ in
# both (a toolchain in /opt/swift, /usr/share/swift or a home folder; a checkout anywhere). Runs one
# group four times with the same release build: as built; with the runner's Swift libraries
# loaded from a copy of the toolchain's library folder in a longer folder (LD_LIBRARY_PATH, ahead
# of the executable's RUNPATH); from a copy of the build in a longer folder; and started in another
# working folder. Prints, for each
# against the first, how many counts are identical and the largest difference of instructions and
# of simulated cycles.
# Usage: scripts/maintainers/counts-where-installed.sh [GROUP]   (Linux; default missing-and-defaults)
# A benchmark script: counts are compared here, on this host.
set -euo pipefail
cd "$(dirname "$0")/../.."
group=${1:-missing-and-defaults}
swift build -c release --product benchmarks >/dev/null
out=$(mktemp -d)
lscpu | grep -E "^(Model name|CPU family|Model):" | tr -s ' ' | paste -sd ';' -
# The folder the runner loads libswiftCore.so from, copied under a longer name.
toolchain=$(dirname "$(ldd .build/release/benchmarks | awk '/libswiftCore.so/ {print $3}')")
moved_toolchain="$out/a-toolchain-installed-in-a-longer-folder/usr/lib/swift/linux"
mkdir -p "$moved_toolchain"
cp -a "$toolchain/." "$moved_toolchain/"
moved_build="$out/a-checkout-in-a-longer-folder/of/the/project/.build/release"
mkdir -p "$moved_build"
cp -a .build/release/benchmarks "$moved_build/"
[ -d .build/release/GRDB_GRDB.resources ] && cp -a .build/release/GRDB_GRDB.resources "$moved_build/"
run() {
  "${@:2}" run --quick --no-cache --no-count --group "$group" --out "$out/$1" >/dev/null 2>"$out/$1.log"
}
run as-built .build/release/benchmarks
LD_LIBRARY_PATH="$moved_toolchain" run toolchain-moved .build/release/benchmarks
run checkout-moved "$moved_build/benchmarks"
elsewhere="$out/another-working-folder-with-a-longer-name"
mkdir -p "$elsewhere"
(cd "$elsewhere" && "$OLDPWD/.build/release/benchmarks" run --quick --no-cache --no-count --group "$group" \
  --profiles-dir "$OLDPWD/Data/profiles" --out "$out/working-folder-moved" >/dev/null 2>"$out/working-folder-moved.log")
python3 - "$out" "$toolchain" <<'PY'
import csv, glob, sys
out, toolchain = sys.argv[1], sys.argv[2]
def counts(name):
    rows = csv.DictReader(open(glob.glob(f"{out}/{name}/runs/*/results.csv")[0]))
    return {(r["strategy"], r["profile"], r["metric"]): float(r["median"])
            for r in rows if r["metric"] in ("instructions", "simulated_cycles") and r["median"]}
first = counts("as-built")
print(f"toolchain libraries in {toolchain}; {len(first)} counts as built")
for name in ("toolchain-moved", "checkout-moved", "working-folder-moved"):
    other = counts(name)
    same = sum(1 for key in first if other.get(key) == first[key])
    def largest(metric):
        moves = [abs(other[k] / first[k] - 1) * 100 for k in first if k[2] == metric and k in other]
        return f"{max(moves):.4f}%" if moves else "none"
    print(f"{name}: {same} of {len(first)} identical; largest difference: "
          f"instructions {largest('instructions')}, simulated cycles {largest('simulated_cycles')}")
PY
