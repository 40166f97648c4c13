#!/usr/bin/env python3
# Run by: users, once, to fetch the real-world corpora.
"""Fetch the real-world corpora (twitter.json, citm_catalog.json, canada.json) into Data/corpora/.

    python3 scripts/fetch-corpora.py                 # from nativejson-benchmark on GitHub
    python3 scripts/fetch-corpora.py --from DIR_OR_URL --to DIR

The three files JSON benchmarks have used for a decade, from Milo Yip's nativejson-benchmark
(folder data/, MIT licence). Each download is checked against its pinned size and SHA-256 before it
is kept, so a run measures the same bytes on every machine. `--from` takes another base URL or a
local folder holding the files (a mirror, or the tests' offline server). Exit status: 0 fetched (or
already there), 1 a file could not be fetched or its digest differs (one line on stderr).
"""
import argparse
import hashlib
import os
import sys
import tempfile
import urllib.error
import urllib.request

SOURCE = "https://raw.githubusercontent.com/miloyip/nativejson-benchmark/master/data/"
# name: (bytes, sha256) of the files at nativejson-benchmark commit 478d5727.
FILES = {
    "twitter.json": (631514, "a08b769f32b95f426cbc3abafcec65c1a19d3eb544d4ddf320eae142c99efc5d"),
    "citm_catalog.json": (1727204, "a73e7a883f6ea8de113dff59702975e60119b4b58d451d518a929f31c92e2059"),
    "canada.json": (2251051, "f83b3b354030d5dd58740c68ac4fecef64cb730a0d12a90362a7f23077f50d78"),
}
NOTICE = """These files come unchanged from Milo Yip's nativejson-benchmark (github.com/miloyip/nativejson-benchmark,
folder data/), distributed there under the MIT License, Copyright (c) 2014 Milo Yip. The data itself is
third-party API output (Twitter's search API, a ticketing catalogue, Canada's GeoJSON outline) that the
benchmark redistributes. Fetched by scripts/fetch-corpora.py, which checks each file's SHA-256; not part
of CodableBench's repository.
"""


def digest(path):
    sha = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def fetch(source, name, destination):
    """The file's bytes from a base URL or a local folder, into `destination`; an error line or None."""
    if "://" not in source:
        path = os.path.join(source, name)
        if not os.path.isfile(path):
            return f"{path} does not exist"
        source = "file://" + os.path.abspath(source) + "/"
    try:
        with urllib.request.urlopen(source + name, timeout=30) as response, open(destination, "wb") as out:
            while block := response.read(1 << 20):
                out.write(block)
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        return f"cannot fetch {source}{name} ({reason}); offline? Pass --from with a folder that holds the files"
    return None


def main():
    parser = argparse.ArgumentParser(description="Fetch the real-world corpora into Data/corpora/.")
    parser.add_argument("--from", dest="source", default=SOURCE, help="base URL or folder holding the files")
    parser.add_argument("--to", default=os.path.join(os.path.dirname(__file__), "..", "Data", "corpora"))
    options = parser.parse_args()
    os.makedirs(options.to, exist_ok=True)
    for name, (size, sha256) in FILES.items():
        target = os.path.join(options.to, name)
        if os.path.isfile(target) and digest(target) == sha256:
            print(f"{name}: already there, digest verified")
            continue
        handle, partial = tempfile.mkstemp(dir=options.to, prefix=f".{name}.")
        os.close(handle)
        try:
            error = fetch(options.source, name, partial)
            if error is None:
                got = digest(partial)
                if got != sha256 or os.path.getsize(partial) != size:
                    error = (f"{name}: SHA-256 {got[:16]}… ({os.path.getsize(partial)} bytes) is not the pinned "
                             f"{sha256[:16]}… ({size} bytes); not kept")
            if error is not None:
                print(f"error: {error}", file=sys.stderr)
                return 1
            os.replace(partial, target)
        finally:
            if os.path.exists(partial):
                os.remove(partial)
        print(f"{name}: fetched, digest verified")
    with open(os.path.join(options.to, "NOTICE"), "w") as f:
        f.write(NOTICE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
