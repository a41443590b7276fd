#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check, the server-shaped guest (many CPUs, several NUMA nodes):
# the series' selftests whose subject depends on CPUs and nodes
# (NUMA_TESTS, from the host's config/base-*), each one's TAP nested
# under a line for it.  A test not installed is a skip.  The base's KUnit
# suites ran at boot on the same machine.
. /jobs/common.sh

echo "== $(nproc) cpus, nodes:"
for n in /sys/devices/system/node/node[0-9]*; do
	echo "  ${n##*/}: cpus $(cat "$n/cpulist"), $(awk '/MemTotal/ { print $4 }' "$n/meminfo") kB"
done
show_watermarks
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
[ -e /tmp/numa.rc ] && rc=1
exit $rc
