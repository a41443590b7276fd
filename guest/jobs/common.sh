# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the guest jobs; sourced.

# vm.* sysctls, one "name = value" per line.
show_sysctls() {
	for f in /proc/sys/vm/*; do
		# skip write-only triggers (compact_memory, drop_caches, ...)
		stat -c %A "$f" | grep -q r || continue
		printf '  vm.%-28s %s\n' "${f##*/}" "$(tr '\n\t' '  ' < "$f")"
	done
}

# The /proc/vmstat counters that matter for allocation latency.
VMSTAT_KEYS="nr_free_pages allocstall_normal allocstall_movable pgscan_kswapd
pgscan_direct pgsteal_kswapd pgsteal_direct kswapd_low_wmark_hit_quickly
kswapd_high_wmark_hit_quickly compact_stall compact_fail compact_success
compact_daemon_wake pgmigrate_success thp_fault_alloc thp_fault_fallback
burst_reserve_grow burst_reserve_shrink"

# bench_end [RC]: how a bench job ends: the vmstat highlights, then exit
# RC (default 0), or 1 if the job wrote no bench line: a run whose
# figures are missing is a failed boot, not an empty row.
bench_end() {
	show_vmstat
	[ -s "$RESULTS/bench.txt" ] || { echo "error: the job wrote no bench line"; exit 1; }
	exit "${1:-0}"
}

show_vmstat() {
	for k in $VMSTAT_KEYS; do
		awk -v k="$k" '$1 == k { printf "  %-32s %s\n", $1, $2 }' /proc/vmstat
	done
}

# The burst reserve (vm.burst_reserve) of every zone together, in pages
# (/proc/zoneinfo's burst_reserve lines; 0 on a kernel without them).
burst_reserve_pages() {
	awk '$1 == "burst_reserve" { n += $2 } END { print n + 0 }' /proc/zoneinfo
}

# min/low/high watermarks of every zone, in pages.
show_watermarks() {
	awk '/^Node/ { zone = $2 " " $4 }
	     $1 == "min" || $1 == "low" || $1 == "high" { w[$1] = $2 }
	     $1 == "high" { printf "  %-14s min %7d  low %7d  high %7d pages\n", zone, w["min"], w["low"], w["high"] }' \
		/proc/zoneinfo
}

# pcp_figures: the per-cpu page lists of every populated zone, as
# /proc/zoneinfo has them: the CPUs, the smallest and largest high, the
# batch (make check-64cpu records them: the lists are sized without the
# burst reserve)
pcp_figures() {
	awk '/^Node/ { n = $2; sub(/,/, "", n); zone = n " " $4 }
	     $1 == "present" { present[zone] = $2 }
	     $1 == "cpu:" { cpus[zone]++ }
	     $1 == "high:" { h = $2; if (!(zone in lo) || h < lo[zone]) lo[zone] = h
			     if (h > hi[zone]) hi[zone] = h }
	     $1 == "batch:" { batch[zone] = $2 }
	     END { for (z in cpus) if (present[z] > 0)
			printf "  node %-12s cpus %3d  high %6d-%-6d batch %4d\n", z, cpus[z], lo[z], hi[z], batch[z] }' \
		/proc/zoneinfo | sort
}

# compaction_knob: the series' bound on the direct compaction of a THP
# fault, whichever this kernel has: vm.compaction_async_budget_us (the
# 6.12 series: a time budget in us, compaction_replay -b) or
# vm.compaction_fault_scan_kbytes (the 7.2 series: a cap in kB on the
# pfns the compaction scanners walk, compaction_replay -k).  Sets cknob
# (its path: the budget's when the kernel has neither) and cknob_opt.
compaction_knob() {
	cknob=/proc/sys/vm/compaction_async_budget_us cknob_opt=-b
	if [ ! -e $cknob ] && [ -e /proc/sys/vm/compaction_fault_scan_kbytes ]; then
		cknob=/proc/sys/vm/compaction_fault_scan_kbytes cknob_opt=-k
	fi
}

