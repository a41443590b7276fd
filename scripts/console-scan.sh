#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The console scan of make check and make bench: the kernel's own lines
# of a guest console (they carry a printk timestamp; the jobs' output on
# the same console does not) that report a warning, a BUG, an oops, a
# call trace, a lockdep, KASAN or UBSAN report, a hung task or a lockup.
# Lines that match a pattern of config/console-allowlist (extended
# regular expressions, one per line, # comments) are not reports.
#
# Usage: scripts/console-scan.sh CONSOLE_LOG
# Prints the first reports (at most 5) and exits 1 if there are any;
# exits 0 for a clean console, 2 if the log cannot be read.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
log=${1:?usage: console-scan.sh CONSOLE_LOG}
allow=${CONSOLE_ALLOWLIST:-$top/config/console-allowlist}
[ -r "$log" ] || { echo "console-scan: cannot read $log" >&2; exit 2; }

bad='^\[ *[0-9]+\.[0-9]+\] .*(WARNING:|BUG:|BUG [a-z]|kernel BUG at|Oops|Call Trace:|possible recursive locking|circular locking|KASAN:|UBSAN:|INFO: task .* blocked|soft lockup|hard LOCKUP)'
patterns=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$allow" 2>/dev/null)
found=$(grep -aE "$bad" "$log" | sed 's/\r$//' |
	if [ -n "$patterns" ]; then grep -avE -f <(echo "$patterns"); else cat; fi |
	head -n 5)
[ -z "$found" ] && exit 0
echo "$found"
exit 1
