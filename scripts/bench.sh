#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench[-WORKLOAD]: build the kernels, boot them under QEMU RUNS times
# each (interleaved: run 1 of every kernel, then run 2, ...), collect the
# guest's "WORKLOAD key=value ..." lines and write a report.
#
# Usage: scripts/bench.sh --all         (make bench: burst compaction slub
#                                        fastpath memcg, fewer runs each,
#                                        plus build/bench/report.md)
#        scripts/bench.sh WORKLOAD...   (also compaction-modes compaction-budgets slub-wakers
#                                        slub-swap)
#
# Environment: RUNS (default per workload), QUICK=1 (3 runs, smaller
# sizes: to try the harness, not for numbers), BENCH_OUT (default
# build/bench), ACCEL / ICOUNT as for run-guest.sh, KERNELS (the kernels
# to compare instead of the workload's; a name other than base and
# patched is a kernel you built yourself, build/alt/NAME.bzImage, e.g. a
# variant of a patch: KERNELS="base kswapd patched").
#
# Per workload, in build/bench/WORKLOAD/: raw.txt (every guest line with
# kernel= and run=), raw.csv, report.md (the tables, the machine, the
# command), *.png (gnuplot), runs/KERNEL-RUN/ (console and results).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

BENCH_OUT=${BENCH_OUT:-$BUILD/bench}
INITRD=$BUILD/initramfs.cpio.gz

# Per workload: the kernels to compare, the default number of runs (and
# in make bench: runs_all), the seconds a boot takes here (boot_s, for
# the first estimate of the time left), the
# guest size, the job's parameters, the grouping of the report and its
# metrics.  The burst replay needs the knob, so it runs on the patched
# kernel only; its settings (knob off, knob = burst, the
# watermark_scale_factor peer) are the groups.
workload() {
	job=$1 runs_all=
	case $1 in
	burst)
		boot_s=100 kernels="patched" runs=10 runs_all=9 mem=2G cpus=2 disks="-s 6G -w 1G" timeout=900
		icount=0
		job_args="env.BURST_SETTINGS=off,extra,wsf"
		[ "${QUICK:-0}" = 1 ] && job_args="$job_args env.BURST_ARGS=-b,64"
		plot="secs:time of the burst (s)"
		group=setting baseline=off
		headline="allocstall pgscan_direct stall_us stall_self_us file_kb free_kb p99_us p999_us max_us"
		metrics="allocstall pgscan_direct pgsteal_direct stall_us stall_self_us stalls_self
stall_max_us file_kb free_kb pgsteal_kswapd pgscan_kswapd secs p50_us p99_us p999_us max_us"
		cdf=yes ;;
	compaction)
		# seed 004: usemem under THP defrag=always and =never, base
		# (no budget) against patched (a budget of 4 ms)
		boot_s=100 kernels="base patched" runs=9 runs_all=6 mem=1G cpus=2 disks="-w 1536M" timeout=900
		icount=0
		job_args="env.COMPACTION_BUDGET=4000"
		[ "${QUICK:-0}" = 1 ] && job_args="$job_args env.COMPACTION_ARGS=-u,40"
		plot="mbps:usemem throughput (MB/s)"
		group=kernel+defrag baseline=base/always
		headline="mbps compact_stall compact_success thp_fault_alloc thp_fault_fallback stall_p50_us stall_p99_us stall_max_us stall_sum_ms"
		metrics="mbps secs compact_stall compact_fail compact_success compact_budget_exceeded
thp_fault_alloc thp_fault_fallback thp_pct pgmigrate_success pswpout allocstall
stalls stall_p50_us stall_p99_us stall_max_us stall_sum_ms step_p50_us step_p99_us step_max_us"
		cdf=no ;;
	compaction-modes)
		# the budget against what users can do today: every defrag
		# mode, and defrag=always with and without a budget
		boot_s=150 kernels="patched" runs=9 mem=1G cpus=2 disks="-w 1536M" timeout=1500
		icount=0 job=compaction
		job_args="env.COMPACTION_SETTINGS=always:0,always:4000,defer+madvise:0,defer:0,madvise:0,never:0"
		[ "${QUICK:-0}" = 1 ] && job_args="$job_args env.COMPACTION_ARGS=-u,40"
		plot="mbps:usemem throughput (MB/s)"
		group=defrag+budget_us baseline=always/0
		headline="mbps thp_pct compact_stall compact_success compact_budget_exceeded stall_p99_us stall_max_us stall_oncpu_max_us stall_sum_ms"
		metrics="mbps secs compact_stall compact_fail compact_success compact_budget_exceeded
