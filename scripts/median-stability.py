#!/usr/bin/env python3
"""How far the median wall time of each cell moved between two runs of the same build.

    python3 scripts/median-stability.py RUN_A/results.csv RUN_B/results.csv

Prints, for the JSONDecoder-based decode cells (issue #4's criterion: JSONSerialization, database,
encoding, memcpy and simdjson cells left out) and for all timed cells,
how many moved by less than 5% on the median, the 10th percentile and the minimum, and the cells
that moved most.
"""
import csv
import sys

NOT_JSONDECODER = ("jsonserialization", "ref-memcpy", "ref-simdjson")
NOT_DECODING = ("encoding", "database")


def load(path):
    rows = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["metric"] == "wall_time":
                rows[(r["group"], r["strategy"], r["profile"])] = r
    return rows


def jsondecoder_based(key):
    group, strategy, _ = key
    return group not in NOT_DECODING and not any(part in strategy for part in NOT_JSONDECODER)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: median-stability.py RUN_A/results.csv RUN_B/results.csv")
    a, b = load(sys.argv[1]), load(sys.argv[2])
    common = sorted(set(a) & set(b))
    for title, keys in (("JSONDecoder-based cells", [k for k in common if jsondecoder_based(k)]),
                        ("all timed cells", common)):
        line = [f"{title}: {len(keys)}"]
        for stat in ("median", "p10", "min"):
            moved = [abs(float(b[k][stat]) / float(a[k][stat]) - 1) for k in keys]
            within = sum(1 for m in moved if m < 0.05)
            line.append(f"{stat} within 5%: {within} ({within / len(keys) * 100:.1f}%)")
        print("; ".join(line))
    keys = [k for k in common if jsondecoder_based(k)]
    worst = sorted(keys, key=lambda k: -abs(float(b[k]["median"]) / float(a[k]["median"]) - 1))[:8]
    print("moved most (median):")
    for k in worst:
        change = float(b[k]["median"]) / float(a[k]["median"]) - 1
        excluded = (a[k].get("excluded", ""), b[k].get("excluded", ""))
        print(f"  {k[1]} on {k[2]}: {change * 100:+.1f}% (excluded samples {excluded[0] or '-'} / {excluded[1] or '-'})")


if __name__ == "__main__":
    main()
