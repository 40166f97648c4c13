#!/usr/bin/env bash
# Run by: .ci/heavy, when the Simdjson trait's files change.
# The Simdjson trait end to end: install Debian's libsimdjson-dev if missing, build with the trait
# (in its own build folder, so the default build is untouched), run ref-simdjson on its payloads,
# and check that every row is ok with a throughput.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! [ -e /usr/include/simdjson.h ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y libsimdjson-dev
fi

swift build -c release --traits Simdjson --scratch-path .build-simdjson
out=$(mktemp -d)
.build-simdjson/release/benchmarks run --strategy ref-simdjson --quick --no-count --out "$out"
# simdjson's C++ carries clang's DWARF 5, which valgrind 3.19 cannot read: every cell still has its
# exact measure, counted on the executable's copy without debug sections.
python3 - "$out/latest/results.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["strategy"] == "ref-simdjson"]
cells = {r["profile"] for r in rows}
bad = [r["profile"] for r in rows if r["outcome"] != "ok"]
mbs = {r["profile"]: float(r["median"]) for r in rows if r["metric"] == "throughput"}
counted = {r["profile"] for r in rows if r["metric"] == "instructions" and float(r["median"]) > 0}
if not cells or bad or set(mbs) != cells or min(mbs.values()) <= 0 or counted != cells:
    sys.exit(f"simdjson smoke: cells {sorted(cells)}, not ok {bad}, MB/s {mbs}, counted {sorted(counted)}")
print("simdjson smoke: " + ", ".join(f"{p} {v:.0f} MB/s" for p, v in sorted(mbs.items())) + f"; instructions for {len(counted)} of {len(cells)}")
PY
