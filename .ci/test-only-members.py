#!/usr/bin/env python3
# Run by: .ci/run, on every push.
"""Members of Sources that only the tests use: each name declared in Sources (func, var, let,
case, init labels aside) that appears as a word in Tests but nowhere in Sources, Benchmarks or
Examples beyond its own declaration. A reading of the text, not of the compiler's index: a name
shared by two declarations counts as used when either is, so it can miss a test-only member but
does not invent one. Run from the repository root; prints one line per candidate, exits 1 if any.

    python3 .ci/test-only-members.py
"""
import os
import re
import sys

from swift_sources import code, swift_files

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|static|final|"
    r"mutating|override|nonisolated|lazy|indirect|class)\s+)*(?:func|var|let|case)\s+([a-zA-Z_]\w*)",
    re.M)


# Members kept on purpose though only tests name them, and why.
KEPT = {
    "site": "a field of the claims file's sources (Data/claims.json): decoded so a wrong type is an error; no report shows it",
}


def words(text):
    counts = {}
    for word in re.findall(r"\b[a-zA-Z_]\w*\b", text):
        counts[word] = counts.get(word, 0) + 1
    return counts


def main():
    if not os.path.isdir("Sources") or not os.path.isdir("Tests"):
        sys.exit("test-only-members: run from the repository root (no Sources/ or Tests/ here)")
    sources = {path: code(path) for path in swift_files("Sources")}
    elsewhere = words("\n".join(code(p) for p in swift_files("Benchmarks", "Examples")))
    in_sources = words("\n".join(sources.values()))
    in_tests = words("\n".join(code(p) for p in swift_files("Tests")))
    declared = {}
    for path, text in sources.items():
        for name in DECLARATION.findall(text):
            declared.setdefault(name, []).append(path)
    found = []
    for name, paths in sorted(declared.items()):
        # Used in Sources beyond its declarations? Then it is not test-only.
        if in_sources.get(name, 0) > len(paths) or elsewhere.get(name) or not in_tests.get(name):
            continue
        if len(name) < 3 or name in KEPT or name in ("body", "configuration", "description", "hash", "main", "run", "validate"):
            continue  # requirements of protocols (ArgumentParser's, the standard library's)
        found.append(f"{name}: declared in {', '.join(sorted(set(paths)))}; used only in Tests")
    for line in found:
        print(line)
    print(f"{len(found)} member(s) of Sources used only by Tests" if found else "no member of Sources is used only by Tests")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