# The 7.2 series' tracepoint compaction/mm_compaction_bound, one event
# per bounded compaction attempt (cap, left_before, work, left, status).
# bound_trace_on: clears and sizes the trace buffer and sets bound_traced
# to 1 if the kernel has the event (the caller enables it, e.g. thpscale
# -T), else to 0.  bound_figures FILE: keeps the events in FILE and
# prints " bound_traced=1 bound_attempts=N bound_spent=N
# bound_over_max=N bound_violations=N bound_lost=N": the attempts, those
# that spent all they had, the most an attempt charged beyond what it had
# left (pages), the attempts that charged more than that plus one
# pageblock (the bound broken), the events lost to a full buffer.
BOUND_TR=/sys/kernel/tracing
bound_trace_on() {
	bound_traced=0
	[ -e $BOUND_TR/events/compaction/mm_compaction_bound/enable ] || return 0
	echo 16384 > $BOUND_TR/buffer_size_kb && echo > $BOUND_TR/trace ||
		{ echo "cannot size or clear the trace buffer"; return 1; }
	bound_traced=1
}
bound_figures() {
	local pb
	if [ "${bound_traced:-0}" = 0 ]; then
		echo " bound_traced=0 bound_attempts=0 bound_spent=0 bound_over_max=0 bound_violations=0 bound_lost=0"
		return 0
	fi
	grep 'mm_compaction_bound:' $BOUND_TR/trace > "$1"
	# a pageblock in pages: a PMD over the page size (KernelPageSize, kB)
	pb=$(awk -v pmd="$(cat /sys/kernel/mm/transparent_hugepage/hpage_pmd_size)" \
		'/^KernelPageSize/ { print pmd / ($2 * 1024); exit }' /proc/self/smaps)
	awk -v pb="$pb" 'BEGIN { n = spent = over = bad = 0 }
	{
		sub(/.*mm_compaction_bound: /, "")
		for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) f[kv[1]] = kv[2] + 0
		n++
		if (f["left"] == 0) spent++
		if (f["work"] - f["left_before"] > over) over = f["work"] - f["left_before"]
		if (f["work"] > f["left_before"] + pb) bad++
	}
	END { printf " bound_traced=1 bound_attempts=%d bound_spent=%d bound_over_max=%d bound_violations=%d",
		n, spent, over, bad }' "$1"
	cat $BOUND_TR/per_cpu/cpu*/stats | awk '$1 == "overrun:" { n += $2 } END { printf " bound_lost=%d\n", n }'
}

# compaction_setting VALUE: the knob a bench setting's value is for, "N"
# the budget (us), "NkB" the cap (kB).  Sets cset_knob (its path),
# cset_opt (compaction_replay's option for it) and cset_val (N).
compaction_setting() {
	case $1 in
	*kB) cset_knob=/proc/sys/vm/compaction_fault_scan_kbytes cset_opt=-k cset_val=${1%kB} ;;
	*) cset_knob=/proc/sys/vm/compaction_async_budget_us cset_opt=-b cset_val=$1 ;;
	esac
}

# Find a virtio disk by its serial (QEMU -device virtio-blk-pci,serial=X).
disk_by_serial() {
	for d in /sys/block/vd*; do
		[ -e "$d/serial" ] || continue
		[ "$(cat "$d/serial")" = "$1" ] && { echo "/dev/${d##*/}"; return 0; }
	done
	return 1
}

# /dev/pmem0, the legacy pmem carve-out of memmap=SIZE!START, or a reason
# on stderr and 1; $1 names the setting that asked for it.
pmem_dev() {
	[ -b /dev/pmem0 ] && { echo /dev/pmem0; return 0; }
	echo "$1=pmem: no /dev/pmem0 (memmap=SIZE!START, CONFIG_X86_PMEM_LEGACY)" >&2
	return 1
}

