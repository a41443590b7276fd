#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make demo: show what the running kernel offers.
. /jobs/common.sh

echo "== kernel"
uname -a
echo "== memory"
grep -E 'MemTotal|MemFree|MemAvailable' /proc/meminfo | sed 's/^/  /'
echo "== vm sysctls (/proc/sys/vm)"
show_sysctls
echo "== zone watermarks (/proc/zoneinfo)"
show_watermarks
echo "== /proc/vmstat highlights"
show_vmstat

knob=/proc/sys/vm/extra_free_kbytes
if [ -w $knob ]; then
	echo "== vm.extra_free_kbytes (patch 0003)"
	echo "  0 (default):"
	show_watermarks
	echo 262144 > $knob
	echo "  after 'sysctl vm.extra_free_kbytes=262144' (256 MiB): low and high up, min unchanged:"
	show_watermarks
	if echo 99999999 > $knob 2>/dev/null; then
		echo "  ERROR: a value over the bound was accepted"
		exit 1
	fi
	echo "  'sysctl vm.extra_free_kbytes=99999999' (over a quarter of memory): refused, value still $(cat $knob)"
	echo 0 > $knob
else
	echo "== this kernel has no vm.extra_free_kbytes"
fi

knob=/proc/sys/vm/compaction_async_budget_us
if [ -w $knob ]; then
	echo "== vm.compaction_async_budget_us (patch 0007)"
	echo "  default: $(cat $knob) us (0: no limit; the budget of one page fault's direct async compaction)"
	if echo 1000001 > $knob 2>/dev/null; then
		echo "  ERROR: a value over the bound was accepted"
		exit 1
	fi
	echo "  'sysctl vm.compaction_async_budget_us=1000001' (over one second): refused, value still $(cat $knob)"
	echo "  attempts the budget stopped since boot (compact_budget_exceeded):" \
		"$(awk '$1 == "compact_budget_exceeded" {print $2}' /proc/vmstat)"
else
	echo "== this kernel has no vm.compaction_async_budget_us"
fi
