#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/console-scan.sh on known consoles: a clean one passes; a kernel
# WARNING fails, and is printed; the jobs' own output (no printk
# timestamp) is not the kernel's; an allowlisted line passes.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
scan=$top/scripts/console-scan.sh
export CONSOLE_ALLOWLIST=$tmp/allow
: > "$tmp/allow"

printf '[    0.000000] Linux version 6.12.117\n# WARNING: a job printed this\nguest: done\n' > "$tmp/clean"
"$scan" "$tmp/clean"

printf '[    1.5] ok\n[   12.345678] WARNING: CPU: 1 PID: 7 at mm/compaction.c:100 f+0x1/0x2\n' > "$tmp/warn"
if out=$("$scan" "$tmp/warn"); then
	echo "a WARNING passed the scan" >&2; exit 1
fi
echo "$out" | grep -q 'mm/compaction.c:100' || { echo "the report was not printed: $out" >&2; exit 1; }

printf '[    3.000000] BUG: sleeping function called from invalid context\r\n' > "$tmp/bug"
! "$scan" "$tmp/bug" > /dev/null || { echo "a BUG passed the scan" >&2; exit 1; }

printf '# harmless, for the test\nWARNING: CPU: 1 PID: 7 at mm/compaction.c:100\n' > "$tmp/allow"
"$scan" "$tmp/warn" > /dev/null || { echo "an allowlisted line failed the scan" >&2; exit 1; }

rc=0; "$scan" "$tmp/missing" 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "a missing log gave $rc, not 2" >&2; exit 1; }
echo "console-scan: all cases as expected"
