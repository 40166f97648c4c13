"""A run's pairs as the harness wrote them (pairs.csv: a strategy sample between two samples of its
yardstick, on CPU times per decode), its ratios and samples, and the harness's estimator for
recomputing ratios from pairs. Shared by the scripts beside it."""
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


def ratios_by_key(folder):
    """A run folder's ratios.csv rows by (profile, strategy, yardstick); a clear error if missing."""
    try:
        rows = list(csv.DictReader(open(f"{folder}/ratios.csv", newline="")))
    except OSError as error:
        sys.exit(f"error: {error.filename}: {error.strerror}")
    return {(r["profile"], r["strategy"], r["yardstick"]): r for r in rows}


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


def slow_sample_share(folder):
    """The share of a run folder's timing samples taken in the machine's slow state: more than
    `SLOW_SPELL_ABOVE` above the 10th percentile of their own cell's CPU times per decode, over the
    cells with at least 10 samples (the harness's `SlowState`, which its reports print)."""
    times = defaultdict(list)
    try:
        for s in csv.DictReader(open(f"{folder}/samples.csv", newline="")):
            times[(s["group"], s["strategy"], s["profile"])].append(float(s["cpu_ns"]))
    except OSError as error:
        sys.exit(f"error: {error.filename}: {error.strerror}")
    slow = total = 0
    for cell in times.values():
        if len(cell) < 10:
            continue
        fast = sorted(cell)[len(cell) // 10]
        slow += sum(t > fast * (1 + SLOW_SPELL_ABOVE) for t in cell)
        total += len(cell)
    return slow / max(total, 1)


def by_generation(samples):
    """(profile, generation) -> its samples in the order taken."""
    generations = defaultdict(list)
    for s in samples:
        generations[(s["profile"], int(s["fork"]))].append(s)
    for rows in generations.values():
        rows.sort(key=lambda r: int(r["sequence"]))
    return generations


def pairs(run):
    """(profile, strategy, yardstick) -> generation -> [(log ratio, yardstick pace)] from a run
    folder's pairs.csv, the pace being the geometric mean of the two yardstick samples' CPU times
    per decode. `ab` runs name the baseline build's worker as yardstick `baseline`. Runs made
    before pairs.csv (November 2026) cannot be read: a clear error."""
    result = defaultdict(lambda: defaultdict(list))
    try:
        rows = csv.DictReader(open(f"{run}/pairs.csv", newline=""))
        for r in rows:
            result[(r["profile"], r["strategy"], r["yardstick"])][int(r["generation"])].append(
                (float(r["log_ratio"]), float(r["yardstick_cpu_ns"])))
    except OSError as error:
        sys.exit(f"error: {error.filename}: {error.strerror} (runs of harness versions before pairs.csv cannot be read)")
    return result


# The harness's estimator (Documentation/Method.md, "The ratio and its interval"), for recomputing ratios.
SLOW_SPELL_ABOVE = 0.20
PAIR_TRIM, GENERATION_TRIM = 0.25, 0.20
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def t975(df):
    z = 1.959964
    return T975[df - 1] if df <= len(T975) else z + (z ** 3 + z) / (4 * df)


def trimmed_mean(values, trim):
    kept = sorted(values)
    cut = int(len(kept) * trim)
    kept = kept[cut:len(kept) - cut]
    return sum(kept) / len(kept)


def trimmed_interval(values, trim):
    """(mean, 95% half-width) of the trimmed mean (Tukey–McLaughlin), or None."""
    n = len(values)
    g = int(n * trim)
    h = n - 2 * g
    if n < 2 or h < 2:
        return None
    ordered = sorted(values)
    winsorized = [ordered[min(max(i, g), n - 1 - g)] for i in range(n)]
    mean_w = sum(winsorized) / n
    variance = sum((x - mean_w) ** 2 for x in winsorized) / (n - 1)
    return trimmed_mean(ordered, trim), t975(h - 1) * math.sqrt(variance) / ((1 - 2 * g / n) * math.sqrt(n))


def generation_values(generations, leave_out_slow=True):
    """Each generation's value (the interquartile mean of its pairs' log ratios), in generation
    order, after leaving out the pairs of slow spells as the harness does."""
    ordered = [generations[g] for g in sorted(generations)]
    paces = sorted(p for pairs in ordered for _, p in pairs)
    limit = paces[len(paces) // 10] * (1 + SLOW_SPELL_ABOVE) if leave_out_slow and paces else math.inf
    kept = [k for pairs in ordered if (k := [r for r, p in pairs if p <= limit])]
    if len(kept) < 2:  # as the harness does: all pairs rather than no ratio
        kept = [[r for r, _ in pairs] for pairs in ordered if pairs]
    return [trimmed_mean(k, PAIR_TRIM) for k in kept]


def estimate(generations, leave_out_slow=True, trim=GENERATION_TRIM):
    """(log ratio, 95% half-width) by the harness's method, or None."""
    return trimmed_interval(generation_values(generations, leave_out_slow), trim)
