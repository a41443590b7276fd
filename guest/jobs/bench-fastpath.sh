#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-fastpath, guest side: page-fault, fork+exit and exec cost
# (guest/src/fastpath.c) with every knob at its default, then with the
# series' knobs set (only where the kernel has them): set is the manual
# reserve at a sixth of memory, auto vm.burst_reserve=1 (the reserve the
# kernel sizes; it holds what the run's stalls grew, reported).  Lines go
# to $RESULTS/bench.txt with setting=default|set|auto.
#
# FASTPATH_ARGS: options for fastpath (default "-n 20 -m 16 -r 5").
. /jobs/common.sh

knob=/proc/sys/vm/extra_free_kbytes
auto=/proc/sys/vm/burst_reserve
mem_kb=$(awk '/MemTotal/ {print $2}' /proc/meminfo)
: > "$RESULTS/bench.txt"
for s in default set auto; do
	[ ! -w $auto ] || echo 0 > $auto
	case $s in
	default)
		[ ! -w $knob ] || echo 0 > $knob ;;
	set)
		[ -w $knob ] || { echo "== no $knob: no 'set' run"; continue; }
		# the recommended use: a reserve for a burst of a sixth of memory
		echo $((mem_kb / 6)) > $knob ;;
	auto)
		[ -w $auto ] || { echo "== no $auto: no 'auto' run"; continue; }
		[ ! -w $knob ] || echo 0 > $knob
		echo 1 > $auto ;;
	esac
	echo "== $s: $(cat $knob 2>/dev/null || echo no) extra_free_kbytes," \
		"burst_reserve $(cat $auto 2>/dev/null || echo no)"
	show_watermarks
	/usr/bin/fastpath ${FASTPATH_ARGS:--n 20 -m 16 -r 5} > /tmp/out || exit 1
	r=$(burst_reserve_pages)
	sed "s/\$/ setting=$s reserve_pages=$r/" /tmp/out | tee -a "$RESULTS/bench.txt"
done
[ ! -w $knob ] || echo 0 > $knob
[ ! -w $auto ] || echo 0 > $auto
bench_end
