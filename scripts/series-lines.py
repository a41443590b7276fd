#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Added lines per patch of a posting, by kind: what a reviewer reads.

Usage: scripts/series-lines.py PATCH...   (e.g. patches/7.2/0*.patch)

Kinds, by the path a diff section adds to: doc (Documentation/),
vm_util (tools/testing/selftests/mm/vm_util.[ch]), selftests (the rest
of tools/testing/selftests), kunit (a .c file named *kunit* or *_test),
kernel (everything else, Kconfig and Makefile included).  A line counts
when it is a '+' line of a hunk.  The cover letter (no diff) is skipped.
Prints a markdown table with a total row.
"""
import os
import re
import sys

KINDS = ("kernel", "kunit", "selftests", "vm_util", "doc")


def kind(path):
    if path.startswith("Documentation/"):
        return "doc"
    if re.match(r"tools/testing/selftests/mm/vm_util\.[ch]$", path):
        return "vm_util"
    if path.startswith("tools/testing/selftests/"):
        return "selftests"
    base = os.path.basename(path)
    if path.endswith(".c") and ("kunit" in base or base.endswith("_test.c")):
        return "kunit"
    return "kernel"


def count(patch):
    n = dict.fromkeys(KINDS, 0)
    cur, in_hunk = None, False
    with open(patch, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("diff --git "):
                cur, in_hunk = kind(line.split()[3][2:]), False
            elif cur and line.startswith("@@ "):
                in_hunk = True
            elif in_hunk and line.startswith("+"):
                n[cur] += 1
            elif in_hunk and line[:1] not in (" ", "-", "\\", "\n"):
                in_hunk = False
    return n


def main(argv):
    if not argv:
        sys.exit(__doc__.strip().splitlines()[2])
    rows, total = [], dict.fromkeys(KINDS, 0)
    for p in argv:
        n = count(p)
        if not any(n.values()):
            continue
        rows.append((os.path.basename(os.path.dirname(p)) + "/" +
                     os.path.basename(p)[:40], n))
        for k in KINDS:
            total[k] += n[k]
    print("| patch | " + " | ".join(KINDS) + " | all |")
    print("|---|" + "--:|" * (len(KINDS) + 1))
    for name, n in rows + [("total", total)]:
        print("| %s | %s | %d |" % (name, " | ".join(str(n[k]) for k in KINDS),
                                   sum(n.values())))


if __name__ == "__main__":
    main(sys.argv[1:])
