# Run by: .ci/run and .ci/heavy, on a quick run.
"""Fails when a smoke run's cell did not end with the outcome its strategy expects on that payload
(the `expected_outcome` column), or when an `ok` cell's allocations were not counted."""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
if not rows:
    sys.exit("smoke run wrote no rows")
problems = []
for r in rows:
    if r["outcome"] != r["expected_outcome"]:
        problems.append(f"{r['strategy']} on {r['profile']}: {r['outcome']}, expected {r['expected_outcome']}: {r['detail']}")
cells = {(r["strategy"], r["profile"]) for r in rows}
counted = {(r["strategy"], r["profile"]) for r in rows if r["metric"] == "allocations"}
ok_cells = {(r["strategy"], r["profile"]) for r in rows if r["outcome"] == "ok"}
for strategy, profile in sorted(ok_cells - counted):
    problems.append(f"{strategy} on {profile}: allocations were not counted")
for p in sorted(set(problems)):
    print("problem:", p)
print(f"smoke run: {len(cells)} cells, {len(rows)} rows, {len(set(problems))} problems")
sys.exit(1 if problems else 0)
