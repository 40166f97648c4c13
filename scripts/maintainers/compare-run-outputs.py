#!/usr/bin/env python3
# Run by: maintainers, before and after a restructuring that should change no output.
"""Whether two run folders hold the same outputs, times aside: for a restructuring that should
change no output (issue 54), a quick run before and one after.

    python3 scripts/maintainers/compare-run-outputs.py RUN_BEFORE RUN_AFTER

RUN is a run folder (results/runs/ID) or an --out folder (its `latest` is read). Compared:

- the files in the folder, by name;
- every CSV's header (its columns, in order);
- the cells of results.csv, ratios.csv and cold.csv: the set of rows by their columns that name
  what was measured (group, strategy, yardstick, profile, metric, outcome, ...), not by figures;
- the keys of run.json and benchmark-action.json, nested, not their values;
- the headings of report.md, run ids left out.

Times, counts of samples and generations, verdicts and run ids differ from run to run and are left
out. Which cells a default run counts exact measures for depends on its time, so compare runs made
with `--no-exact` (or both with `--instructions`): `benchmarks run --quick --no-exact --out DIR`.
Prints each difference on a line; exits 0 when there is none, 1 when there is, 2 on bad input.
"""
import csv
import json
import os
import re
import sys

# Columns that say which cell, comparison or function a row is about (present in the CSV or not).
NAMING = {
    "group", "strategy", "yardstick", "ratio_to", "profile", "expectation", "metric", "unit",
    "outcome", "expected_outcome", "bytes", "sha256", "elements", "seed", "knobs", "allocator",
    "counting_backend", "build_configuration", "category", "situation",
}
# CSVs whose rows are one per cell or comparison; samples.csv and costs.csv vary in length.
KEYED = ("results.csv", "ratios.csv", "cold.csv")


def folder(path):
    latest = os.path.join(path, "latest")
    if os.path.isdir(latest):
        return os.path.realpath(latest)
    if not os.path.isfile(os.path.join(path, "results.csv")):
        sys.exit(f"compare-run-outputs: {path} is not a run folder (no results.csv, no latest)")
    return path


def read_csv(path):
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    return (rows[0], rows[1:]) if rows else ([], [])


def keys(value, prefix=""):
    """A JSON value's key paths; a list's items merged, since their number may differ."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(prefix + key)
            found |= keys(item, prefix + key + ".")
    elif isinstance(value, list):
        for item in value:
            found |= keys(item, prefix + "[].")
    return found


def headings(path):
    with open(path) as handle:
        lines = [line.rstrip() for line in handle if line.startswith("#")]
    return [re.sub(r"\b\d{8}-\d{6}-[0-9a-f]+\b", "RUN", line) for line in lines]


def compare(before, after):
    differences = []
    names = {"before": sorted(os.listdir(before)), "after": sorted(os.listdir(after))}
    for name in sorted(set(names["before"]) ^ set(names["after"])):
        side = "only before" if name in names["before"] else "only after"
        differences.append(f"{name}: {side}")
    for name in sorted(set(names["before"]) & set(names["after"])):
        a, b = os.path.join(before, name), os.path.join(after, name)
        if name.endswith(".csv"):
            (head_a, rows_a), (head_b, rows_b) = read_csv(a), read_csv(b)
            if head_a != head_b:
                differences.append(f"{name}: columns differ: {head_a} / {head_b}")
                continue
            if name in KEYED:
                naming = [i for i, column in enumerate(head_a) if column in NAMING]
                cells_a = {tuple(row[i] for i in naming) for row in rows_a}
                cells_b = {tuple(row[i] for i in naming) for row in rows_b}
                for cell in sorted(cells_a - cells_b):
                    differences.append(f"{name}: row only before: {','.join(cell)}")
                for cell in sorted(cells_b - cells_a):
                    differences.append(f"{name}: row only after: {','.join(cell)}")
        elif name.endswith(".json"):
            with open(a) as handle_a, open(b) as handle_b:
                keys_a, keys_b = keys(json.load(handle_a)), keys(json.load(handle_b))
            for key in sorted(keys_a ^ keys_b):
                side = "only before" if key in keys_a else "only after"
                differences.append(f"{name}: key {key} {side}")
        elif name.endswith(".md"):
            if headings(a) != headings(b):
                differences.append(f"{name}: headings differ")
    return differences


def main():
    if len(sys.argv) != 3:
        print("usage: compare-run-outputs.py RUN_BEFORE RUN_AFTER", file=sys.stderr)
        sys.exit(2)
    differences = compare(folder(sys.argv[1]), folder(sys.argv[2]))
    for line in differences:
        print(line)
    print(f"{len(differences)} difference(s)" if differences else "same files, columns and cells")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
