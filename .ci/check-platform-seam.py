#!/usr/bin/env python3
# Run by: .ci/run, on every push (and with a planted call in a copy of the tree, which must fail).
"""Would the Swift code build on a Mac? The two checks Linux's compiler cannot make.

    python3 .ci/check-platform-seam.py [--root DIR]    (DIR: a copy of the repository; default: this one)

Every C or POSIX call goes through the platform seam: `SystemCalls` (the files
Sources/CodableBenchHarness/Platform/SystemCalls*.swift) and the core's `DynamicSymbols`. Glibc and
Darwin declare these functions differently, or not at all (`sched_setaffinity`, `mallopt`, `prctl`
are Linux's; Swift's Darwin overlay marks `fork` and `vfork` unavailable), and Linux compiles only
the Glibc side. So:

1. Outside the seam (Sources, Benchmarks, Tests, Examples, scripts), no call of a function that
   glibc declares: the list is the toolchain's own (`swift symbolgraph-extract` of SwiftGlibc),
   less the C standard's <math.h> and the Swift standard library's free functions (`abs`, `min`),
   which are the same on every platform. Textual: `name(`, and `name {` opening a statement (a
   trailing closure); `.name(` (a member) and a name the same file declares as a function are not
   calls of C's.
2. Inside the seam, the files import no Foundation (which would bring Glibc along), branch on
   `canImport(Darwin)` only, and are compiled here as a Mac compiles them: against .ci/darwin, a
   module named Darwin that declares what the seam calls in Darwin's own forms (Darwin.h, from
   the SDK's headers) and what Swift's Darwin overlay adds or marks unavailable (Darwin.swift).
   Where that module is found `canImport(Darwin)` is true, so the Darwin branches are the ones
   compiled: a call Darwin lacks, a type that differs, or `fork()` fails, with file and line. Each
   C call in a Darwin branch names its header in a comment (`// <unistd.h>`), the one Darwin.h
   declares it under.

Exit 1 with one line per finding (or the compiler's errors), 2 when the toolchain cannot be read.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DARWIN = os.path.join(HERE, "darwin")
SEAM_HARNESS = "Sources/CodableBenchHarness/Platform"
SEAM_CORE = "Sources/CodableBenchCore/Platform/DynamicSymbols.swift"
SCANNED = ["Sources", "Benchmarks", "Tests", "Examples", "scripts"]
ALLOWED_IMPORTS = {"Darwin", "Glibc", "CodableBenchCore"}


def seam_files(root):
    return sorted(glob.glob(os.path.join(root, SEAM_HARNESS, "SystemCalls*.swift"))) + [os.path.join(root, SEAM_CORE)]


def code_only(line):
    """A line without its comment and with its string literals emptied."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def symbol_graph_functions(module, access):
    triple = json.loads(subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True,
                                       check=True).stdout)["target"]["triple"]
    with tempfile.TemporaryDirectory() as output:
        result = subprocess.run(["swift", "symbolgraph-extract", "-module-name", module, "-target", triple,
                                 "-output-dir", output, "-minimum-access-level", access],
                                capture_output=True, text=True)
        if result.returncode != 0:
            print(f"error: cannot read {module}'s symbol graph: {result.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
            sys.exit(2)
        names = set()
        for name in os.listdir(output):
            with open(os.path.join(output, name)) as f:
                for symbol in json.load(f)["symbols"]:
                    if symbol["kind"]["identifier"] == "swift.func":
                        names.add(symbol["pathComponents"][-1].split("(")[0])
        return names


def c_math_functions():
    names = set()
    for header in glob.glob("/usr/include/**/bits/mathcalls.h", recursive=True):
        names |= set(re.findall(r"__MATHCALL\w*\s*\(\s*(\w+)", open(header).read()))
    return names


def glibc_functions():
    """glibc's functions as Swift imports them, less what every platform declares alike."""
    # "private": at "public", symbolgraph-extract leaves out every function with a pointer parameter.
    functions = symbol_graph_functions("SwiftGlibc", "private")
    if "fork" not in functions or "read" not in functions:
        print("error: SwiftGlibc's symbol graph lacks fork and read; cannot tell C calls", file=sys.stderr)
        sys.exit(2)
    return functions - c_math_functions() - symbol_graph_functions("Swift", "public")


def calls_outside_the_seam(root, functions):
    seam = {os.path.realpath(path) for path in seam_files(root)}
    findings = []
    for folder in SCANNED:
        for directory, _, files in os.walk(os.path.join(root, folder)):
            if "/.build" in directory:
                continue
            for name in sorted(files):
                path = os.path.join(directory, name)
                if not name.endswith(".swift") or os.path.realpath(path) in seam:
                    continue
                lines = open(path, encoding="utf-8").read().split("\n")
                code = [code_only(line) for line in lines]
                # The file's own functions, and its parameters and constants that hold closures.
                text = "\n".join(code)
                own = set(re.findall(r"\bfunc\s+(\w+)", text)) | set(re.findall(r"\b(\w+)\s*:\s*(?:@\w+\s+)*\(", text))
                for number, line in enumerate(code, 1):
                    # A call with arguments, or a statement that calls with a trailing closure (`atexit { … }`).
                    calls = list(re.finditer(r"(?<![\w.])(\w+)\s*\(", line)) + list(re.finditer(r"^\s*(\w+)\s*\{", line))
                    for match in calls:
                        called = match.group(1)
                        if called in functions and called not in own and not re.search(r"\b(func|case)\s+$", line[:match.start()]):
                            findings.append(f"{os.path.relpath(path, root)}:{number}: {called}() is a C function (glibc's): "
                                            f"call it through SystemCalls ({SEAM_HARNESS}/), which is compiled against Darwin's too")
    return findings


def darwin_headers():
    """Each function Darwin.h or the overlay declares, and the header it is declared under."""
    headers = {}
    for file in ["Darwin.h", "Darwin.swift"]:
        current = None
        for line in open(os.path.join(DARWIN, file)):
            section = re.match(r"//\s*(<[\w/.]+>)", line)
            if section:
                current = section.group(1)
                continue
            if line.startswith(("typedef", "#", " ", "}", "//")) or current is None:
                continue
            match = re.search(r"\bfunc\s+(\w+)\s*\(", line) if file.endswith(".swift") else re.search(r"(\w+)\s*\(", line)
            if match:
                headers[match.group(1)] = current
    return headers


def darwin_visible_lines(path):
    """(number, line) of each line a Mac compiles: each `#if` evaluated as on a Mac."""
    visible, stack = [], []  # per open #if: (a branch was taken, this branch is taken)
    for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        directive = line.strip()
        if directive.startswith("#if "):
            holds = darwin_holds(directive[4:])
            stack.append((holds, holds))
        elif directive.startswith("#elseif "):
            holds = not stack[-1][0] and darwin_holds(directive[8:])
            stack[-1] = (stack[-1][0] or holds, holds)
        elif directive == "#else":
            stack[-1] = (True, not stack[-1][0])
        elif directive == "#endif":
            stack.pop()
        elif all(taken for _, taken in stack):
            visible.append((number, line))
    return visible


def darwin_holds(condition):
    condition = condition.strip()
    if condition.startswith("!"):
        return not darwin_holds(condition[1:])
    return {"canImport(Darwin)": True, "canImport(Glibc)": False}[condition]


def seam_rules(root):
    findings = []
    headers = darwin_headers()
    for path in seam_files(root):
        relative = os.path.relpath(path, root)
        text = open(path, encoding="utf-8").read()
        for number, line in enumerate(text.split("\n"), 1):
            imported = re.match(r"\s*(?:@\w+\s+)?import\s+(\w+)", line)
            if imported and imported.group(1) not in ALLOWED_IMPORTS:
                findings.append(f"{relative}:{number}: imports {imported.group(1)}: the seam's files import only "
                                f"{', '.join(sorted(ALLOWED_IMPORTS))} (Foundation would bring Glibc into the Darwin compile)")
            condition = re.match(r"\s*#(?:if|elseif)\s+(.*)", line)
            if condition and re.sub(r"!?canImport\((Darwin|Glibc)\)", "", condition.group(1)).strip():
                findings.append(f"{relative}:{number}: #if {condition.group(1)}: the seam branches on canImport(Darwin) only "
                                "(the Darwin compile here is on Linux, where os(Linux) is true)")
        for number, line in darwin_visible_lines(path):
            code = code_only(line)
            comment = line.split("//", 1)[1] if "//" in line else ""
            for match in re.finditer(r"(?<![\w])(?:Darwin\.)?(\w+)\s*\(", code):
                called = match.group(1)
                if called in headers and code[max(0, match.start() - 1)] != "." and not re.search(r"\bfunc\s+$", code[:match.start()]):
                    if headers[called] not in comment:
                        findings.append(f"{relative}:{number}: {called}() in a Darwin branch: name its header, "
                                        f"// {headers[called]} (as .ci/darwin/Darwin.h declares it)")
    return findings


def compile_darwin_branches(root):
    """The seam compiled against .ci/darwin: the compiler's errors, or nothing."""
    with tempfile.TemporaryDirectory() as build:
        steps = [
            ["swiftc", "-emit-module", "-module-name", "Darwin", "-import-underlying-module", "-parse-as-library",
             "-I", DARWIN, os.path.join(DARWIN, "Darwin.swift"), "-emit-module-path", os.path.join(build, "Darwin.swiftmodule")],
            ["swiftc", "-emit-module", "-module-name", "CodableBenchCore", "-package-name", "codablebench",
             "-parse-as-library", "-I", build, "-I", DARWIN, os.path.join(root, SEAM_CORE),
             "-emit-module-path", os.path.join(build, "CodableBenchCore.swiftmodule")],
            ["swiftc", "-typecheck", "-module-name", "CodableBenchHarness", "-package-name", "codablebench",
             "-parse-as-library", "-I", build, "-I", DARWIN] + seam_files(root)[:-1],
        ]
        for step in steps:
            result = subprocess.run(step, capture_output=True, text=True, cwd=root)
            if result.returncode != 0:
                errors = [line for line in (result.stdout + result.stderr).split("\n") if ": error: " in line]
                return [line.replace(os.path.realpath(root) + "/", "").replace(root + "/", "") for line in errors] or \
                    [(result.stdout + result.stderr).strip()]
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(HERE, ".."))
    root = os.path.abspath(parser.parse_args().root)
    if shutil.which("swiftc") is None:
        print("error: swiftc not found", file=sys.stderr)
        sys.exit(2)
    findings = calls_outside_the_seam(root, glibc_functions()) + seam_rules(root)
    findings += [f"Darwin compile: {line}" for line in compile_darwin_branches(root)]
    for finding in findings:
        print(finding)
    if findings:
        sys.exit(1)
    print(f"platform seam: no C call outside {len(seam_files(root))} seam files; their Darwin branches compile against .ci/darwin")


if __name__ == "__main__":
    main()
