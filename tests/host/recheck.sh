#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/recheck.sh on a made-up make check directory: the host steps'
# lines are kept, the guest's are parsed again from its console and TAP
# (a failing kselftest fails, a kernel WARNING fails the console scan),
# and the summary line comes last.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
d=$tmp/check
mkdir -p "$d/guest/results"
printf 'PASS build: test kernel\nPASS kselftest: stale line, parsed again\n' > "$d/results.txt"
cat > "$d/guest/console.log" <<'C'
[    0.100000] KTAP version 1
[    0.100001] 1..1
[    0.100002]     KTAP version 1
[    0.100003]     # Subtest: suite
[    0.100004]     1..1
[    0.100005]     ok 1 case
[    0.100006] ok 1 suite
guest: running job check
[    9.000000] WARNING: CPU: 0 PID: 1 at mm/page_alloc.c:1 x+0x0/0x1
C
for t in kselftest signals replays stress; do
	printf 'TAP version 13\n1..2\nok 1 %s one\nnot ok 2 %s two\n' $t $t > "$d/guest/results/$t.tap"
done
out=$(TREE=${TREE:-$top/build/${BASE:-6.12}/linux} "$top/scripts/recheck.sh" "$d" 2> /dev/null) && {
	echo "recheck passed a run with failures" >&2; exit 1; }
exp='PASS build: test kernel
PASS kunit: suite.case
PASS kselftest: kselftest one
FAIL kselftest: kselftest two
PASS signal: signals one
FAIL signal: signals two
PASS replay: replays one
FAIL replay: replays two
PASS stress: stress one
FAIL stress: stress two
FAIL console: kernel reports in '"$d"'/guest/console.log'
got=$(cat "$d/results.recheck.txt")
[ "$got" = "$exp" ] || { echo "results differ:"; diff <(echo "$exp") <(echo "$got"); exit 1; } >&2
echo "$out" | tail -n 1 | grep -qx '6 passed, 5 failed' || { echo "summary: $(echo "$out" | tail -n 1)" >&2; exit 1; }
echo "recheck: as expected"
