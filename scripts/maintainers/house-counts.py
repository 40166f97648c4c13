#!/usr/bin/env python3
"""Run by: maintainers, when the code's rooms change (the house's reads).

Counts a commit's Sources as a reader meets them: the shapes a paired ratio takes (its types and
the record's properties that hold one), the types named ...Row, ...Run and ...Cell, the functions
longer than 60 lines, the longest files, and the files and lines of each folder of the harness.
Reads the commit's tree with git (no checkout), so two commits can be compared:
  scripts/maintainers/house-counts.py REV [REV]
"""
import re
import subprocess
import sys

RATIO_SHAPES = [
    r"struct PairedRatio\b", r"struct StatedRatio\b", r"struct CellRatio\b", r"struct YardstickRatio\b",
    r"struct Ratio\b", r"var groupRatio\b", r"var rowRatio\b", r"var displayedRatio\b", r"var allRatios\b",
    r"var cellRatio\b", r"var pairedRatio\b",
]


def files(rev):
    names = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "Sources"], capture_output=True, text=True, check=True)
    return [n for n in names.stdout.split() if n.endswith(".swift")]


def text(rev, path):
    return subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, text=True, check=True).stdout


def long_functions(source, limit=60):
    """Functions whose body spans more than `limit` lines (braces counted, strings ignored)."""
    lines = source.splitlines()
    found = []
    for index, line in enumerate(lines):
        if not re.search(r"\bfunc \w+|\binit[?!]?\(", line) or line.strip().startswith("//"):
            continue
        depth, started = 0, False
        for end in range(index, len(lines)):
            code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end].split("//")[0])
            depth += code.count("{") - code.count("}")
            started = started or "{" in code
            if started and depth <= 0:
                if end - index + 1 > limit:
                    found.append((end - index + 1, line.strip()[:80]))
                break
    return found


def count(rev):
    paths = files(rev)
    sources = {p: text(rev, p) for p in paths}
    shapes = sorted({m.group(0) for s in sources.values() for pattern in RATIO_SHAPES for m in re.finditer(pattern, s)})
    named = sorted({m.group(1) for s in sources.values()
                    for m in re.finditer(r"^\s*(?:package |public |private |fileprivate )?(?:final )?(?:struct|enum|class)\s+(\w*(?:Row|Run|Cell)\w*)", s, re.M)})
    longs = sorted(((n, p, sig) for p, s in sources.items() for n, sig in long_functions(s)), reverse=True)
    lengths = sorted(((len(s.splitlines()), p) for p, s in sources.items()), reverse=True)
    rooms = {}
    for p, s in sources.items():
        parts = p.split("/")
        if len(parts) > 3 and parts[1] == "CodableBenchHarness":
            files_, lines_ = rooms.get(parts[2], (0, 0))
            rooms[parts[2]] = (files_ + 1, lines_ + len(s.splitlines()))
    print(f"== {rev}: {len(paths)} files, {sum(l for l, _ in lengths)} lines")
    print(f"ratio shapes ({len(shapes)}): {', '.join(shapes)}")
    print(f"Row-, Run-, Cell-named types ({len(named)}): {', '.join(named)}")
    print(f"functions over 60 lines ({len(longs)}):")
    for n, p, sig in longs:
        print(f"  {n:4d}  {p}: {sig}")
    print("longest files: " + ", ".join(f"{p.split('/')[-1]} {n}" for n, p in lengths[:3]))
    print("harness rooms: " + ", ".join(f"{room} {f} files/{l} lines" for room, (f, l) in sorted(rooms.items(), key=lambda x: -x[1][1])))


for rev in sys.argv[1:] or ["HEAD"]:
    count(rev)
