#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-slub, guest side: one boot = one run of the hackbench replay
# on fragmented memory (guest/src/slab_replay.c, bench mode), with
# watermark boost and proactive compaction off (SLUB_WAKERS=off, the
# selftest's default) or as the kernel has them (on: -k).  One setting
# per boot: compaction leaves state behind (deferral, skip bits) that
# would change a second run.  The line "slub wakers=off|on key=value"
# goes to $RESULTS/bench.txt: the figures of round 1 with the suffix 1,
# then those of the whole run.
#
# SLUB_WAKERS (off or on), SLUB_ARGS (more options, e.g. "-l 50"),
# SLUB_CACHE (MiB: a file of that size on the scratch disk is read into
# the page cache before the replay, so that kswapd has something to
# reclaim; swap goes on if the host attached a swap disk).
# SLUB_DEFRAG_MODES (e.g. "0 1"): vm.defrag_mode for this boot, taken in
# turn by run number (run 1 the first); the line then says defrag_mode=.
. /jobs/common.sh

w=${SLUB_WAKERS:-off}
case $w in
off) opt= ;;
on) opt=-k ;;
*) echo "SLUB_WAKERS must be off or on"; exit 1 ;;
esac
dm=
if [ -n "${SLUB_DEFRAG_MODES:-}" ]; then
	set -- $(rotate $((${RUN:-1} - 1)) $SLUB_DEFRAG_MODES)
	dm=$1
	echo "$dm" > /proc/sys/vm/defrag_mode || { echo "no vm.defrag_mode here"; exit 1; }
fi
echo "== run ${RUN:-1}: wakers $w${dm:+, defrag_mode $dm}"
swap_on
if [ -n "${SLUB_CACHE:-}" ]; then
	scratch_mount /mnt || { echo "SLUB_CACHE needs a scratch disk"; exit 1; }
	dd if=/dev/urandom of=/mnt/cache bs=1M count="$SLUB_CACHE" status=none
	opt="$opt -c /mnt/cache"
fi
: > "$RESULTS/bench.txt"
slab_replay -B $opt ${SLUB_ARGS:-} > /tmp/out ||
	{ cat /tmp/out; exit 1; }
cat /tmp/out
r1=$(awk '$1 == "slab-round" && $2 == "round=1" {
	for (i = 3; i <= NF; i++) { split($i, kv, "="); printf " %s1=%s", kv[1], kv[2] } }' /tmp/out)
all=$(awk '$1 == "slab" { for (i = 3; i <= NF; i++) printf " %s", $i }' /tmp/out)
[ -n "$r1" ] && [ -n "$all" ] || { echo "no figures from slab_fallback"; exit 1; }
echo "slub wakers=$w${dm:+ defrag_mode=$dm}$r1$all" >> "$RESULTS/bench.txt"
cat "$RESULTS/bench.txt"
bench_end