thp_fault_alloc thp_fault_fallback thp_pct pgmigrate_success pswpout allocstall compact_daemon_wake
stalls stall_p50_us stall_p99_us stall_max_us stall_oncpu_max_us stall_sum_ms step_p50_us step_p99_us step_max_us"
		cdf=no ;;
	compaction-budgets)
		# what the budget buys and costs: defrag=always on the patched
		# kernel with the budget off, at 4 ms, and 4x larger
		boot_s=160 kernels="patched" runs=6 mem=1G cpus=2 disks="-w 1536M" timeout=900
		icount=0 job=compaction
		job_args="env.COMPACTION_BUDGETS=0,4000,16000"
		[ "${QUICK:-0}" = 1 ] && job_args="$job_args env.COMPACTION_ARGS=-u,40"
		plot="mbps:usemem throughput (MB/s)"
		group=budget_us baseline=0
		headline="mbps compact_success thp_fault_alloc thp_pct stall_p50_us stall_p99_us stall_max_us stall_oncpu_max_us stall_sum_ms"
		metrics="mbps secs compact_stall compact_fail compact_success compact_budget_exceeded
thp_fault_alloc thp_fault_fallback thp_pct pgmigrate_success pswpout allocstall
stalls stall_p50_us stall_p99_us stall_max_us stall_oncpu_max_us stall_sum_ms step_p50_us step_p99_us step_max_us"
		cdf=no ;;
	slub|slub-wakers|slub-swap)
		# seed 002: SLUB's high-order slabs on fragmented memory under
		# hackbench (guest/src/slab_replay.c), with the kernel's
		# other kcompactd wakers (watermark boost, proactive
		# compaction) off (slub) or as 6.12 has them (slub-wakers);
		# slub-swap: off, with 96 MiB of page cache and 512 MiB of
		# swap for kswapd to reclaim; figures of round 1 (*1) and of
		# both rounds
		boot_s=50 kernels="base patched" mem=512M cpus=2 disks= timeout=900
		icount=0 job=slub wakers=off runs=10 runs_all=8
		job_args= swap_metrics=
		case $1 in
		slub-wakers) runs=6 wakers=on ;;
		slub-swap) disks="-s 512M -w 512M" job_args="env.SLUB_CACHE=96"
			swap_metrics=" pgsteal_kswapd1 pswpout1" ;;
		esac
		job_args="$job_args env.SLUB_WAKERS=$wakers"
		[ "${QUICK:-0}" = 1 ] && job_args="$job_args env.SLUB_ARGS=-l,50"
		plot="pref_pct1:slabs at the preferred order, round 1 (%)"
		group=kernel+wakers baseline=base/$wakers
		headline="secs1 pref_pct1 slabs1 fallbacks1 compact_daemon_wake1 pgmigrate_success1 compact_stall1 pgscan_kswapd1 pageoutrun1$swap_metrics"
		metrics="secs1 pref_pct1 slabs1 fallbacks1 compact_daemon_wake1 pgmigrate_success1
compact_stall1 pgscan_kswapd1 pgsteal_kswapd1 pswpout1 pageoutrun1 allocstall1 free_o3_kb1
secs pref_pct slabs fallbacks compact_daemon_wake pgmigrate_success pgscan_kswapd pgsteal_kswapd pswpout pageoutrun"
		cdf=no ;;
	fastpath)
		# seed 003's guard: lmbench-style fault, fork and exec costs on
		# base and patched, under -icount (time = instructions)
		boot_s=95 kernels="base patched" runs=5 runs_all=3 mem=1G cpus=1 disks= timeout=900
		icount=1
		job_args=
		[ "${QUICK:-0}" = 1 ] && job_args="env.FASTPATH_ARGS=-n,5,-m,8,-r,2"
		plot="anon_fault_ns:anonymous write fault (ns)"
		group=kernel+setting baseline=base/default
		headline="anon_fault_ns file_fault_ns fork_exit_ns exec_ns"
		metrics=$headline
		cdf=no ;;
	memcg)
		# seed 001's guard: memory.low protection with the reserve on
		boot_s=150 kernels="patched" runs=5 runs_all=4 mem=2G cpus=2 disks="-s 4G -w 1G" timeout=1200
		icount=0
		job_args=
		[ "${QUICK:-0}" = 1 ] && job_args="env.MEMCG_PASSES=1"
		plot="adv_pct:protected group finishes sooner by (%)"
		group=setting baseline=off
		headline="adv_pct a_secs b_secs a_refault b_refault"
		metrics=$headline
		cdf=no ;;
	kswapd)
		# what one kswapd wakeup reclaims with the reserve (an eighth
		# of memory) and without, classic LRU and MGLRU: a page cache
		# stream of twice RAM written and read back
		boot_s=150 kernels="patched" runs=5 mem=1G cpus=2 disks="-s 3G" timeout=900
		icount=0
		job_args=
		[ "${QUICK:-0}" = 1 ] && job_args="env.KSWAPD_MB=512"
		plot="reclaimed_per_wakeup:pages kswapd reclaimed per wakeup"
		group=setting baseline=classic-0
		headline="reclaimed_per_wakeup scanned_per_wakeup pageoutrun pgsteal_kswapd allocstall secs"
		metrics="reclaimed_per_wakeup scanned_per_wakeup pageoutrun pgscan_kswapd pgsteal_kswapd
