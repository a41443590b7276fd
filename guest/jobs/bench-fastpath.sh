#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-fastpath, guest side: page-fault, fork+exit and exec cost
# (guest/src/fastpath.c) with every knob at its default, then with the
# series' knobs set (only where the kernel has them).  Lines go to
# $RESULTS/bench.txt with setting=default|set.
#
# FASTPATH_ARGS: options for fastpath (default "-n 20 -m 16 -r 5").
. /jobs/common.sh

knob=/proc/sys/vm/extra_free_kbytes
mem_kb=$(awk '/MemTotal/ {print $2}' /proc/meminfo)
: > "$RESULTS/bench.txt"
for s in default set; do
	case $s in
	default)
		[ -w $knob ] && echo 0 > $knob ;;
	set)
		[ -w $knob ] || { echo "== no $knob: no 'set' run"; continue; }
		# the recommended use: a reserve for a burst of a sixth of memory
		echo $((mem_kb / 6)) > $knob ;;
	esac
	echo "== $s: $(cat $knob 2>/dev/null || echo no) extra_free_kbytes"
	show_watermarks
	/usr/bin/fastpath ${FASTPATH_ARGS:--n 20 -m 16 -r 5} > /tmp/out || exit 1
	sed "s/\$/ setting=$s/" /tmp/out | tee -a "$RESULTS/bench.txt"
done
[ ! -w $knob ] || echo 0 > $knob
bench_end
