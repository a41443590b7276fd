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
else
	echo "== this kernel has no vm.extra_free_kbytes"
fi

# The series' bound on a THP fault's direct compaction, whichever this
# kernel has (compaction_knob in common.sh), and what is shown of it: its
# unit and meaning, a value over its bound, the counters of what it
# stopped (KEY:WHAT, underscores for spaces), the value the THP fault
# storm below runs with and why.
compaction_knob
knob=$cknob name=vm.${cknob##*/}
if [ "$cknob_opt" = -b ]; then
	about="us (0: no limit; the budget of one page fault's direct async compaction)"
	bad=1000001 bad_why="over one second"
	counters="compact_budget_exceeded:attempts_the_budget_stopped"
	rows="compact_budget_exceeded:stopped_by_the_budget"
	on=1000 on_says="the budget off and at 1 ms, twice each"
	on_why1="1 ms, not the" on_why2="bench's 4 ms: under the emulator most compactions end before 4 ms"
else
	about="kB (0: no cap; the memory both compaction scanners may walk for one THP fault)"
	bad=4194305 bad_why="over 4 GiB"
	counters="compact_bound_fault:faults_whose_cap_ran_out compact_daemon_hint:hints_to_kcompactd"
	rows=$counters
	on=4096 on_says="the cap off and at 4096 kB, twice each"
	on_why1="4096 kB, vm.rst's" on_why2="starting point: about two 2 MiB pageblocks of scanning per fault"
fi
if [ -w $knob ]; then
	echo "== $name"
	echo "  default: $(cat $knob) $about"
	if err=$( (echo $bad > $knob) 2>&1 ); then
		echo "  ERROR: a value over the bound was accepted"
		exit 1
	fi
	case $err in
	*"Invalid argument"*) err="refused with EINVAL" ;;
	*) err="refused (${err##*: })" ;;
	esac
	echo "  'sysctl $name=$bad' ($bad_why): $err, value still $(cat $knob)"
	for c in $counters; do
		echo "  $(echo "${c#*:}" | tr _ ' ') since boot (${c%%:*}):" \
			"$(awk -v k="${c%%:*}" '$1 == k {print $2}' /proc/vmstat)"
	done
else
	echo "== this kernel has no $name"
fi

# What the knobs do, each before and after, small enough for a demo (the
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
if [ -w /proc/sys/vm/extra_free_kbytes ] && scratch_mount /mnt/scratch; then
	echo "== an allocation burst while writers fill the page cache, the reserve off and on"
	echo "   (guest/src/extra_free_burst.c: one task touches ${DEMO_BURST_MB:-128} MiB of a file at once;"
	echo "   'extra' is vm.extra_free_kbytes at the burst's size)"
	extra_free_burst -d /mnt/scratch -b "${DEMO_BURST_MB:-128}" -r 1 -s off -s extra > /tmp/out 2>&1 ||
		{ cat /tmp/out; exit 1; }
	grep '^burst ' /tmp/out > /tmp/demo.txt
	table "allocstall:direct_reclaims_(allocstall)" "pgscan_direct:pages_scanned_in_direct_reclaim" \
		"stall_self_us:the_burst_task's_reclaim_time_(us)" "max_us:its_slowest_page_fault_(us)" \
		"p99_us:its_p99_page_fault_(us)" "secs:the_burst's_time_(s)"
	# the replay's writers are gone; their last writeback may not be
	umount /mnt/scratch 2>/dev/null || umount -l /mnt/scratch
else
	echo "== no allocation burst: needs vm.extra_free_kbytes and a scratch disk"
fi
if [ -w $knob ] && [ "$(wc -l < /proc/swaps)" -gt 1 ]; then
	echo "== THP faults on fragmented memory (defrag=always), $on_says"
	echo "   (guest/src/compaction_replay.c: memory fragmented, one page in 8 mlocked,"
	echo "   then one task writes ${DEMO_USE_PCT:-60}% of free memory + swap; $on_why1"
	echo "   $on_why2)"
	: > /tmp/demo.txt
	for b in 0 $on $on 0; do
		# each run from the same state: caches dropped, memory compacted
		sync
		echo 3 > /proc/sys/vm/drop_caches
		echo 1 > /proc/sys/vm/compact_memory
		compaction_replay -B -D always $cknob_opt $b -u "${DEMO_USE_PCT:-60}" > /tmp/out 2>&1 ||
			{ cat /tmp/out; exit 1; }
		grep '^compaction ' /tmp/out | sed 's/^compaction defrag=always /compaction /' >> /tmp/demo.txt
	done
	table "stalls:direct_compactions" "stall_max_us:the_longest_(us)" "stall_p99_us:their_p99_(us)" \
		$rows "thp_pct:THP_faults_served_huge_(%)" \
		"mbps:the_writer's_throughput_(MB/s)"
	echo 0 > $knob
else
	echo "== no THP fault storm: needs $name and swap"
fi
echo "== one boot each, as an illustration: make bench measures it over many (README, results/README.md)"
exit 0
