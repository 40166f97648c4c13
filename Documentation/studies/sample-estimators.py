#!/usr/bin/env python3
"""How a lockstep sample's size changes what it reads, inside one worker process.

Starts one lockstep worker (`benchmarks worker … --pass lockstep`, the protocol in
Sources/CodableBenchHarness/Worker/LockstepProtocol.swift), pins it to one CPU, and asks it in turn for
samples of each size given (`DECODESxBATCHES`: the worker reports the median batch). Each round
takes one sample of every size; the ratio of a size's per-decode time to the first size's, paired
within the round, is averaged over the rounds (geometric mean, with a 95% interval).

This is where the figures in SampleSize.swift come from: against five batches of one decode, the
median of four, of two, and a single batch read slower, so every member of a generation takes the
same odd number of batches.

Usage: Documentation/studies/sample-estimators.py [--strategy ID] [--profile NAME] [--rounds N] SIZE [SIZE ...]
e.g.   Documentation/studies/sample-estimators.py 1x5 1x4 1x3 1x2 1x1 2x5
Needs a release build (swift build -c release --product benchmarks). A benchmark script: its
figures depend on the machine and are not asserted anywhere.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", help="DECODESxBATCHES, the first is the baseline")
    parser.add_argument("--strategy", default="paired-reference")
    parser.add_argument("--profile", default="small")
    parser.add_argument("--rounds", type=int, default=300)
    options = parser.parse_args()
    try:
        sizes = [tuple(int(part) for part in size.split("x")) for size in options.sizes]
        assert all(len(size) == 2 and min(size) > 0 for size in sizes)
    except (ValueError, AssertionError):
        sys.exit("sample-estimators: sizes are DECODESxBATCHES, e.g. 1x5")
    binary = os.path.join(ROOT, ".build", "release", "benchmarks")
    profile_path = os.path.join(ROOT, "Data", "profiles", options.profile + ".json")
    if not os.path.exists(binary):
        sys.exit("sample-estimators: no release build; run swift build -c release --product benchmarks")
    if not os.path.exists(profile_path):
        sys.exit(f"sample-estimators: no profile {options.profile} in Data/profiles")
    plan = {
        "warmupNanoseconds": 5_000_000, "minSampleNanoseconds": 5_000_000, "samplesPerBlock": 2,
        "minGenerations": 12, "maxGenerations": 200, "precision": 0.01, "budgetNanosecondsPerCell": 1_200_000_000,
    }
    arguments = [
        binary, "worker", "--report", "-", "--strategy", options.strategy, "--plan-json", json.dumps(plan),
        "--profile-json", json.dumps(json.load(open(profile_path))), "--pass", "lockstep",
    ]
    worker = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    line = worker.stdout.readline()
    if not line:
        sys.exit("sample-estimators: the worker ended without a report (its message is above)")
    report = json.loads(line)
    if report.get("outcome") != "ok":
        sys.exit(f"sample-estimators: the worker is not ready: {report.get('outcome')} {report.get('detail', '')}")
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(worker.pid, {cpus[-1]})

    per_decode = {size: [] for size in sizes}
    log_ratios = {size: [] for size in sizes[1:]}
    for _ in range(options.rounds):
        taken = {}
        for decodes, batches in sizes:
            worker.stdin.write(f"{decodes} {batches}\n")
            worker.stdin.flush()
            reply = worker.stdout.readline().split()
            if len(reply) != 2 or not reply[0].isdigit():
                sys.exit(f"sample-estimators: the worker said {' '.join(reply)!r}")
            taken[(decodes, batches)] = int(reply[0]) / decodes
            per_decode[(decodes, batches)].append(taken[(decodes, batches)])
        for size in sizes[1:]:
            log_ratios[size].append(math.log(taken[size] / taken[sizes[0]]))
    worker.stdin.write("q\n")
    worker.stdin.flush()
    worker.wait()

    first = "x".join(map(str, sizes[0]))
    print(f"{options.strategy} on {options.profile}, {options.rounds} rounds, CPU {cpus[-1]}")
    print(f"  {first:>6}: median {statistics.median(per_decode[sizes[0]]) / 1e3:9.1f} µs a decode")
    for size in sizes[1:]:
        values = log_ratios[size]
        mean = statistics.mean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        name = "x".join(map(str, size))
        print(
            f"  {name:>6}: median {statistics.median(per_decode[size]) / 1e3:9.1f} µs a decode;"
            f" against {first}: {math.exp(mean):.4f} ({math.exp(mean - half):.4f}–{math.exp(mean + half):.4f})"
        )


if __name__ == "__main__":
    main()
