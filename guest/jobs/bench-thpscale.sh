#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-thpscale, guest side: one boot = one run of the thpscale
# workload (guest/src/thpscale.c, bench mode: files of 64 KiB read at
# random fill memory with page cache and slab, then threads fault 80% of
# memory 2 MiB at a time) under one setting of THPSCALE_SETTINGS, picked
# by the run number: run N takes the Nth word, wrapping around, so that
# K settings and RUNS boots give each setting RUNS / K runs, interleaved.
# One line "thpscale setting=WORD key=value ..." goes to
# $RESULTS/bench.txt, every fault's latency (us) and huge flag to
# $RESULTS/faults.txt, their distribution (ns, fraction of faults at or
# below) to $RESULTS/cdf.WORD for the report's plot.
#
# THPSCALE_SETTINGS: words ENABLED:DEFRAG:DEFRAG_MODE[:EXTRA]..., default
#   "always:always:0 always:always:0:bound always:defer+madvise:0
#    never:never:0 always:always:1 madvise:madvise:0:-M
#    madvise:madvise:0:-M:bound"
#   ENABLED, DEFRAG  THP enabled and defrag for the run (thpscale -E, -D)
#   DEFRAG_MODE      vm.defrag_mode (6.15 and later; 0 runs on a kernel
#                    without it, 1 fails there)
#   EXTRA            -M: thpscale -M (the faulted memory is MADV_HUGEPAGE);
#                    KNOB=VALUE: VALUE written to /proc/sys/vm/KNOB, the
#                    run fails if the kernel has no such knob;
#                    bound: the bound on the compaction of a THP fault,
#                    the KNOB=VALUE of THPSCALE_BOUND (default
#                    compaction_fault_scan_kbytes=8192: the pfns both
#                    compaction scanners may scan per fault, in kB; 0 off)
# THPSCALE_ARGS (more options of thpscale, e.g. "-c 50 -r 10"), RUN (the
# run number).
#
# THPSCALE_TRACE=1 (default 0): the bound's tracepoint,
# compaction/mm_compaction_bound, one event per bounded attempt on a
# zone ("cap=.. left_before=.. work=.. left=.. status=..", pages), is
# enabled for the faults (thpscale -T) into a buffer of 16 MiB per CPU,
# its lines saved to $RESULTS/bound.trace (gzipped beyond 1 MiB) and
# counted on the bench line: bound_attempts (events), bound_spent (left=0),
# bound_over_max (the most work beyond left_before, 0 if none),
# bound_violations (attempts whose work exceeds left_before by more than
# a pageblock), bound_lost (events overwritten: the "overrun" of
# per_cpu/*/stats).  bound_traced=0 and zeros on a kernel without the
# event or without THPSCALE_TRACE=1.
. /jobs/common.sh

set -- ${THPSCALE_SETTINGS:-always:always:0 always:always:0:bound always:defer+madvise:0 \
	never:never:0 always:always:1 madvise:madvise:0:-M madvise:madvise:0:-M:bound}
set -- $(rotate $((${RUN:-1} - 1)) "$@")
s=$1
IFS=: read -r enabled defrag dm extra <<-EOF
$s
EOF
[ -n "$enabled" ] && [ -n "$defrag" ] && [ -n "$dm" ] ||
	{ echo "setting $s: not ENABLED:DEFRAG:DEFRAG_MODE[:EXTRA]..."; exit 1; }
args="-E $enabled -D $defrag"
knobs=
rest=$extra
while [ -n "$rest" ]; do
	x=${rest%%:*}
	case $rest in *:*) rest=${rest#*:} ;; *) rest= ;; esac
	case $x in
	-M) args="$args -M" ;;
	bound) knobs="$knobs ${THPSCALE_BOUND:-compaction_fault_scan_kbytes=8192}" ;;
	?*=*) knobs="$knobs $x" ;;
	*) echo "setting $s: unknown part '$x' (-M, bound or KNOB=VALUE)"; exit 1 ;;
	esac
done

dmknob=/proc/sys/vm/defrag_mode
if [ -w $dmknob ]; then
	echo "$dm" > $dmknob || { echo "setting $s: vm.defrag_mode=$dm refused"; exit 1; }
elif [ "$dm" != 0 ]; then
	echo "setting $s: this kernel has no vm.defrag_mode"
	exit 1
fi
for kv in $knobs; do
	k=${kv%%=*} v=${kv#*=}
	case $k in *[!a-z0-9_]*) echo "setting $s: bad knob name '$k'"; exit 1 ;; esac
	[ -w "/proc/sys/vm/$k" ] || { echo "setting $s: this kernel has no vm.$k"; exit 1; }
	echo "$v" > "/proc/sys/vm/$k" || { echo "setting $s: vm.$k=$v refused"; exit 1; }
	echo "vm.$k = $(cat "/proc/sys/vm/$k")"
done

# The buffer is sized before the fill, so that its pages are in place
# before memory is filled around them; thpscale -T enables the event for
# the faults only.
if [ "${THPSCALE_TRACE:-0}" = 1 ]; then
	bound_trace_on || exit 1
	if [ $bound_traced = 1 ]; then
		args="$args -T"
	else
		echo "THPSCALE_TRACE=1: this kernel has no compaction/mm_compaction_bound"
	fi
fi

swap_on
scratch_mount /mnt || { echo "no scratch disk"; exit 1; }
echo "== run ${RUN:-1}: setting $s: thpscale $args${knobs:+, vm:$knobs}"
: > "$RESULTS/bench.txt"
{ thpscale -B -d /mnt $args -H "$RESULTS/faults.txt" ${THPSCALE_ARGS:-}; echo $? > /tmp/rc; } |
	tee /tmp/out
[ "$(cat /tmp/rc)" = 0 ] || { echo "thpscale failed: $(cat /tmp/rc)"; exit 1; }
bound=$(bound_figures "$RESULTS/bound.trace")
[ ! -f "$RESULTS/bound.trace" ] || [ "$(wc -c < "$RESULTS/bound.trace")" -le 1048576 ] ||
	gzip "$RESULTS/bound.trace"
echo "== the bound's events:$bound"
grep '^thpscale ' /tmp/out | sed "s|^thpscale |thpscale setting=$s |; s|\$|$bound|" >> "$RESULTS/bench.txt"
sort -n "$RESULTS/faults.txt" | awk '{ v[NR] = $1 }
	END { for (i = 1; i <= NR; i++) printf "%d %.5f\n", v[i] * 1000, i / NR; printf "\n\n" }' \
	> "$RESULTS/cdf.$s"
bench_end
