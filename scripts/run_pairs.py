"""A run's pairs rebuilt from its samples.csv, the way the harness builds them: a strategy sample
between two samples of its yardstick, the strategy having run two samples before (`S Y [S] Y`), on
CPU times per decode (`cpu_ns`; harness 0.1.0 paired `wall_ns`). Shared by the scripts beside it."""
import csv
import math
import sys
from collections import defaultdict


def load(run):
    """(samples.csv rows, ratios.csv rows) of a run folder; a clear error if they are missing."""
    try:
        samples = list(csv.DictReader(open(f"{run}/samples.csv", newline="")))
        ratios = list(csv.DictReader(open(f"{run}/ratios.csv", newline="")))
    except OSError as error:
        sys.exit(f"error: {error.filename}: {error.strerror}")
    return samples, ratios


def timed_cells(run):
    """results.csv's wall-time rows of the cells that ended ok: every timed cell of a run folder."""
    return [r for r in csv.DictReader(open(f"{run}/results.csv", newline=""))
            if r["metric"] == "wall_time" and r["outcome"] == "ok"]


def is_non_reference(row):
    """A timed cell whose ratio is to another strategy (a group reference's own row has itself)."""
    return bool(row["ratio_to"]) and row["ratio_to"] != row["strategy"]


def log_half_width(row):
    """A ratios.csv (or results.csv) row's 95% half-width on the log scale: half the log of its
    interval's high end over its low end (the harness's intervals are symmetric in the log)."""
    return math.log(float(row["ratio_ci95_high"]) / float(row["ratio_ci95_low"])) / 2


def by_generation(samples):
    """(profile, generation) -> its samples in the order taken."""
    generations = defaultdict(list)
    for s in samples:
        generations[(s["profile"], int(s["fork"]))].append(s)
    for rows in generations.values():
        rows.sort(key=lambda r: int(r["sequence"]))
    return generations


def pairs(samples, ratios):
    """(profile, strategy, yardstick) -> generation -> [(log ratio, yardstick pace)], the pace
    being the geometric mean of the two yardstick samples' CPU times per decode."""
    yardstick = {(r["profile"], r["strategy"]): r["yardstick"] for r in ratios}
    result = defaultdict(lambda: defaultdict(list))
    for (profile, generation), rows in by_generation(samples).items():
        pace = [float(r["cpu_ns"]) for r in rows]  # per decode already
        for i in range(2, len(rows) - 1):
            strategy = rows[i]["strategy"]
            y = yardstick.get((profile, strategy))
            if y and rows[i - 2]["strategy"] == strategy and rows[i - 1]["strategy"] == y and rows[i + 1]["strategy"] == y:
                log_ratio = math.log(pace[i]) - (math.log(pace[i - 1]) + math.log(pace[i + 1])) / 2
                result[(profile, strategy, y)][generation].append((log_ratio, math.sqrt(pace[i - 1] * pace[i + 1])))
    return result
