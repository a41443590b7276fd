#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn test output into result lines "PASS|FAIL|SKIP <name>" for the summary.

  results.py tap PREFIX FILE     TAP/KTAP from run_kselftest.sh (nested "# ")
  results.py kunit PREFIX JSON   the JSON of "kunit.py parse --json"
  results.py summary FILE...     count result lines; prints the failures,
                                 the counts by kind (kernel tests, replays,
                                 console scans, harness steps) and, for
                                 several files, by file, and
                                 "N passed, N failed" last; exit 1 if any
                                 failed or nothing ran
"""
import json
import re
import sys

TAP = re.compile(r'^((?:# )*)(not ok|ok) +(\d+) *-? *(.*?)\s*$')


def tap(prefix, path):
    """Leaf results of nested TAP, named by their path ("test: case").  A
    test line whose subtests were seen counts only when it failed with no
    failing subtest (a timeout or a crash after its last case).  Output that
    ends inside a test (no closing line) is a failure."""
    pending = {}           # depth -> [(status, name)] not yet claimed
    for line in open(path, errors='replace'):
        m = TAP.match(line.rstrip('\n'))
        if not m:
            continue
        depth = len(m.group(1)) // 2
        ok = m.group(2) == 'ok'
        num, desc = m.group(3), m.group(4)
        skip = bool(re.search(r'#\s*SKIP', desc, re.I))
        name = re.sub(r'\s*#.*$', '', desc).strip() or '#' + num
        why = '' if ok else desc[len(name):].strip() if desc.startswith(name) else ''
        own = ('SKIP' if skip else 'PASS' if ok else 'FAIL', name + (' ' + why if why else ''))
        kids = []
        for d in sorted(k for k in pending if k > depth):
            kids += pending.pop(d)
        if kids:
            entries = [(st, kid if depth == 0 else f'{name}: {kid}') for st, kid in kids]
            if not ok and not any(st == 'FAIL' for st, _ in kids):
                entries.append(own)
        else:
            entries = [own]
        pending.setdefault(depth, []).extend(entries)
    out = []
    if not pending:
        out.append(f'FAIL {prefix}no test results in {path}')
    for depth in sorted(pending):
        out += [f'{st} {prefix}{name}' for st, name in pending[depth]]
        if depth > 0:
            out.append(f'FAIL {prefix}output ended inside a test (crash or timeout?)')
    return out


def kunit(prefix, path):
    out = []
    data = json.load(open(path))

    def walk(group, suite):
        for sub in group.get('sub_groups', []):
            walk(sub, sub.get('name', suite))
        for case in group.get('test_cases', []):
            st = case.get('status', 'FAIL')
            status = {'PASS': 'PASS', 'SKIP': 'SKIP'}.get(st, 'FAIL')
            out.append(f'{status} {prefix}{suite}.{case.get("name")}')
    walk(data, data.get('name', 'kunit'))
    return out


# What a result line is, by its name: the kernel's tests (the series'
# and upstream's), the workload replays and stress run in the guest, the
# console scans, and the harness's own steps (deps, the series applying,
# checkpatch, builds, bisect, the harness's tests).
KINDS = [
    ('kernel tests: KUnit', re.compile(r'(numa )?kunit: ')),
    ('kernel tests: kselftest', re.compile(r'(numa )?kselftest: ')),
    ('kernel tests: selftests ended by SIGTERM', re.compile(r'signal: ')),
    ('replays and stress', re.compile(r'(replay|stress|numa grow): ')),
    ('console scans', re.compile(r'(numa )?console')),
]
HARNESS = 'harness steps (deps, series, checkpatch, builds, bisect, host tests)'


def kind(name):
    for k, pat in KINDS:
        if pat.match(name):
            return k
    return HARNESS


def summary(paths):
    n = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    by = {}
    per = {}
    failed = []
    # several files (one per base): their lines say which file they are from
    tag = (lambda p: f'[{p}] ') if len(paths) > 1 else (lambda p: '')
    for p in paths:
        per[p] = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
        for line in open(p):
            st, _, name = line.rstrip('\n').partition(' ')
            if st == 'NOTE':
                print(tag(p) + line.rstrip())
            if st in n:
                n[st] += 1
                per[p][st] += 1
                by.setdefault(kind(name), {'PASS': 0, 'FAIL': 0, 'SKIP': 0})[st] += 1
                if st == 'FAIL':
                    failed.append(tag(p) + line.rstrip())
    for f in failed:
        print(f)
    for k in [k for k, _ in KINDS] + [HARNESS]:
        if k in by:
            c = by[k]
            print(f"  {k}: {c['PASS']} passed, {c['FAIL']} failed, {c['SKIP']} skipped")
    if len(paths) > 1:
        for p, c in per.items():
            print(f"  {p}: {c['PASS']} passed, {c['FAIL']} failed, {c['SKIP']} skipped")
    print(f"{n['SKIP']} skipped (not counted as passed)")
    print(f"{n['PASS']} passed, {n['FAIL']} failed")
    return 1 if n['FAIL'] or not n['PASS'] else 0


def main():
    if len(sys.argv) >= 4 and sys.argv[1] in ('tap', 'kunit'):
        fn = tap if sys.argv[1] == 'tap' else kunit
        for line in fn(sys.argv[2], sys.argv[3]):
            print(line)
        return 0
    if len(sys.argv) >= 2 and sys.argv[1] == 'summary':
        return summary(sys.argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main())
