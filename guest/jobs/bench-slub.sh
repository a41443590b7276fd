#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-slub, guest side: one boot = two runs of the hackbench replay
# on fragmented memory (selftests/mm/slab_fallback, bench mode), one with
# watermark boost and proactive compaction off (the selftest's default)
# and one with them as the kernel has them (-k), in an order that
# rotates with the run number.  Each run fragments memory again.  Lines
# "slub wakers=off|on key=value" go to $RESULTS/bench.txt: the figures of
# round 1 with the suffix 1, then those of the whole run.
#
# SLUB_ARGS (more options, e.g. "-l 50"), RUN (the run number).
. /jobs/common.sh

set -- off on
[ $(( ${RUN:-1} % 2 )) = 0 ] && set -- on off
echo "== run ${RUN:-1}: wakers $*"
: > "$RESULTS/bench.txt"
for w in "$@"; do
	opt=
	[ "$w" = on ] && opt=-k
	/kselftest/mm/slab_fallback -B $opt ${SLUB_ARGS:-} > /tmp/out ||
		{ cat /tmp/out; exit 1; }
	cat /tmp/out
	r1=$(awk '$1 == "slab-round" && $2 == "round=1" {
		for (i = 3; i <= NF; i++) { split($i, kv, "="); printf " %s1=%s", kv[1], kv[2] } }' /tmp/out)
	all=$(awk '$1 == "slab" { for (i = 3; i <= NF; i++) printf " %s", $i }' /tmp/out)
	[ -n "$r1" ] && [ -n "$all" ] || { echo "no figures from slab_fallback"; exit 1; }
	echo "slub wakers=$w$r1$all" >> "$RESULTS/bench.txt"
done
cat "$RESULTS/bench.txt"
show_vmstat
