"""Fails when a smoke run's cell did not end as its strategy expects (ok, or threw-as-expected for
strict strategies on faulty payloads; a pitfall must not end ok on a faulty payload), or when
allocations were not counted."""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
if not rows:
    sys.exit("smoke run wrote no rows")
def unexpected(r):
    if r["expectation"] == "pitfall":
        return r["outcome"] == "ok" and "fault=0.0;" not in r["knobs"]
    return r["outcome"] not in ("ok", "threw-as-expected")

bad = [r for r in rows if unexpected(r)]
for r in bad:
    print(f"unexpected outcome: {r['strategy']} on {r['profile']}: {r['outcome']}: {r['detail']}")
cells = {(r["strategy"], r["profile"]) for r in rows}
counted = {(r["strategy"], r["profile"]) for r in rows if r["metric"] == "allocations"}
ok_cells = {(r["strategy"], r["profile"]) for r in rows if r["outcome"] == "ok"}
if ok_cells - counted:
    print(f"allocations missing for {sorted(ok_cells - counted)}")
    bad.append(None)
print(f"smoke run: {len(cells)} cells, {len(rows)} rows, {len(bad)} problems")
sys.exit(1 if bad else 0)
