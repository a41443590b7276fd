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
# SLUB_EXTFRAG=1: count the page allocator's fallbacks to another
# migratetype's pageblock over the replay (kmem:mm_page_alloc_extfrag, a
# histogram trigger) and the pageblocks of each type before and after
# (/proc/pagetypeinfo); the fields xf_* and blocks_*.
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
xf=/sys/kernel/tracing/events/kmem/mm_page_alloc_extfrag/trigger
xf_keys=alloc_migratetype,fallback_migratetype,change_ownership
# pageblocks per migratetype, summed over the zones: "UNMOVABLE MOVABLE RECLAIMABLE"
blocks() {
	awk '/^Number of blocks type/ { on = 1; next }
	     on && /^Node/ { u += $5; m += $6; r += $7 }
	     END { print u + 0, m + 0, r + 0 }' /proc/pagetypeinfo
}
if [ "${SLUB_EXTFRAG:-0}" = 1 ]; then
	echo "hist:keys=$xf_keys" > "$xf" || { echo "cannot set a histogram on $xf"; exit 1; }
	b0=$(blocks)
fi
slab_replay -B $opt ${SLUB_ARGS:-} > /tmp/out ||
	{ cat /tmp/out; exit 1; }
xfrag=
if [ "${SLUB_EXTFRAG:-0}" = 1 ]; then
	b1=$(blocks)
	hist=${xf%trigger}hist
	cat "$hist"
	# MIGRATE_UNMOVABLE 0, MOVABLE 1, RECLAIMABLE 2.  A fallback of an
	# unmovable or reclaimable allocation that did not take the
	# pageblock over (change_ownership 0) leaves it mixed.
	xfrag=$(awk '/hitcount:/ {
		for (i = 1; i <= NF; i++) {
			if ($i == "alloc_migratetype:") a = $(i + 1) + 0
			if ($i == "fallback_migratetype:") f = $(i + 1) + 0
			if ($i == "change_ownership:") c = $(i + 1) + 0
			if ($i == "hitcount:") n = $(i + 1) + 0
		}
		all += n
		if (a != 1) { if (c) claim += n; else steal += n }
		else mov += n
	} END { printf " xf_all=%d xf_unmov_steal=%d xf_unmov_claim=%d xf_mov=%d", all, steal, claim, mov }' "$hist")
	echo "!hist:keys=$xf_keys" > "$xf"
	set -- $b0 $b1
	xfrag="$xfrag blocks_unmov=$4 blocks_recl=$6 blocks_unmov_new=$(($4 - $1)) blocks_recl_new=$(($6 - $3))"
fi
cat /tmp/out
r1=$(awk '$1 == "slab-round" && $2 == "round=1" {
	for (i = 3; i <= NF; i++) { split($i, kv, "="); printf " %s1=%s", kv[1], kv[2] } }' /tmp/out)
all=$(awk '$1 == "slab" { for (i = 3; i <= NF; i++) printf " %s", $i }' /tmp/out)
[ -n "$r1" ] && [ -n "$all" ] || { echo "no figures from slab_fallback"; exit 1; }
echo "slub wakers=$w${dm:+ defrag_mode=$dm}$r1$all$xfrag" >> "$RESULTS/bench.txt"
cat "$RESULTS/bench.txt"
bench_end
