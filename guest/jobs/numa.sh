#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check, the server-shaped guest (many CPUs, several NUMA nodes):
# the series' selftests whose subject depends on CPUs and nodes
# (NUMA_TESTS, from the host's config/base-*), each one's TAP nested
# under a line for it.  A test not installed is a skip.  The base's KUnit
# suites ran at boot on the same machine.  With NUMA_GROW_MB (make
# check-64cpu) a burst on every node grows the burst reserve first, and
# the selftests run with it held.
. /jobs/common.sh

echo "== $(nproc) cpus, nodes:"
for n in /sys/devices/system/node/node[0-9]*; do
	echo "  ${n##*/}: cpus $(cat "$n/cpulist"), $(awk '/MemTotal/ { print $4 }' "$n/meminfo") kB"
done
show_watermarks

# The per-cpu lists' high_min (0 where /proc/zoneinfo has none, 6.12)
# and batch, summed over zones and CPUs, as the kernel computes them now:
# writing watermark_scale_factor its own value recomputes them.
pcp_sums() {
	local w
	w=$(cat /proc/sys/vm/watermark_scale_factor)
	echo "$w" > /proc/sys/vm/watermark_scale_factor
	awk '$1 == "high_min:" { h += $2 } $1 == "batch:" { b += $2 }
	     END { print h + 0, b + 0 }' /proc/zoneinfo
}

# grow_reserve MIB (NUMA_GROW_MB, make check-64cpu): grow the burst
# reserve over the nodes, aiming at MIB, then check that it is held and
# that the per-cpu lists are sized as without it; TAP on stdout.  Each
# round, every node at once, from its own CPUs: read a sparse file of
# 3/4 of the node's memory on the scratch disk (clean page cache, no
# disk I/O), then fault in 5/8 of the node's memory as anonymous memory
# (the buffers of four dd at once), which reclaims that page cache,
# directly where kswapd falls behind.  Up to 4 rounds, until the aim is
# reached.  The kernel sizes the reserve to the bursts: with nodes of
# 2 GiB (make check-64cpu) one round grew 2.6 GiB on 7.2, four 327 MiB
# on 6.12; with nodes of 1 GiB 88-779 MiB on 7.2, decaying between
# rounds of 50-90 s (it is held 45 s unused).  What is held is reported;
# the reserve is left on and held for the selftests that follow.
grow_reserve() {
	local want=$1 page_kb d n mb r=0 got=0 most=0 before after
	echo "TAP version 13"
	echo "1..2"
	if [ ! -w /proc/sys/vm/burst_reserve ]; then
		echo "ok 1 reserve # SKIP no vm.burst_reserve"
		echo "ok 2 per-cpu lists # SKIP no vm.burst_reserve"
		return 0
	fi
	page_kb=$(awk '/^KernelPageSize/ { print $2; exit }' /proc/self/smaps)
	echo 0 > /proc/sys/vm/burst_reserve
	before=$(pcp_sums)
	if ! scratch_mount /scratch; then
		echo "not ok 1 reserve: no scratch disk to hold page cache"
		echo "ok 2 per-cpu lists # SKIP no reserve"
		return 1
	fi
	echo 1 > /proc/sys/vm/burst_reserve
	while [ "$got" -lt "$want" ] && [ "$r" -lt 4 ]; do
		r=$((r + 1))
		for d in /sys/devices/system/node/node[0-9]*; do
			n=${d##*node}
			mb=$(awk '/MemTotal/ { print int($4 / 1024) }' "$d/meminfo")
			taskset -c "$(cat "$d/cpulist")" sh -c "
				truncate -s $((mb * 3 / 4))M /scratch/cache$n
				cat /scratch/cache$n > /dev/null
				for i in 1 2 3 4; do
					dd if=/dev/zero of=/dev/null bs=$((mb * 5 / 32))M count=1 2> /dev/null &
				done
				wait" &
		done
		wait
		got=$(($(burst_reserve_pages) * page_kb / 1024))
		[ "$got" -le "$most" ] || most=$got
		echo "# round $r (uptime $(cut -d" " -f1 /proc/uptime)s): reserve $got MiB," \
			"allocstall $(awk '/^allocstall_/ { n += $2 } END { print n + 0 }' /proc/vmstat)," \
			"burst_reserve_grow $(awk '$1 == "burst_reserve_grow" { print $2 }' /proc/vmstat) pages"
	done
	for d in /sys/devices/system/node/node[0-9]*; do
		n=${d##*node}
		echo "#   node $n: reserve $(awk -v n="$n," -v kb="$page_kb" '$1 == "Node" { on = $2 == n }
			on && $1 == "burst_reserve" { r += $2 } END { print int(r * kb / 1024) }' /proc/zoneinfo) MiB," \
			"page cache $(awk '/FilePages/ { print int($4 / 1024) }' "$d/meminfo") MiB"
	done
	if [ "$got" -gt 0 ]; then
		echo "ok 1 reserve: $got MiB held over the nodes after $r rounds (aim $want MiB$([ "$got" -ge "$want" ] || echo ": not reached"), $most at most)"
	else
		echo "not ok 1 reserve: none held after $r rounds of bursts"
	fi
	pcp_figures | sed 's/^/# /'
	after=$(pcp_sums)
	if [ "$got" -eq 0 ]; then
		echo "ok 2 per-cpu lists # SKIP no reserve"
	elif [ "$after" = "$before" ]; then
		echo "ok 2 per-cpu lists: high_min and batch as without the reserve ($before pages summed)"
	else
		echo "not ok 2 per-cpu lists: high_min and batch $after pages summed with the reserve, $before without"
		return 1
	fi
}
rm -f /tmp/grow.rc
if [ -n "${NUMA_GROW_MB:-}" ]; then
	{ grow_reserve "$NUMA_GROW_MB" || echo 1 > /tmp/grow.rc; } 2>&1 | tee "$RESULTS/grow.tap"
	show_watermarks
fi

cd /kselftest/mm
set -- ${NUMA_TESTS:-burst_reserve}
rc=0
rm -f /tmp/numa.rc
{
	echo "TAP version 13"
	echo "1..$#"
	n=0
	for t in "$@"; do
		n=$((n + 1))
		echo "# $t (uptime $(cut -d" " -f1 /proc/uptime)s)"
		# a kselftest build without it
		if [ ! -x "./$t" ]; then
			echo "ok $n $t # SKIP not installed"
			continue
		fi
		"./$t" > /tmp/numa.out 2>&1
		st=$?
		sed 's/^/# /' /tmp/numa.out
		case $st in
		0) echo "ok $n $t" ;;
		4) echo "ok $n $t # SKIP" ;;
		*) echo "not ok $n $t # exit=$st"; echo 1 > /tmp/numa.rc ;;
		esac
	done
} 2>&1 | tee "$RESULTS/numa.tap"
echo "== per-cpu page lists (zone: cpus, high smallest-largest, batch)"
pcp_figures | tee "$RESULTS/pcp.txt"
[ -e /tmp/numa.rc ] || [ -e /tmp/grow.rc ] && rc=1
exit $rc