allocstall pgscan_direct kswapd_low_wmark_hit_quickly kswapd_high_wmark_hit_quickly secs"
		cdf=no ;;
	*) die "unknown workload '$1' (known: burst compaction compaction-modes compaction-budgets slub slub-wakers slub-swap fastpath memcg kswapd)" ;;
	esac
	kernels=${KERNELS:-$kernels}
	# make bench (--all): fewer runs, so that all five fit in about 70 min
	[ "$all" = 1 ] && runs=${runs_all:-$runs}
	[ "${QUICK:-0}" = 1 ] && runs=3
	runs=${RUNS:-$runs}
	[ "$runs" -ge 1 ] 2>/dev/null || die "RUNS must be a positive number"
}

kernel_image() { # base|patched|NAME
	case $1 in
	patched) echo "$BUILD/obj/arch/x86/boot/bzImage" ;;
	base) echo "$BUILD/base/obj/arch/x86/boot/bzImage" ;;
	*) echo "$BUILD/alt/$1.bzImage" ;;
	esac
}

build_kernels() {
	local k need_base=0
	for k in $kernels; do [ "$k" = base ] && need_base=1; done
	"$TOP/scripts/build-kernel.sh" "$TREE" "$BUILD/obj" "$TOP/config/test.config"
	if [ $need_base = 1 ]; then
		# The base commit in a worktree.  build/base/{linux,obj} has the
		# layout of build/{linux,obj}, so that ccache (base dir $TOP) sees
		# the same relative paths and only the files the series changes
		# are compiled again.
		# (A worktree of an earlier build/linux is dropped first.)
		if [ "$(git -C "$BUILD/base/linux" rev-parse -q --verify base 2>/dev/null)" != \
		     "$(git -C "$TREE" rev-parse base)" ]; then
			rm -rf "$BUILD/base/linux"
			git -C "$TREE" worktree prune
			mkdir -p "$BUILD/base"
			git -C "$TREE" worktree add -q -f --detach "$BUILD/base/linux" base
		fi
		git -C "$BUILD/base/linux" checkout -q --detach base
		# -base in its version (uname -r, the console): the reports tell
		# the kernels apart by what they booted, not only by path
		LOCALVERSION=-base ALLOW_UNKNOWN=1 "$TOP/scripts/build-kernel.sh" "$BUILD/base/linux" "$BUILD/base/obj" \
			"$TOP/config/test.config"
	fi
	"$TOP/scripts/build-selftests.sh" "$TREE" "$BUILD/obj" "$BUILD/kselftest"
	"$TOP/scripts/mkinitramfs.sh" "$INITRD" "$BUILD/kselftest"
}

host() {
	echo "- host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, $(awk '/^MemTotal/ {printf "%.1f", $2 / 1048576}' /proc/meminfo) GiB"
	echo "- $(git -C "$TREE" log -1 --format=%s base)"
	echo "- series: $(series_patches | wc -l) patches ($(git -C "$TOP" describe --always --dirty))"
}

