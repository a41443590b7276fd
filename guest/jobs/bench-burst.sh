#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-burst, guest side: one boot = one run of every setting of the
# burst replay (guest/src/extra_free_burst.c, bench mode), in an order
# that changes with the run number (balanced: each setting follows each
# other equally often over 6 runs).  Lines "burst setting=... key=value"
# go to $RESULTS/bench.txt, latency quantiles to $RESULTS/cdf.SETTING.
#
# BURST_SETTINGS (default "off extra wsf"), BURST_ROUNDS (default 1),
# BURST_ARGS (more options, e.g. "-b 256"), BURST_ISOLATE (default 1: kswapd
# and unbound workqueues on CPU 0 with the writers), RUN (the run number).
# BURST_LRU_GEN (e.g. "n y"): run every setting under each of these values
# of /sys/kernel/mm/lru_gen/enabled (MGLRU off, on), rotating; the lines
# then say lru_gen=, and no latency quantiles are kept.
# BURST_WHY=1: with -a in BURST_ARGS, trace what ran on the CPU during
# every allocation of 1 ms or more into $RESULTS/why.SETTING.ROUND
# (scripts/alat-why.py reads them).
# BURST_TRAIN=1: train mode (-S RUN): one train of bursts per setting,
# the same schedule for every setting of a boot, another for each boot;
# the "train ..." lines (the run's figures) go to bench.txt too.
# BURST_DEFRAG_MODE (0 or 1): vm.defrag_mode for the whole boot; every
# line then says defrag_mode=.
. /jobs/common.sh

set -- ${BURST_SETTINGS:-off extra wsf}
set -- $(balanced "${RUN:-1}" "$@")
args=
for s in "$@"; do args="$args -s $s"; done
[ "${BURST_TRAIN:-0}" = 1 ] && args="$args -S ${RUN:-1}"

swap_on
scratch_mount /mnt/scratch || { echo "no scratch disk"; exit 1; }
echo "== run ${RUN:-1}: settings in this order: $*"
if [ "${BURST_ISOLATE:-1}" = 1 ]; then
	# kswapd and the unbound workqueues (writeback) on CPU 0, with the
	# writers: the burst's CPU is its own
	for p in $(pidof kswapd0); do taskset -p 1 "$p"; done
	echo 1 > /sys/devices/virtual/workqueue/cpumask
fi
dmtag=
if [ -n "${BURST_DEFRAG_MODE:-}" ]; then
	echo "$BURST_DEFRAG_MODE" > /proc/sys/vm/defrag_mode ||
		{ echo "BURST_DEFRAG_MODE: no vm.defrag_mode here"; exit 1; }
	dmtag=" defrag_mode=$(cat /proc/sys/vm/defrag_mode)"
fi
show_watermarks
lru=/sys/kernel/mm/lru_gen/enabled
if [ -n "${BURST_LRU_GEN:-}" ]; then
	[ -w $lru ] || { echo "BURST_LRU_GEN: this kernel has no $lru"; exit 1; }
	lrus=$(rotate "${RUN:-1}" $BURST_LRU_GEN)
	cdf=
else
	lrus=- cdf="-c $RESULTS/cdf"
fi
[ "${BURST_WHY:-0}" = 1 ] && cdf="$cdf -A $RESULTS/why"

: > "$RESULTS/bench.txt"
rc=0
for l in $lrus; do
	tag=$dmtag
	if [ "$l" != - ]; then
		echo "$l" > $lru && echo "== lru_gen: $(cat $lru)" || exit 1
		tag="$tag lru_gen=$l"
	fi
	{ extra_free_burst -d /mnt/scratch -r "${BURST_ROUNDS:-1}" \
		$cdf $args ${BURST_ARGS:-}; echo $? > /tmp/rc; } | tee /tmp/out
	[ "$(cat /tmp/rc)" = 0 ] || rc=$(cat /tmp/rc)
	grep -E '^(burst|train) ' /tmp/out | sed "s/\$/$tag/" >> "$RESULTS/bench.txt"
done
bench_end "$rc"
