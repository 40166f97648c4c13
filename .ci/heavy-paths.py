#!/usr/bin/env python3
"""The strategy folders a heavy check runs, derived from the files that run it.

Run by: .ci/heavy, for each check's fingerprint (its listed paths plus these).

Reads the scripts and tests among the given paths (not Sources, Benchmarks, Examples or Data: those
are code, not what a check runs) for the groups and strategies they name (on a command line,
`--group NAME` or `--strategy NAME`; in a Swift or Python file, any string literal that is a group's or
a strategy's name) and the strategy modules a Swift file imports, and prints the folder that defines
each: a group where `group = "NAME"` is declared, a strategy where `id: "NAME"` is, a module under
Benchmarks/. A name defined nowhere (a test of an unknown strategy) is left out; a word that happens to
be a strategy's name only adds a folder, never hides one. With any strategy's folder comes
Benchmarks/StandardModel, which every strategy target depends on. One folder a line, sorted.
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CODE = ("Sources", "Benchmarks", "Examples", "Data")
NAMED = re.compile(r'--(?:group|strategy)\s+([a-z0-9][a-z0-9-]*)|"([a-z0-9][a-z0-9-]*)"')
IMPORT = re.compile(r"^import\s+(\w+)", re.MULTILINE)


def files_that_run(paths):
    """The tracked scripts and tests among `paths`: a check's own build folder (the cross-check's
    package resolves its dependencies' sources into one) is not what it runs."""
    wanted = [path for path in paths if path.split("/")[0] not in CODE]
    if not wanted:
        return
    tracked = subprocess.run(
        ["git", "ls-files", "--", *wanted], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for name in sorted(tracked):
        if pathlib.Path(name).suffix in (".sh", ".py", ".swift"):
            yield ROOT / name


def definitions():
    """Each group's and strategy's defining folder (Benchmarks/NAME, or Examples)."""
    groups, strategies = {}, {}
    for folder in ("Benchmarks", "Examples"):
        for source in sorted((ROOT / folder).rglob("*.swift")):
            if ".build" in source.parts:
                continue
            parts = source.relative_to(ROOT).parts
            owner = "/".join(parts[:2]) if folder == "Benchmarks" else folder
            text = source.read_text(encoding="utf-8")
            for name in re.findall(r'\bgroup\s*=\s*"([a-z0-9-]+)"', text):
                groups.setdefault(name, owner)
            for name in re.findall(r'\bid:\s*"([a-z0-9-]+)"', text):
                strategies.setdefault(name, owner)
    return groups, strategies


def main(paths):
    groups, strategies = definitions()
    folders = set()
    for path in files_that_run(paths):
        text = path.read_text(encoding="utf-8", errors="replace")
        for flag, literal in NAMED.findall(text):
            name = flag or literal
            folder = groups.get(name) or strategies.get(name)
            if folder:
                folders.add(folder)
        for module in IMPORT.findall(text) if path.suffix == ".swift" else []:
            if (ROOT / "Benchmarks" / module).is_dir():
                folders.add(f"Benchmarks/{module}")
    # Every strategy target is built on the shared model (Package.swift's strategy targets).
    if any(folder.startswith("Benchmarks/") for folder in folders):
        folders.add("Benchmarks/StandardModel")
    print("\n".join(sorted(folders)))


if __name__ == "__main__":
    main(sys.argv[1:])
