# Run by: the source checks test-only-members.py and package-scope.py.
"""The Swift sources of the repository as the source-reading scripts see them (test-only-members.py,
package-scope.py): every .swift file under some folders, and a file's code without its comments."""
import os
import re


def swift_files(*folders):
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in files:
                if name.endswith(".swift"):
                    yield os.path.join(root, name)


def code(path):
    """The file without comments (string literals kept: their interpolations use names)."""
    return re.sub(r"//[^\n]*", "", open(path, encoding="utf-8").read())
