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
	on=4000 unit=us on_says="the budget off and at 4 ms"
	on_why="4 ms, the budget of make bench-redis"
else
	about="kB (0: no cap; the memory both compaction scanners may walk for one THP fault)"
	bad=4194305 bad_why="over 4 GiB"
	counters="compact_bound_fault:faults_whose_cap_ran_out compact_daemon_hint:hints_to_kcompactd"
	rows="$counters bound_attempts:bounded_attempts bound_over_max:most_one_attempt_went_over_(pages)"
	on=8192 unit=kB on_says="the cap off and at 8 MiB"
	on_why="8 MiB, as in make bench-thpscale:
   four 2 MiB pageblocks of scanning per fault; 'went over': the most
   an attempt charged beyond what it had left, traced; by design at
   most one pageblock"
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
if [ -w $knob ] && [ "$(wc -l < /proc/swaps)" -gt 1 ] && scratch_mount /mnt/scratch; then
	echo "== THP faults on memory full of page cache: defrag=always, $on_says, and never"
	echo "   (guest/src/thpscale.c, make bench-thpscale's shape: two readers keep 1.5x RAM"
	echo "   of 64 KiB files going through the page cache while one task faults 80% of"
	echo "   RAM 2 MiB at a time, each 2 MiB timed; $on_why)"
	: > /tmp/demo.txt
	for b in always:0 always:$on never:0; do
		# each run from the same state: thpscale's files of the last
		# run removed (bench mode leaves them), caches dropped, memory
		# compacted
		rm -rf /mnt/scratch/thpscale.files
		sync
		echo 3 > /proc/sys/vm/drop_caches
		echo 1 > /proc/sys/vm/compact_memory
		echo "${b#*:}" > $knob || exit 1
		bound_trace_on || exit 1
		t=
		[ $bound_traced = 0 ] || t=-T
		thpscale -B -d /mnt/scratch -E "${b%%:*}" -D "${b%%:*}" $t > /tmp/out 2>&1 ||
			{ cat /tmp/out; exit 1; }
		case $b in
		*:0) label=${b%%:*} ;;
		*) label="${b%%:*},$on$unit" ;;
		esac
		grep '^thpscale ' /tmp/out |
			sed "s|^thpscale |thpscale $label |; s|\$|$(bound_figures /tmp/bound.trace)|" \
			>> /tmp/demo.txt
	done
	echo 0 > $knob
	table "huge_pct:2_MiB_ranges_served_huge_(%)" "fault_p50_us:fault_and_write,_p50_(us)" \
		"fault_p99_us:p99_(us)" "fault_max_us:the_slowest_(us)" "compact_stall:direct_compactions" \
		$rows \
		"allocstall:direct_reclaims" "cached_mb:page_cache_at_the_end_(MiB)"
	umount /mnt/scratch 2>/dev/null || umount -l /mnt/scratch
else
	echo "== no THP fault storm: needs $name, swap and a scratch disk"
fi
echo "== one boot each, as an illustration: make bench measures it over many (README, results/README.md)"
exit 0
