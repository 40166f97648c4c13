"""How far allocation counts move between runs of the same build: per metric, the largest and the
95th-percentile relative spread (max / min - 1) of each cell's median over the runs given, and the
cells that move most. Used to set the gate's tolerances for an approximate counting backend.
Usage: python3 Documentation/studies/count-spread.py RUN_DIR RUN_DIR [RUN_DIR ...]"""
import csv
import sys
from collections import defaultdict

METRICS = ("allocations", "allocated_bytes", "peak_heap_bytes")
values = defaultdict(list)
backends = set()
for run in sys.argv[1:]:
    for row in csv.DictReader(open(f"{run}/results.csv", encoding="utf-8")):
        if row["metric"] in METRICS and row["median"]:
            values[(row["metric"], row["strategy"], row["profile"])].append(float(row["median"]))
            backends.add(row["counting_backend"])
print(f"{len(sys.argv) - 1} runs, counting backend(s): {', '.join(sorted(backends))}")
for metric in METRICS:
    spreads = sorted(
        ((max(v) / min(v) - 1 if min(v) > 0 else 0.0), key[1], key[2])
        for key, v in values.items() if key[0] == metric and len(v) == len(sys.argv) - 1)
    if not spreads:
        continue
    p95 = spreads[int(0.95 * (len(spreads) - 1))][0]
    moved = sum(1 for s in spreads if s[0] > 0)
    print(f"{metric}: {len(spreads)} cells, {moved} moved at all, p95 {p95:.3%}, max {spreads[-1][0]:.3%}")
    for spread, strategy, profile in spreads[-3:][::-1]:
        if spread > 0:
            print(f"  {spread:.3%}  {strategy} on {profile}")
