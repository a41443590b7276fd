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

# Output cut short inside a test (guest crashed): a failure.
head -n 7 "$tmp/tap" > "$tmp/cut"
python3 "$top/scripts/results.py" tap "" "$tmp/cut" > "$tmp/res"
cat "$tmp/res"
grep -qx "PASS map_fixed_noreplace" "$tmp/res"
grep -q "^FAIL output ended inside a test" "$tmp/res"

# Only skips: nothing passed, which is a failure too.
echo "SKIP x" > "$tmp/skip"
! python3 "$top/scripts/results.py" summary "$tmp/skip" > /dev/null
echo "results-parser: ok"
