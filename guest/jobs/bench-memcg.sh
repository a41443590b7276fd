#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-memcg, guest side: seed 001's guard.  Two cgroups each read
# their own file working set (40% of memory) over and over while holding
# anonymous memory (10%); group A is protected with memory.low (its whole
# size), group B is not.  Run with vm.extra_free_kbytes at 0 and at its
# recommended value (a sixth of memory), and where the kernel has it with
# vm.burst_reserve=1 (auto: the reserve the kernel sizes, from nothing),
# in an order balanced over the runs (common.sh's balanced).  One line
# per setting to $RESULTS/bench.txt:
#
#   memcg setting=off|extra|auto a_secs= b_secs= a_refault= b_refault=
#         adv_pct= reserve_kb=
#
# reserve_kb: the burst reserve held at the end (all zones; 0 without it).
#
# Then, where the kernel has vm.burst_reserve, a burst inside a group at
# its limit, with the switch off and on (the design's claim: a zone
# reserve cannot help there, and memcg reclaim does not grow it): group C
# at memory.max = a fifth of memory reads a file of twice that once, on an
# otherwise idle machine.  One line per setting:
#
#   memcg_burst setting=off|auto c_secs= c_pgsteal_direct= c_max_events=
#         allocstall= reserve_grow=
#
# allocstall: the machine's direct reclaim entries (the group's reclaim
# is not one); reserve_grow: burst_reserve_grow over the burst.
# adv_pct: how much sooner A finishes, in % of B's time.  MEMCG_PASSES
# (default 4): passes over the working set.
. /jobs/common.sh

knob=/proc/sys/vm/extra_free_kbytes
auto=/proc/sys/vm/burst_reserve
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
# the burst reserve of every zone in kB (pages in /proc/zoneinfo)
reserve_kb() {
	page_kb=$(awk '/^KernelPageSize/ {print $2; exit}' /proc/self/smaps)
	echo $(( $(burst_reserve_pages) * ${page_kb:-4} ))
}

set -- off extra
[ -w $auto ] && set -- off extra auto
# shellcheck disable=SC2046
set -- $(balanced "${RUN:-1}" "$@")
: > "$RESULTS/bench.txt"
for s in "$@"; do
	# every setting starts from nothing: off drops a reserve the last one grew
	[ ! -w $auto ] || echo 0 > $auto
	case $s in
	off) echo 0 > $knob ;;
	extra) echo $((mem_kb / 6)) > $knob ;;
	auto) echo 0 > $knob && echo 1 > $auto ;;
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
	line="$line reserve_kb=$(reserve_kb)"
	echo "$line" | tee -a "$RESULTS/bench.txt"
done
echo 0 > $knob
[ ! -w $auto ] || echo 0 > $auto

vmstat_sum() { awk -v k="$1" '$1 ~ k {n += $2} END {print n + 0}' /proc/vmstat; }
if [ -w $auto ]; then
	c_mb=$((mem_kb / 5 / 1024))
	dd if=/dev/zero of=/mnt/scratch/c bs=1M count=$((2 * c_mb)) 2>/dev/null || exit 1
	mkdir -p $cg/C
	echo $((c_mb << 20)) > $cg/C/memory.max || exit 1
	for s in $(balanced "${RUN:-1}" off auto); do
		echo 0 > $auto
		[ $s = off ] || echo 1 > $auto
		sync
		echo 3 > /proc/sys/vm/drop_caches
		st0=$(awk '$1 == "pgsteal_direct" {print $2}' $cg/C/memory.stat)
		ev0=$(awk '$1 == "max" {print $2}' $cg/C/memory.events)
		a0=$(vmstat_sum '^allocstall_') g0=$(vmstat_sum '^burst_reserve_grow$')
		sh -c "echo \$\$ > $cg/C/cgroup.procs &&
		       exec /usr/bin/workingset -f /mnt/scratch/c -a 0 -p 1" > /tmp/C.out ||
			{ echo "group C failed"; exit 1; }
		line="memcg_burst setting=$s c_secs=$(sed -n 's/^secs=//p' /tmp/C.out)"
		line="$line c_pgsteal_direct=$(($(awk '$1 == "pgsteal_direct" {print $2}' \
			$cg/C/memory.stat) - st0))"
		line="$line c_max_events=$(($(awk '$1 == "max" {print $2}' $cg/C/memory.events) - ev0))"
		line="$line allocstall=$(($(vmstat_sum '^allocstall_') - a0))"
		line="$line reserve_grow=$(($(vmstat_sum '^burst_reserve_grow$') - g0))"
		echo "$line" | tee -a "$RESULTS/bench.txt"
	done
	echo 0 > $auto
fi
bench_end
