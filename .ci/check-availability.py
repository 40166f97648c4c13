#!/usr/bin/env python3
# Run by: .ci/run, on every push.
"""Does the code use a standard-library or Foundation API newer than the macOS it declares?

    python3 .ci/check-availability.py [FILE_OR_FOLDER…]    (default: Sources Tests Benchmarks)

Linux ignores Apple availability, so a call that needs macOS 15 builds here and stops the build on
a Mac whose package declares `.macOS(.v14)` (it happened: `String(validating:as:)`). The
toolchain's modules keep their Apple availability even on Linux: this script extracts their symbol
graphs (`swift symbolgraph-extract`), collects every public API introduced after the declared
macOS (types, initializers, methods, properties), and looks for uses of them in the code, by name
and argument labels. A use is accepted when an `#available(macOS N` or `@available(macOS N` with
N at least what it needs stands within the eight lines above it. Textual, so it can miss a use
written unusually (through a type alias, `.init(…)` with the type inferred); it does not miss the
usual forms. Exit 1 with one line per use, 2 when the toolchain cannot be read.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MODULES = ["Swift", "_Concurrency", "Synchronization", "FoundationEssentials", "FoundationInternationalization", "Foundation"]
GUARD_WINDOW = 8


def declared_macos():
    with open(os.path.join(ROOT, "Package.swift")) as f:
        match = re.search(r"\.macOS\(\s*\.v(\d+)(?:_(\d+))?", f.read())
    if not match:
        sys.exit("error: Package.swift declares no .macOS(.vN) platform")
    return (int(match.group(1)), int(match.group(2) or 0))


def target_triple():
    info = json.loads(subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout)
    return info["target"]["triple"]


def call_prefix(path):
    """What a call site shows of a symbol: its owner (for an initializer), name and first label."""
    name, _, labels = path[-1].partition("(")
    first = labels.split(":", 1)[0] if labels else ""
    return (path[-2] if name == "init" and len(path) >= 2 else "", name, first)


def newer_symbols(target):
    """(kind, path, version) of every public symbol introduced on macOS after `target`, and what
    older symbols show at a call site (titles and name-plus-first-label prefixes): a newer symbol
    that looks the same where it is used cannot be told apart by name, and is not flagged."""
    triple = target_triple()
    newer, older_titles = [], set()
    with tempfile.TemporaryDirectory() as output:
        for module in MODULES:
            result = subprocess.run(
                ["swift", "symbolgraph-extract", "-module-name", module, "-target", triple, "-output-dir", output,
                 "-minimum-access-level", "public"], capture_output=True, text=True)
            if result.returncode != 0:
                print(f"error: cannot read {module}'s symbol graph: {result.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
                sys.exit(2)
        for name in os.listdir(output):
            with open(os.path.join(output, name)) as f:
                graph = json.load(f)
            for symbol in graph["symbols"]:
                path = symbol.get("pathComponents", [])
                if not path or any(part.startswith("_") for part in path):
                    continue
                introduced = next(
                    (a["introduced"] for a in symbol.get("availability", [])
                     if a.get("domain") == "macOS" and "introduced" in a), None)
                version = (introduced.get("major", 0), introduced.get("minor", 0)) if introduced else None
                if version and version > target:
                    newer.append((symbol["kind"]["identifier"], path, version))
                else:
                    older_titles.add(path[-1])
                    older_titles.add(call_prefix(path))
    return newer, older_titles


def patterns(kind, path, older_titles):
    """Regular expressions that find a use of the symbol in Swift source, or none when its name
    alone would match older APIs too."""
    title = path[-1]
    name, _, labels = title.partition("(")
    labels = [label for label in labels.rstrip(")").split(":") if label]
    if call_prefix(path) in older_titles:
        return []
    if kind == "swift.init" and len(path) >= 2:
        owner = re.escape(path[-2])
        first = labels[0] if labels else None
        if first is None or first == "_" or title in older_titles:
            return []
        return [rf"\b{owner}\s*\(\s*{re.escape(first)}:" + "".join(rf".*\b{re.escape(l)}:" for l in labels[1:] if l != "_")]
    if title in older_titles:
        return []
    if kind in ("swift.method", "swift.type.method", "swift.func"):
        first = labels[0] if labels else None
        if first and first != "_":
            return [rf"\.{re.escape(name)}\s*\(\s*{re.escape(first)}:"]
        # An unlabelled first argument: a call whose first argument has a label is another API.
        return [rf"\.{re.escape(name)}\s*\((?!\s*\w+\s*:)"] if len(name) > 6 else []
    if kind in ("swift.property", "swift.type.property"):
        return [rf"\.{re.escape(name)}\b"] if len(name) > 6 else []
    if kind in ("swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias") and len(path) == 1:
        return [rf"(?<![.\w]){re.escape(name)}\b(?!\s*:)"]
    return []


def project_names(files):
    """Every name the project declares itself (types, members, cases): a use of one of them is the
    project's own, whatever the toolchain adds under the same name."""
    declared = set()
    for path in files:
        with open(path, encoding="utf-8") as f:
            declared.update(
                re.findall(r"\b(?:struct|class|enum|protocol|typealias|actor|var|let|func|case)\s+(\w+)", f.read()))
    return declared


def swift_files(arguments):
    roots = arguments or [os.path.join(ROOT, folder) for folder in ("Sources", "Tests", "Benchmarks")]
    for root in roots:
        if os.path.isfile(root):
            yield root
        for folder, _, names in os.walk(root):
            yield from (os.path.join(folder, name) for name in names if name.endswith(".swift"))


def guarded(lines, index, version):
    for line in lines[max(0, index - GUARD_WINDOW):index + 1]:
        for match in re.finditer(r"[#@]available\(\s*macOS\s+(\d+)(?:\.(\d+))?", line):
            if (int(match.group(1)), int(match.group(2) or 0)) >= version:
                return True
    return False


def main():
    target = declared_macos()
    files = sorted(set(swift_files(sys.argv[1:])))
    newer, older_titles = newer_symbols(target)
    ours = project_names(files)
    checks = []
    for kind, path, version in newer:
        if path[-1].partition("(")[0] in ours:
            continue
        checks += [(re.compile(pattern), ".".join(path), version) for pattern in patterns(kind, path, older_titles)]
    findings = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        for index, line in enumerate(lines):
            code = line.split("//", 1)[0]
            if not code.strip():
                continue
            for pattern, symbol, version in checks:
                if pattern.search(code) and not guarded(lines, index, version):
                    findings.append(
                        f"{os.path.relpath(path, ROOT)}:{index + 1}: {symbol} needs macOS {version[0]}.{version[1]}, "
                        f"the package declares {target[0]}.{target[1]}: guard it with #available or raise the target")
    for finding in sorted(set(findings)):
        print(finding)
    print(f"{len(files)} files checked against {len(checks)} APIs newer than macOS {target[0]}.{target[1]}, "
          f"{len(set(findings))} unguarded uses")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
