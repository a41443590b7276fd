#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-memcg, guest side: seed 001's guard.  Two cgroups each read
# their own file working set (40% of memory) over and over while holding
# anonymous memory (10%); group A is protected with memory.low (its whole
# size), group B is not.  Run with vm.extra_free_kbytes at 0 and at its
# recommended value (a sixth of memory), in an order that rotates with
# the run number.  One line per setting to $RESULTS/bench.txt:
#
#   memcg setting=off|extra a_secs= b_secs= a_refault= b_refault= adv_pct=
#
# adv_pct: how much sooner A finishes, in % of B's time.  MEMCG_PASSES
# (default 4): passes over the working set.
. /jobs/common.sh

knob=/proc/sys/vm/extra_free_kbytes
cg=/sys/fs/cgroup
mem_kb=$(awk '/MemTotal/ {print $2}' /proc/meminfo)
ws_mb=$((mem_kb * 40 / 100 / 1024))
anon_mb=$((mem_kb * 10 / 100 / 1024))
passes=${MEMCG_PASSES:-4}

swap_on
scratch_mount /mnt/scratch || { echo "no scratch disk"; exit 1; }
[ -w $knob ] || { echo "no $knob"; exit 1; }
for g in a b; do
	dd if=/dev/zero of=/mnt/scratch/$g bs=1M count=$ws_mb 2>/dev/null || exit 1
done
echo +memory > $cg/cgroup.subtree_control || exit 1
mkdir -p $cg/A $cg/B
echo $(((ws_mb + anon_mb) << 20)) > $cg/A/memory.low || exit 1
echo "== working sets ${ws_mb} MiB of file + ${anon_mb} MiB anon per group;" \
	"A: memory.low $(cat $cg/A/memory.low)"

refaults() { awk '$1 == "workingset_refault_file" {print $2}' $cg/$1/memory.stat; }

set -- off extra
[ $((${RUN:-1} % 2)) = 0 ] && set -- extra off
: > "$RESULTS/bench.txt"
for s in "$@"; do
	case $s in
	off) echo 0 > $knob ;;
	extra) echo $((mem_kb / 6)) > $knob ;;
	esac
	sync
	echo 3 > /proc/sys/vm/drop_caches
	ra=$(refaults A) rb=$(refaults B)
	for g in A B; do
		f=/mnt/scratch/$(echo $g | tr AB ab)
		sh -c "echo \$\$ > $cg/$g/cgroup.procs &&
		       exec /usr/bin/workingset -f $f -a $anon_mb -p $passes" \
			> /tmp/$g.out &
	done
	wait
	a=$(sed -n 's/^secs=//p' /tmp/A.out) b=$(sed -n 's/^secs=//p' /tmp/B.out)
	[ -n "$a" ] && [ -n "$b" ] || { echo "a group failed"; exit 1; }
	line="memcg setting=$s a_secs=$a b_secs=$b a_refault=$(($(refaults A) - ra))"
	line="$line b_refault=$(($(refaults B) - rb))"
	line="$line adv_pct=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) * 100 / b }')"
	echo "$line" | tee -a "$RESULTS/bench.txt"
done
echo 0 > $knob
bench_end
