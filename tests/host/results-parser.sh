#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/results.py: nested kselftest TAP and the summary give known counts.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/tap" <<'TAP'
TAP version 13
1..2
# timeout set to 1800
# selftests: mm: run_vmtests.sh
# TAP version 13
# ok 1 map_fixed_noreplace
# not ok 2 compaction_test # exit=1
# ok 3 soft-dirty # SKIP
# # ok 1 case a
# # not ok 2 # SKIP no swap
# ok 4 khugepaged
ok 1 selftests: mm: run_vmtests.sh # SKIP
# selftests: mm: other
# Killed
not ok 2 selftests: mm: other # TIMEOUT 45 seconds
TAP
python3 "$top/scripts/results.py" tap "k: " "$tmp/tap" > "$tmp/res"
cat "$tmp/res"
diff -u - "$tmp/res" <<'EXP'
PASS k: map_fixed_noreplace
FAIL k: compaction_test # exit=1
SKIP k: soft-dirty
PASS k: khugepaged: case a
SKIP k: khugepaged: #2
FAIL k: selftests: mm: other # TIMEOUT 45 seconds
EXP
set +e
python3 "$top/scripts/results.py" summary "$tmp/res" > "$tmp/sum"
rc=$?
set -e
cat "$tmp/sum"
[ $rc = 1 ] || { echo "summary must fail when a test failed"; exit 1; }
[ "$(tail -n1 "$tmp/sum")" = "2 passed, 2 failed" ]
grep -qx "2 skipped (not counted as passed)" "$tmp/sum"

# The counts by kind: kernel tests apart from the harness's own steps.
printf 'PASS deps: x\nPASS kunit: s.a\nSKIP numa kunit: s.b\nFAIL kselftest: t\nPASS replay: r\nPASS console: ok\nPASS checkpatch: p\n' > "$tmp/kinds"
python3 "$top/scripts/results.py" summary "$tmp/kinds" > "$tmp/sum" || true
cat "$tmp/sum"
grep -qx "  kernel tests: KUnit: 1 passed, 0 failed, 1 skipped" "$tmp/sum"
grep -qx "  kernel tests: kselftest: 0 passed, 1 failed, 0 skipped" "$tmp/sum"
grep -qx "  replays and stress: 1 passed, 0 failed, 0 skipped" "$tmp/sum"
grep -qx "  console scans: 1 passed, 0 failed, 0 skipped" "$tmp/sum"
grep -q "^  harness steps .*: 2 passed, 0 failed, 0 skipped" "$tmp/sum"
[ "$(tail -n1 "$tmp/sum")" = "5 passed, 1 failed" ]

# Output cut short inside a test (guest crashed): a failure.
head -n 7 "$tmp/tap" > "$tmp/cut"
python3 "$top/scripts/results.py" tap "" "$tmp/cut" > "$tmp/res"
cat "$tmp/res"
grep -qx "PASS map_fixed_noreplace" "$tmp/res"
grep -q "^FAIL output ended inside a test" "$tmp/res"

# Only skips: nothing passed, which is a failure too.
echo "SKIP x" > "$tmp/skip"
if python3 "$top/scripts/results.py" summary "$tmp/skip" > /dev/null; then
	echo "summary must fail when nothing passed"; exit 1
fi

# A NOTE (the guest booted twice) is shown by the summary, not counted.
printf 'PASS a\nNOTE guest: booted twice\n' > "$tmp/note"
python3 "$top/scripts/results.py" summary "$tmp/note" > "$tmp/sum"
grep -qx "NOTE guest: booted twice" "$tmp/sum"
[ "$(tail -n1 "$tmp/sum")" = "1 passed, 0 failed" ]

# No result at all (the tests never ran): a failure.
printf 'TAP version 13\n1..1\n# selftests: mm: run_vmtests.sh\n' > "$tmp/none"
python3 "$top/scripts/results.py" tap "" "$tmp/none" | grep -q "^FAIL no test results"
echo "results-parser: ok"

# KUnit: a failing case in a console log fails, a skipped one is a skip
# (kunit.py parse from the kernel tree, then results.py kunit).
kunit=${TREE:-$top/build/${BASE:-6.12}/linux}/tools/testing/kunit/kunit.py
[ -f "$kunit" ] || { echo "no $kunit: run make tree first"; exit 1; }
cat > "$tmp/console" <<'LOG'
[    1.0] Booting
[    1.8] KTAP version 1
[    1.8] 1..1
[    1.8]     KTAP version 1
[    1.8]     # Subtest: demo_suite
[    1.8]     # module: demo
[    1.8]     1..3
[    1.8]     ok 1 case_ok
[    1.8]     # case_bad: EXPECTATION FAILED at mm/x.c:10
[    1.8]     not ok 2 case_bad
[    1.8]     ok 3 case_skip # SKIP not here
[    1.9] # demo_suite: pass:1 fail:1 skip:1 total:3
[    1.9] not ok 1 demo_suite
LOG
python3 "$kunit" parse --json="$tmp/k.json" "$tmp/console" > /dev/null || true
python3 "$top/scripts/results.py" kunit "kunit: " "$tmp/k.json" > "$tmp/res"
cat "$tmp/res"
diff -u - "$tmp/res" <<'EXP'
PASS kunit: demo_suite.case_ok
FAIL kunit: demo_suite.case_bad
SKIP kunit: demo_suite.case_skip
EXP
echo "results-parser: kunit ok"
