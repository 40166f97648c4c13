#!/usr/bin/env python3
# Run by: .ci/run, on every push.
"""`package` declarations no other module names: each `package` func, var, let, case or type of a
module under Sources/ whose name appears as a word in no other module's sources, nor in
Benchmarks/ or Examples/. Those could be internal. A reading of the text, not of the compiler's
index: a name that another module uses for something else counts as used, so it can miss a
candidate but does not invent one. A type that another `package` declaration of its module names
stays `package` (the compiler asks it: other modules reach it through that declaration), and so
does a protocol requirement's witness on a `package` type, listed in KEPT with the reason. Run from the repository root; prints one line per candidate,
exits 1 if any.

    python3 .ci/package-scope.py
"""
import os
import re
import sys

from swift_sources import code, swift_files

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*package\s+(?:(?:static|final|mutating|override|nonisolated|lazy|indirect|"
    r"class|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*"
    r"(?:func|var|let|case|struct|enum|class|protocol|typealias|actor)\s+([a-zA-Z_]\w*)",
    re.M)

# Names that must stay `package` though no other module names them, and why.
KEPT = {
    "description": "CustomStringConvertible's requirement, on package types",
    "hash": "Hashable's requirement, on package types",
    "appendLiteral": "StringInterpolationProtocol's requirement (Prose's interpolation, used by every module)",
    "appendInterpolation": "StringInterpolationProtocol's interpolations (Prose's, used by every module)",
}


def words(texts):
    return set(re.findall(r"\b[a-zA-Z_]\w*\b", "\n".join(texts)))


def named_by_another(type_name, signatures):
    """Whether a `package` line other than the type's own declaration names it."""
    own = re.compile(r"\b(?:struct|enum|class|protocol|typealias|actor)\s+" + type_name + r"\b")
    word = re.compile(r"\b" + type_name + r"\b")
    return any(word.search(line) and not own.search(line) for line in signatures)


def main():
    if not os.path.isdir("Sources"):
        sys.exit("package-scope: run from the repository root (no Sources/ here)")
    modules = {name: {path: code(path) for path in swift_files(os.path.join("Sources", name))}
               for name in sorted(os.listdir("Sources")) if os.path.isdir(os.path.join("Sources", name))}
    outside = [code(p) for folder in ("Benchmarks", "Examples") for p in swift_files(folder)]
    found = []
    for module, files in modules.items():
        others = words(outside + [text for name, texts in modules.items() if name != module for text in texts.values()])
        signatures = [line for text in files.values() for line in text.splitlines()
                      if re.search(r"\bpackage\b", line)]
        for path, text in sorted(files.items()):
            for match in DECLARATION.finditer(text):
                name = match.group(1)
                if name in others or name in KEPT or (name[0].isupper() and named_by_another(name, signatures)):
                    continue
                line = text.count("\n", 0, match.start(1)) + 1
                found.append(f"{path}:{line}: {name}")
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} package declaration(s) no other module names: make them internal", file=sys.stderr)
        sys.exit(1)
    print("every package declaration is named by another module")


if __name__ == "__main__":
    main()
