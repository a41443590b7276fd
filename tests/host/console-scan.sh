#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/console-scan.sh on known consoles: a clean one passes; a kernel
# WARNING fails, and is printed; the jobs' own output (no printk
# timestamp) is not the kernel's; an allowlisted line passes, and so does
# an allowlisted report (counted), but not another one.
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

# a whole report allowlisted: dropped and counted; another one is not
cat > "$tmp/alloc" <<'LOG'
[   57.389523] kswapd0: page allocation failure: order:0, mode:0xc0de0(GFP_KERNEL|__GFP_HIGH), nodemask=(null)
[   57.391791] Call Trace:
[   57.393287]  <TASK>
[   57.394328]  swap_cluster_alloc_table+0x1c/0x7a
[   57.394341]  isolate_lock_cluster+0xd6/0x127
[   57.394631]  </TASK>
LOG
sed 's/swap_cluster_alloc_table/other_table/' "$tmp/alloc" > "$tmp/alloc2"
printf 'report: page allocation failure: order:0,.*swap_cluster_alloc_table[+]0x.*isolate_lock_cluster[+]0x\n' > "$tmp/allow"
out=$("$scan" "$tmp/alloc") || { echo "an allowlisted report failed the scan: $out" >&2; exit 1; }
echo "$out" | grep -q '^1 allowlisted report(s): .*kswapd0' ||
	{ echo "the allowlisted report was not counted: $out" >&2; exit 1; }
! "$scan" "$tmp/alloc2" > /dev/null || { echo "a report the entry does not match passed" >&2; exit 1; }
cat "$tmp/alloc" "$tmp/warn" > "$tmp/both"
! "$scan" "$tmp/both" > /dev/null || { echo "a WARNING after an allowlisted report passed" >&2; exit 1; }

# arm64's dump_stack() has no end marker: the report ends with its frames
cat > "$tmp/arm64" <<'LOG'
[   57.389523] kswapd0: page allocation failure: order:0, mode:0xc0de0(GFP_KERNEL|__GFP_HIGH), nodemask=(null)
[   57.391791] Call trace:
[   57.394328]  swap_cluster_alloc_table+0x1c/0x7a
[   57.394341]  isolate_lock_cluster+0xd6/0x127 (P)
[   57.394631] Mem-Info:
[  180.000001] INFO: task kworker/0:1:12 blocked for more than 120 seconds.
LOG
! "$scan" "$tmp/arm64" > /dev/null || { echo "a hung task after an allowlisted arm64 report passed" >&2; exit 1; }
sed '$d' "$tmp/arm64" > "$tmp/arm64-ok"
"$scan" "$tmp/arm64-ok" > /dev/null || { echo "an allowlisted arm64 report failed the scan" >&2; exit 1; }

rc=0; "$scan" "$tmp/missing" 2> /dev/null || rc=$?
[ "$rc" = 2 ] || { echo "a missing log gave $rc, not 2" >&2; exit 1; }
echo "console-scan: all cases as expected"
