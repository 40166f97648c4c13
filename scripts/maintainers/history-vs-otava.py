#!/usr/bin/env python3
"""Run by: maintainers, when `benchmarks history changes` or its export changes.

A history's change points and Apache Otava's on the same series, side by side: exports the history
(`history export --format otava`), runs Otava on every test (`pip install apache-otava`), writes
`history changes --csv`, and compares, series by series, the commits each found a change at.

Time ratios: both use E-divisive with a t-test at p <= 0.001, so they should agree on every series.
Exact measures: Otava's t-test calls any move of a flat series significant (both sides have no
spread), however small; the history counts a step only beyond its threshold (the A/B gate's 0.1% for
instructions, 0.3% for simulated cycles), with the runtime's layout-following functions left out.
The table says how many of Otava's exact changes are within that threshold.

Usage: scripts/maintainers/history-vs-otava.py HISTORY [BENCHMARKS_EXECUTABLE]
"""
import csv
import json
import os
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    history = os.path.abspath(sys.argv[1])
    bench = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else ".build/debug/benchmarks")
    work = tempfile.mkdtemp(prefix="history-vs-otava-")
    export = os.path.join(work, "otava")
    subprocess.run([bench, "history", "export", "--format", "otava", "--out", export, "--history", history],
                   check=True, stdout=subprocess.DEVNULL)
    ours_csv = os.path.join(work, "changes.csv")
    subprocess.run([bench, "history", "changes", "--history", history, "--csv", ours_csv], stdout=subprocess.DEVNULL)

    # Each test's setting is the comment under its name in otava.yaml.
    settings, test = {}, None
    for line in open(os.path.join(export, "otava.yaml")):
        if line.startswith("  ") and not line.startswith("   ") and line.strip().endswith(":") and line.strip() != "all:":
            test = line.strip()[:-1]
        elif test and line.strip().startswith("# "):
            settings[test] = line.strip()[2:]
            test = None
    environment = dict(os.environ, OTAVA_CONFIG=os.path.join(export, "otava.yaml"))
    output = subprocess.run(["otava", "analyze", "all", "--output", "json"], cwd=export, env=environment,
                            capture_output=True, text=True, check=True).stdout
    theirs = {}
    for line in output.splitlines():
        if not line.startswith("{"):
            continue
        for test, points in json.loads(line).items():
            for point in points:
                for change in point["changes"]:
                    key = (settings[test], change["metric"])
                    theirs.setdefault(key, set()).add(point["attributes"]["commit"])
                    theirs.setdefault(("magnitude", key, point["attributes"]["commit"]), float(change["magnitude"]))
    ours = {}
    for row in csv.DictReader(open(ours_csv)):
        ours.setdefault((row["setting"], row["series"]), set()).add(row["commit"])

    series_keys = {k for k in theirs if k[0] != "magnitude"} | set(ours)
    print(f"{'kind':<6} {'series with a change':>22} {'Otava':>7} {'ours':>6} {'same commits':>13} {'only Otava':>11} {'only ours':>10}")
    for kind in ("time", "exact"):
        keys = [k for k in series_keys if k[0].startswith(kind)]
        same = [k for k in keys if theirs.get(k, set()) == ours.get(k, set())]
        only_theirs = sum(len(theirs.get(k, set()) - ours.get(k, set())) for k in keys)
        only_ours = sum(len(ours.get(k, set()) - theirs.get(k, set())) for k in keys)
        print(f"{kind:<6} {len(keys):>22} {sum(len(theirs.get(k, set())) for k in keys):>7} "
              f"{sum(len(ours.get(k, set())) for k in keys):>6} {len(same):>13} {only_theirs:>11} {only_ours:>10}")
        if kind == "exact":
            def step(key):
                return 0.003 if key[1].endswith("/simulated_cycles") else 0.001
            small = [(theirs[("magnitude", k, c)], step(k)) for k in keys for c in theirs.get(k, set()) - ours.get(k, set())]
            below = sum(1 for m, threshold in small if m <= threshold)
            print(f"       of Otava's exact changes the history does not count: {below} of {len(small)} within its threshold")
            for k in sorted(keys):
                for c in sorted(theirs.get(k, set()) - ours.get(k, set())):
                    if theirs[("magnitude", k, c)] > step(k):
                        print(f"  Otava only, beyond the threshold: {k[1]} at {c[:7]} ({theirs[('magnitude', k, c)] * 100:.3f}%)")
                for c in sorted(ours.get(k, set()) - theirs.get(k, set())):
                    print(f"  the history only: {k[1]} at {c[:7]}")
        for k in sorted(keys):
            if theirs.get(k, set()) != ours.get(k, set()) and kind == "time":
                print(f"  differs: {k[1]} ({k[0]}): Otava {sorted(c[:7] for c in theirs.get(k, set()))}, ours {sorted(c[:7] for c in ours.get(k, set()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
