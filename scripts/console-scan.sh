#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The console scan of make check and make bench: the kernel's own lines
# of a guest console (they carry a printk timestamp; the jobs' output on
# the same console does not) that report a warning, a BUG, an oops, a
# call trace, a lockdep, KASAN or UBSAN report, a hung task or a lockup.
# Lines that match a pattern of config/console-allowlist (extended
# regular expressions, one per line, # comments) are not reports.  An
# entry "report: ERE" is matched against a whole report instead: from a
# "page allocation failure", WARNING or BUG line to the end of its call
# trace ("</TASK>", "end trace", or on arm64 the first line after
# "Call trace:" that is not a frame), its lines joined by spaces; every
# line of a report it matches is dropped.
#
# Usage: scripts/console-scan.sh CONSOLE_LOG
# Prints the first reports (at most 5) and exits 1 if there are any;
# exits 0 for a clean console (printing "N allowlisted report(s): ..."
# when reports were dropped), 2 if the log cannot be read.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
log=${1:?usage: console-scan.sh CONSOLE_LOG}
allow=${CONSOLE_ALLOWLIST:-$top/config/console-allowlist}
[ -r "$log" ] || { echo "console-scan: cannot read $log" >&2; exit 2; }

bad='^\[ *[0-9]+\.[0-9]+\] .*(WARNING:|BUG:|BUG [a-z]|kernel BUG at|Oops|Call Trace:|Call trace:|possible recursive locking|circular locking|KASAN:|UBSAN:|INFO: task .* blocked|soft lockup|hard LOCKUP)'
entries=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$allow" 2>/dev/null)
patterns=$(echo "$entries" | grep -v '^report: ' || true)
export REPORTS=$(echo "$entries" | sed -n 's/^report: //p')
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
# the reports an allowlist entry matches, left out (ENVIRON: no escape
# processing of the patterns; their count and first line to $tmp), then
# the line patterns
found=$(sed 's/\r$//' "$log" | awk -v out="$tmp" '
BEGIN { n = split(ENVIRON["REPORTS"], P, "\n") }
function flush(   i, hit) {
	if (!nb) return
	for (i = 1; i <= n; i++) if (P[i] != "" && joined ~ P[i]) hit = 1
	if (hit) { allowed++; if (allowed == 1) first = B[1] }
	else for (i = 1; i <= nb; i++) print B[i]
	nb = 0; joined = ""; inb = 0; ct = 0
}
# arm64 ends a dump_stack() with no marker: the block ends at the first
# line after its "Call trace:" that is not a frame
inb && ct && $0 !~ /^\[ *[0-9]+\.[0-9]+\] +[^ ]+\+0x[0-9a-f]+\/0x[0-9a-f]+/ { flush() }
/^\[ *[0-9]+\.[0-9]+\] .*(page allocation failure|WARNING:|BUG:)/ { flush(); inb = 1 }
inb {
	B[++nb] = $0; joined = joined " " $0
	if ($0 ~ /\] Call trace:$/) ct = 1
	if ($0 ~ /<\/TASK>|end trace/ || nb >= 300) flush()
	next
}
{ print }
END { flush(); if (allowed) print allowed " allowlisted report(s): " first > out }
' | grep -aE "$bad" |
	if [ -n "$patterns" ]; then grep -avE -f <(echo "$patterns"); else cat; fi |
	head -n 5)
if [ -z "$found" ]; then
	cat "$tmp"
	exit 0
fi
echo "$found"
exit 1