machine() {
	host
	if [ "$icount" = 1 ]; then
		echo "- QEMU: $(qemu-system-x86_64 --version | head -1), single-threaded TCG, -icount shift=0,sleep=off"
	else
		echo "- QEMU: $(qemu-system-x86_64 --version | head -1), accel ${ACCEL:-tcg,thread=multi}"
	fi
	local k
	echo "- guest: $mem, $cpus vCPUs"
	for k in $kernels; do
		echo "- kernel $k: $(cat "$dir"/runs/"$k"-*/console.log | grep -m1 -o 'Linux version [^ ]*')"
	done
}

plots() {
	local s i n files=()
	command -v gnuplot >/dev/null || { note "no gnuplot: no plots"; return 0; }
	# one metric per run, a line per group: runs.png
	python3 "$TOP/scripts/stats.py" runs --group "$group" --metric "${plot%%:*}" \
		"$dir/raw.txt" > "$dir/runs.dat"
	n=$(grep -c '^# ' "$dir/runs.dat")
	for i in $(seq 0 $((n - 1))); do
		files+=("'$dir/runs.dat' index $i using 1:2 with linespoints title '$(grep '^# ' "$dir/runs.dat" | sed -n "$((i + 1))s/^# //p")'")
	done
	( IFS=,; gnuplot <<-EOF
	set terminal pngcairo size 900,600
	set output '$dir/runs.png'
	set title '$w: ${plot#*:}, per run (mean of the run)'
	set xlabel 'run'
	set ylabel '${plot#*:}'
	set xtics 1
	set key outside right
	set grid
	plot ${files[*]}
	EOF
	)
	files=()
	[ "$cdf" = yes ] || return 0
	for s in $(awk -v g="$group" '{for (i = 2; i <= NF; i++) if (index($i, g "=") == 1) print substr($i, length(g) + 2)}' "$dir/raw.txt" | sort -u); do
		cat "$dir"/runs/*/results/cdf."$s" > "$dir/cdf.$s" 2>/dev/null || continue
		files+=("'$dir/cdf.$s' using (\$1/1000):(1-\$2) with lines title '$s'")
	done
	[ ${#files[@]} -gt 0 ] || return 0
	local IFS=,
	gnuplot <<-EOF
	set terminal pngcairo size 900,600
	set output '$dir/latency-cdf.png'
	set title 'fault latency of the burst, one line per run'
	set logscale xy
	set yrange [0.0009:1]
	set xlabel 'latency (us)'
	set ylabel 'fraction of faults slower (1 - CDF)'
	set key top right
	set grid
	plot ${files[*]}
	EOF
}

legend() {
	case $1 in
	burst) cat <<-'EOF'
	The guest (guest/src/extra_free_burst.c in bench mode): three writers
	fill the page cache of an ext4 disk, then one task reads one byte of
	every page of a sparse file (MADV_RANDOM), a burst of a sixth of RAM.
	Settings: off (vm.extra_free_kbytes=0), extra (the knob at the burst
	size), wsf (knob 0, watermark_scale_factor raised to the same low
	watermark).  The writers, kswapd and the unbound workqueues (writeback)
	share CPU 0, the burst task has CPU 1 to itself.
	Counters are deltas over the burst, of all tasks:
	allocstall (sum of allocstall_*), pgscan/pgsteal_direct/kswapd.
	stall_us: direct reclaim time of all tasks, stall_self_us / stalls_self:
	of the burst task, stall_max_us: the longest one (vmscan tracepoints).
	file_kb / free_kb: page cache and free memory when the burst starts.
	p*_us, max_us: latency of the burst's page faults.
	EOF
	;;
	compaction) cat <<-'EOF'
	The guest (guest/src/compaction_replay.c in bench mode): anonymous
	memory of 60% of free memory is written as base pages, then 7 of every
	8 pages are freed and the 8th is mlocked in place; then one process
	writes three quarters of free memory + swap sequentially (usemem,
	MAP_PRIVATE|MAP_ANONYMOUS) with THP enabled=always and defrag as
	grouped.  base: 6.12 without the series, direct async compaction
	unbounded; patched: vm.compaction_async_budget_us=4000 (4 ms).
	mbps: the writer's throughput; counters: /proc/vmstat deltas over the
	write (allocstall = sum of allocstall_*); thp_pct: thp_fault_alloc in %
	of alloc + fallback.  stall_*: the writer's direct compactions, one
	per mm_compaction_begin/end pair (stalls: how many, stall_sum_ms: their
	total); step_*: time per 2 MiB of the write.
	EOF
	;;
	compaction-modes) cat <<-'EOF'
	The workload of make bench-compaction on the patched kernel only, with
	each THP defrag mode a user can choose today, and defrag=always with
	vm.compaction_async_budget_us at 0 (no limit, the default: 6.12's
	behaviour) and 4000, in rotating order in each boot.  The writer's
	memory is not madvised: under defrag=madvise its faults do not
	compact.  compact_daemon_wake: kcompactd runs.
	EOF
	;;
	compaction-budgets) cat <<-'EOF'
	The workload of make bench-compaction with defrag=always on the patched
	kernel only, vm.compaction_async_budget_us at 0 (no limit, the
	default: 6.12's behaviour), 4000 and 16000, in rotating order in each
	boot.  stall_oncpu_max_us: the longest direct compaction minus the time
	the writer spent off the CPU in it (sched_switch).
	EOF
	;;
	slub|slub-wakers|slub-swap) cat <<-'EOF'
	The guest (guest/src/slab_replay.c in bench mode, 2 vCPUs): THP
	madvise; watermark boost and proactive compaction off (slub,
	slub-swap) or at their defaults (slub-wakers); slub-swap first reads a
	96 MiB file into the page cache and has 512 MiB of swap.  A hog
	mlocks 29% of memory, then free memory but a margin is fragmented (one
	page kept in every aligned 8-page block, a quarter in all), then
	hackbench -p -g 20 -l 200 runs twice, 5 s apart.  Suffix 1: round 1
	only; no suffix: both rounds.  slabs, fallbacks: alloc_slab and
	order_fallback summed over the caches whose preferred order is above
	their minimum (SLUB_STATS); pref_pct: slabs at the preferred order, in
	%; the rest: /proc/vmstat deltas; secs: hackbench's time.
	EOF
	;;
	fastpath) cat <<-'EOF'
	The guest (guest/src/fastpath.c, 1 vCPU, QEMU -icount: guest time
	follows executed instructions): time per anonymous write fault, per
	read fault of a tmpfs file in memory, per fork+exit+wait, per
	fork+exec+exit+wait.  Groups: kernel/setting, where default is every
	knob at its default and set is vm.extra_free_kbytes at a sixth of
	memory (patched kernel only).  Each run is one boot; each sample one
	repetition of the loop.
	EOF
	;;
	memcg) cat <<-'EOF'
	The guest (guest/jobs/bench-memcg.sh, guest/src/workingset.c): cgroups
	A and B each hold 10% of memory anonymous and read their own file of
	40% of memory several times; A has memory.low = its whole size.
	a_secs, b_secs: time of each group's reads; a/b_refault:
	workingset_refault_file of each group; adv_pct: how much sooner A
	finishes than B, in % of B's time.  off: vm.extra_free_kbytes=0,
	extra: a sixth of memory.  The guard holds when A's advantage and
	refaults are the same in both settings.
	EOF
	;;
	kswapd) cat <<-'EOF'
	The guest (guest/jobs/bench-kswapd.sh, 1 GiB, 2 vCPUs): after
	drop_caches, one writer streams twice RAM to a file on an ext4 disk and
	reads it back, so kswapd reclaims page cache behind it all along.
	Settings: LRU (classic, or MGLRU through /sys/kernel/mm/lru_gen/enabled)
	and vm.extra_free_kbytes (0, or extra: an eighth of memory).
	pageoutrun: kswapd's balance_pgdat() runs (about one per wakeup);
	reclaimed/scanned_per_wakeup: pgsteal/pgscan_kswapd per pageoutrun;
	the rest: /proc/vmstat deltas over the stream.
	EOF
	;;
	esac
}

# The make command that reproduces a report (of workload $1, or of all).
command_line() {
	local target=bench
	[ "$all" = 1 ] || target=bench-$1
	echo "${KERNELS:+KERNELS=\"$KERNELS\" }make $target${RUNS:+ RUNS=$RUNS}${QUICK:+ QUICK=$QUICK}"
}

report() {
	python3 "$TOP/scripts/stats.py" csv "$dir/raw.txt" > "$dir/raw.csv"
	plots || note "$w: the plots failed (gnuplot); the tables follow"
	{
		echo "# make bench: $w"
		echo
		echo "Command: \`$(command_line "$w")\`, $(date -u '+%Y-%m-%d %H:%M UTC'), $runs runs per kernel, interleaved."
		echo
		machine
		echo
		echo "Per metric and $group: runs (the lines of one run averaged first),"
		echo "mean, sample stddev, min, max; the"
		echo "difference of the mean against $group=$baseline and the two-sided"
		echo "p-value of Welch's t-test (* p < 0.05, ** p < 0.01)."
		echo
		legend "$w"
		echo
		echo "## Headline"
		echo
		python3 "$TOP/scripts/stats.py" table --group "$group" --baseline "$baseline" \
			--metrics "$(echo $headline | tr ' ' ,)" "$dir/raw.txt"
		if [ "$metrics" != "$headline" ]; then
			echo
			echo "## All metrics"
			echo
			python3 "$TOP/scripts/stats.py" table --group "$group" --baseline "$baseline" \
				--metrics "$(echo $metrics | tr ' ' ,)" "$dir/raw.txt"
		fi
		if [ -s "$dir/failed.txt" ]; then
			echo
			echo "## Failed boots"
			echo
			echo "Booted once more; the tables hold the second boot only."
			echo
			sed 's/^/- /' "$dir/failed.txt"
		fi
		echo
		echo "Raw data: raw.txt, raw.csv; plots: $(cd "$dir" && ls *.png 2>/dev/null | tr '\n' ' ')"
	} > "$dir/report.md"
	note "report: ${dir#$TOP/}/report.md"
}

# One boot of kernel $1 for run $2 into $3; on failure, why in $why.
boot_one() {
	local scan
	why=
	# shellcheck disable=SC2086 # $disks: options
	ICOUNT=$icount "$TOP/scripts/run-guest.sh" -k "$(kernel_image "$1")" \
		-i "$INITRD" -j "bench-$job" -o "$3" -m "$mem" -c "$cpus" \
		-t "$timeout" $disks -a "env.RUN=$2 kunit.enable=0 $job_args" \
		> "$3.log" 2>&1 ||
		why=$(sed -n 's/^error: //p' "$3.log" | head -n 1 | grep . || echo "run-guest.sh failed")
	if [ -z "$why" ] && [ "$(cat "$3/results/rc" 2>/dev/null)" != 0 ]; then
		why="the job failed: $(tail -n 1 "$3/results/log" 2>/dev/null)"
	fi
	# a figure from a kernel that warned is not a figure: make check's scan
	if [ -z "$why" ] && ! scan=$("$TOP/scripts/console-scan.sh" "$3/console.log"); then
		why="kernel report in the console: $(echo "$scan" | head -n 1 | cut -c1-160)"
		return 1
	fi
	[ -z "$why" ] && return 0
	tail -n 20 "$3.log"
	# the first line of an oops says what it was
	why="$why$(grep -a -m 1 -o 'Oops: .*\|BUG: .*\|kernel BUG at .*\|Kernel panic - not syncing: .*' "$3/console.log" 2>/dev/null | sed 's/\r$//; s/^/, /' || true)"
	return 1
}

run_workload() {
	local w=$1 dir=$BENCH_OUT/$1 i k o n=0 total s0 t el
	workload "$w"
	rm -rf "$dir"
	mkdir -p "$dir/runs"
	: > "$dir/raw.txt"
	total=$(( runs * $(echo $kernels | wc -w) ))
	s0=$(date +%s)
	for i in $(seq 1 "$runs"); do
		for k in $kernels; do
			n=$((n + 1))
			o=$dir/runs/$k-$i
			t=$(date +%s)
			# A boot that fails (panic, timeout, job error, a kernel
			# report in the console: scripts/console-scan.sh) is kept as
			# KERNEL-N.failed, listed in the report, and booted once more;
			# a second failure of the same run ends the benchmark.
			while ! boot_one "$k" "$i" "$o"; do
				[ ! -d "$o.failed" ] ||
					die "$w: $k run $i failed twice (logs: ${o#$TOP/}.log, ${o#$TOP/}.failed.log)"
				rm -f "$o"/*.img
				mv "$o" "$o.failed"
				mv "$o.log" "$o.failed.log"
				echo "$k run $i: $why (${o#"$dir"/}.failed/console.log)" >> "$dir/failed.txt"
				note "$w: $k run $i failed: $why; booting it once more"
			done
			sed "s/\$/ kernel=$k run=$i/" "$o/results/bench.txt" >> "$dir/raw.txt"
			rm -f "$o"/*.img
			el=$(( $(date +%s) - s0 ))
			note "$w [$n/$total] $k run $i: $(( $(date +%s) - t ))s, about $(( (el * (total - n) / n + 59) / 60 )) min left${later_s:+, $(( (el * (total - n) / n + later_s + 59) / 60 )) min for all}"
		done
	done
	report
}

# make bench: the five workloads below, with each one's runs_all, and one
# report of all of them in build/bench/report.md.
ALL_WORKLOADS="burst compaction slub fastpath memcg"

# build/bench/report.md: the headline table of every workload of make bench.
report_all() {
	local w
	{
		echo "# make bench"
		echo
		echo "Command: \`$(command_line)\`, $(date -u '+%Y-%m-%d %H:%M UTC'), $(( $(date +%s) - start )) s in all (builds included)."
		echo
		host
		echo
		echo "Per workload: the headline table of build/bench/WORKLOAD/report.md"
		echo "(runs, mean, sample stddev, min, max, difference against the"
		echo "baseline, Welch's t-test: * p < 0.05, ** p < 0.01); the full"
		echo "tables, the legend, raw data and plots are there."
		for w in $ALL_WORKLOADS; do
			echo
			echo "## $w"
			echo
			echo "- $(sed -n 's/^Command: .*, \([0-9]* runs per kernel\), interleaved\./\1/p' "$BENCH_OUT/$w/report.md"), $(sed -n "s/^$w: //p" "$BENCH_OUT/times.txt")"
			grep -E '^- (QEMU|guest|kernel [^ :]*):' "$BENCH_OUT/$w/report.md"
			[ ! -s "$BENCH_OUT/$w/failed.txt" ] ||
				sed "s|^\(.*\) (\(.*\))\$|- failed boot, booted once more: \1 ($w/\2)|" "$BENCH_OUT/$w/failed.txt"
			echo
			sed -n '/^## Headline/,/^## \|^Raw data/{/^## \|^Raw data/d;p}' "$BENCH_OUT/$w/report.md" |
				sed '/./,$!d'
		done
	} > "$BENCH_OUT/report.md"
	note "report of all: ${BENCH_OUT#$TOP/}/report.md"
}

all=0
if [ "${1:-}" = --all ]; then
	all=1
	set -- $ALL_WORKLOADS
fi
[ $# -ge 1 ] || die "usage: $0 --all | WORKLOAD... (burst compaction compaction-modes compaction-budgets slub slub-wakers slub-swap fastpath memcg kswapd)"
start=$(date +%s)
# every workload is checked (and its kernels noted) before anything is built
ks=
for w in "$@"; do workload "$w"; ks="$ks $kernels"; done
kernels=$(echo $ks | tr ' ' '\n' | sort -u)
for k in $kernels; do
	case $k in
	base|patched) ;;
	*) [ -f "$(kernel_image "$k")" ] ||
		die "kernel '$k': no image $(kernel_image "$k") (KERNELS names base, patched or an image you put in build/alt/)" ;;
	esac
done
"$TOP/scripts/deps.sh" bench
"$TOP/scripts/tree.sh"
build_kernels
mkdir -p "$BENCH_OUT"
[ "$all" = 1 ] && : > "$BENCH_OUT/times.txt" && rm -f "$BENCH_OUT/report.md"
# make bench: after each workload, the ones left take runs x kernels x
# boot_s (an estimate; the workload running is timed as it goes).
declare -A est
for w in "$@"; do workload "$w"; est[$w]=$(( runs * $(echo $kernels | wc -w) * boot_s )); done
[ "$all" = 1 ] && note "make bench: about $(( ($(IFS=+; echo "${est[*]}")) / 60 )) min for the runs"
# The workloads done so far correct the estimate of the ones left: the
# boot times differ several-fold between machines.
later_s= est_done=0 took_done=0
for w in "$@"; do
	t=$(date +%s)
	if [ "$all" = 1 ]; then
		later_s=0
		for v in $(echo "$@" | sed "s/.*\b$w\b//"); do later_s=$((later_s + est[$v])); done
		[ "$est_done" = 0 ] || later_s=$((later_s * took_done / est_done))
	fi
	run_workload "$w"
	est_done=$((est_done + est[$w])) took_done=$((took_done + $(date +%s) - t))
	[ "$all" = 1 ] && echo "$w: $(( ($(date +%s) - t + 30) / 60 )) min" >> "$BENCH_OUT/times.txt"
done
[ "$all" = 1 ] && report_all
exit 0