# Swap on the disk the host attached with "run-guest.sh -w SIZE", if any.
# SWAP_DEV=pmem: swap on /dev/pmem0 instead, a legacy pmem carve-out of
# the guest's physical memory (memmap=SIZE!START on the command line):
# swap at memory speed that is not guest RAM, so that a writer into swap
# is bound by the kernel's work, not by the disk's I/O (issue 21).
# SWAP_ROTATIONAL=1 marks it rotational first: swapon then gives it no
# swap clusters, so a huge page cannot go to swap whole and is split
# (thp_swpout_fallback), as before CONFIG_THP_SWAP (4.13).
swap_on() {
	local d
	if [ "${SWAP_DEV:-}" = pmem ]; then
		d=$(pmem_dev SWAP_DEV) || exit 1
		if [ "${SWAP_ROTATIONAL:-0}" = 1 ]; then
			echo 1 > /sys/block/pmem0/queue/rotational ||
				{ echo "SWAP_ROTATIONAL=1: cannot mark $d rotational"; exit 1; }
		fi
		mkswap $d >/dev/null && swapon $d || { echo "SWAP_DEV=pmem: no swap on $d"; exit 1; }
		echo "swap on $d (pmem, rotational $(cat /sys/block/pmem0/queue/rotational)): $(awk '/SwapTotal/ {print $2}' /proc/meminfo) kB, MemTotal $(awk '/MemTotal/ {print $2}' /proc/meminfo) kB"
		return 0
	fi
	d=$(disk_by_serial swap) || return 0
	swapon "$d" || { echo "error: swapon $d failed (its signature for another page size?)"; exit 1; }
	echo "swap on $d: $(awk '/SwapTotal/ {print $2}' /proc/meminfo) kB"
}

# Mount the ext4 scratch disk of "run-guest.sh -s SIZE" on $1.
# SCRATCH_DEV=pmem: a new ext4 on /dev/pmem0 instead (a legacy pmem
# carve-out, memmap=SIZE!START): its writeback is a copy done by the
# task that submits it, with no disk and no completion interrupt
# (issue 21: the burst on one vCPU met the virtio disk's interrupts).
scratch_mount() {
	local d
	if [ "${SCRATCH_DEV:-}" = pmem ]; then
		d=$(pmem_dev SCRATCH_DEV) || return 1
		mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 $d ||
			{ echo "SCRATCH_DEV=pmem: mkfs.ext4 $d failed"; return 1; }
		echo "scratch: ext4 on $d (pmem), $(($(cat /sys/block/pmem0/size) / 2048)) MiB"
	else
		d=$(disk_by_serial scratch) || return 1
	fi
	# SCRATCH_MOUNT_OPTS: ext4 mount options (data=journal: no large
	# folios in the page cache on 7.2, as 6.12's ext4 has none)
	mkdir -p "$1" && mount -t ext4 ${SCRATCH_MOUNT_OPTS:+-o "$SCRATCH_MOUNT_OPTS"} "$d" "$1" ||
		return 1
	[ -z "${SCRATCH_MOUNT_OPTS:-}" ] || grep " $1 " /proc/mounts
}

# rotate N WORD...: the words rotated left by N modulo their number (the
# bench jobs' order of settings in run N): set -- $(rotate "$RUN" "$@")
rotate() {
	local n=$1 i=0
	shift
	[ $# -gt 0 ] || return 0
	while [ $i -lt $((n % $#)) ]; do set -- "$@" "$1"; shift; i=$((i + 1)); done
	echo "$@"
}

# balanced N WORD...: the order of the words for run N, from a Williams
# design: over K runs (2K for an odd number K of words) every word comes
# first equally often and follows every other word equally often.
# rotate's K orders always put a word after the same one, so what a
# setting leaves behind always lands on the same next setting (issue 21:
# the burst's "extra" always after "off").
balanced() {
	[ $# -gt 1 ] || { echo "$@"; return 0; }
	echo "$@" | awk '{
		k = NF - 1; rows = k % 2 ? 2 * k : k
		r = ($1 - 1) % rows; if (r < 0) r += rows
		rev = r >= k; if (rev) r -= k
		# first row 0, 1, k-1, 2, k-2, ...; row r adds r
		for (p = 0; p < k; p++) {
			f = p % 2 ? (p + 1) / 2 : (p ? k - p / 2 : 0)
			o[p] = $((f + r) % k + 2)
		}
		out = ""
		for (p = 0; p < k; p++) out = out " " o[rev ? k - 1 - p : p]
		print substr(out, 2) }'
}
