#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check, the server-shaped guest (many CPUs, several NUMA nodes):
# the vm.extra_free_kbytes interface test, whose shares, per-cpu list and
# hotplug checks depend on the number of CPUs and nodes.  KUnit's
# extra_free_kbytes suite ran at boot on the same zones.
. /jobs/common.sh

echo "== $(nproc) cpus, nodes:"
for n in /sys/devices/system/node/node[0-9]*; do
	echo "  ${n##*/}: cpus $(cat "$n/cpulist"), $(awk '/MemTotal/ { print $4 }' "$n/meminfo") kB"
done
show_watermarks
cd /kselftest/mm
{ EXTRA_FREE_HOTPLUG=1 ./extra_free_kbytes; echo $? > /tmp/numa.rc; } 2>&1 | tee "$RESULTS/numa.tap"
exit "$(cat /tmp/numa.rc)"
