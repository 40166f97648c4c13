#!/usr/bin/env python3
# Run by: .ci/run, on every push.
"""Does the GitHub workflow name only versions that exist?

    python3 .ci/check-workflow.py [WORKFLOW]

Every action (`uses: owner/name@version`), container image (`container: image:tag`) and Swift
toolchain (`swiftly install X`, `swift-version: X`) the workflow names must be in PUBLISHED below,
each with where it was seen published. A new version is added here, with that evidence, in the
commit that starts using it: a version that does not exist (setup-swift@v2 has no Swift 6.3) fails
here instead of on the first push. Exit 1 with one line per unknown name.
"""
import os
import re
import sys

# name: where it was seen published (checked 27 November 2026)
PUBLISHED = {
    "actions/checkout@v4": "the v4 tag of github.com/actions/checkout, used by most workflows",
    "actions/cache/restore@v4": "github.com/actions/cache's README (v4 section; its restore/ and save/ actions since v3), checked 29 November 2026",
    "actions/cache/save@v4": "the same README: the save action beside restore, same v4 tag",
    "container swift:6.3": "the official swift image on Docker Hub, tag 6.3 (swift-6.3.x on Ubuntu)",
    "swift 6.3.1": "swift.org's release swift-6.3.1-RELEASE (the toolchain this project builds with; swiftly installs it)",
}


def named(text):
    names = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        for match in re.finditer(r"uses:\s*([\w.-]+/[\w./-]+@[\w.-]+)", code):
            names.append((number, match.group(1)))
        for match in re.finditer(r"container:\s*([\w./-]+:[\w.-]+)", code):
            names.append((number, "container " + match.group(1)))
        for match in re.finditer(r"(?:swiftly\s+install|swift-version:)\s*\"?([0-9][\w.-]*)", code):
            names.append((number, "swift " + match.group(1)))
    return names


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".github", "workflows", "ci.yml")
    with open(path) as f:
        names = named(f.read())
    unknown = [(number, name) for number, name in names if name not in PUBLISHED]
    for number, name in unknown:
        print(f"{os.path.basename(path)}:{number}: {name} is not known to be published (add it to PUBLISHED with where it was seen)")
    print(f"{len(names)} versions named, {len(unknown)} unknown")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
