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
auto=/proc/sys/vm/burst_reserve
if [ -w $knob ]; then
	echo "== vm.extra_free_kbytes"
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
fi
if [ -w $auto ]; then
	echo "== vm.burst_reserve (now $(cat $auto)): the reserve the kernel sizes, per zone in pages"
	# populated zones only (managed comes before the burst_reserve line)
	awk '/^Node/ { zone = $2 " " $4 } $1 == "managed" { m = $2 }
	     $1 == "burst_reserve" && m { printf "  %-14s reserve %7d pages\n", zone, $2 }' /proc/zoneinfo
	if echo 2 > $auto 2>/dev/null; then
		echo "  ERROR: 'sysctl vm.burst_reserve=2' was accepted"
		exit 1
	fi
	echo "  'sysctl vm.burst_reserve=2': refused, value still $(cat $auto)"
fi
[ -w $knob ] || [ -w $auto ] ||
	echo "== this kernel has neither vm.extra_free_kbytes nor vm.burst_reserve"

# What the knob does, before and after, small enough for a demo (the
# full measurement, interleaved over many boots, is make bench).  Needs
# the scratch and swap disks of scripts/demo.sh.
# table KEY:LABEL...: one row per key, one column per line of /tmp/demo.txt
table() {
	awk -v keys="$*" '
	{ n++; col[n] = $2; for (i = 2; i <= NF; i++) { split($i, kv, "="); v[n, kv[1]] = kv[2] } }
	END {
		printf "  %-38s", ""; for (j = 1; j <= n; j++) printf " %15s", col[j]; printf "\n"
		k = split(keys, K, " ")
		for (i = 1; i <= k; i++) {
			split(K[i], l, ":"); gsub(/_/, " ", l[2])
			printf "  %-38s", l[2]
			for (j = 1; j <= n; j++) printf " %15s", ((j, l[1]) in v) ? v[j, l[1]] : "-"
			printf "\n"
		}
	}' /tmp/demo.txt
}
swap_on > /dev/null
bursts=0
if [ -w $knob ] && [ -x /kselftest/mm/burst_replay ] && scratch_mount /mnt/scratch; then
	bursts=1
	echo "== the series' kselftest burst_replay: the 2011 burst under 8 writers, the knob at 0"
	echo "   (up to three bursts, until the burst task reclaims directly), then at the burst's size;"
	echo "   the burst task's own direct reclaims, from its tracepoint"
	/kselftest/mm/burst_replay -d /mnt/scratch 2>&1 | grep -E '^# (knob|[0-9]+ writers)|^(not )?ok 1' |
		sed 's/^# /  /; s/^/  /'
	umount /mnt/scratch 2>/dev/null || umount -l /mnt/scratch
fi
if [ -w $knob ] && scratch_mount /mnt/scratch; then
	bursts=1
	echo "== an allocation burst while writers fill the page cache, the reserve off and on"
	# bench-burst-hard's shape: on 7.2, three writers and a small burst
	# no longer stall without the reserve (make demo, 2026-12-05)
	echo "   (guest/src/extra_free_burst.c: 8 writers; one task touches ${DEMO_BURST_MB:-448} MiB of a file at once;"
	echo "   'extra' is vm.extra_free_kbytes at the burst's size)"
	extra_free_burst -d /mnt/scratch -w 8 -b "${DEMO_BURST_MB:-448}" -r 1 -s off -s extra > /tmp/out 2>&1 ||
		{ cat /tmp/out; exit 1; }
	grep '^burst ' /tmp/out > /tmp/demo.txt
	table "allocstall:direct_reclaims_(allocstall)" "pgscan_direct:pages_scanned_in_direct_reclaim" \
		"stalls_self:the_burst_task's_direct_reclaims" \
		"stall_self_us:the_burst_task's_reclaim_time_(us)" "max_us:its_slowest_page_fault_(us)" \
		"p99_us:its_p99_page_fault_(us)" "secs:the_burst's_time_(s)" \
		"file_kb:page_cache_before_it_(kB)" "free_kb:free_memory_before_it_(kB)"
	# the replay's writers are gone; their last writeback may not be
	umount /mnt/scratch 2>/dev/null || umount -l /mnt/scratch
fi
if [ -w $auto ] && scratch_mount /mnt/scratch; then
	bursts=1
	echo "== an allocation burst while writers fill the page cache: at vm.burst_reserve=0, then"
	echo "   twice at 1 (the reserve grows from the first burst's direct reclaim and serves the next)"
	echo "   (guest/src/extra_free_burst.c: 8 writers; one task touches ${DEMO_BURST_MB:-448} MiB of a file at once)"
	extra_free_burst -d /mnt/scratch -w 8 -b "${DEMO_BURST_MB:-448}" -r 1 > /tmp/out 2>&1
	st=$?
	grep -E '^# (off|auto)|^# allocstall:|^(not )?ok ' /tmp/out | sed 's/^# /  /'
	[ $st = 0 ] || [ $st = 4 ] || { cat /tmp/out; exit 1; }
	umount /mnt/scratch 2>/dev/null || umount -l /mnt/scratch
fi
[ "$bursts" = 1 ] ||
	echo "== no allocation burst: needs vm.extra_free_kbytes or vm.burst_reserve, and a scratch disk"

echo "== one boot each, as an illustration: make bench measures it over many (README, results/README.md)"
exit 0
