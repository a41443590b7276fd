#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench[-WORKLOAD]: build the kernels, boot them under QEMU RUNS times
# each (interleaved: run 1 of every kernel, then run 2, ...), collect the
# guest's "WORKLOAD key=value ..." lines and write a report.
#
# Usage: scripts/bench.sh --all         (make bench: burst compaction slub
#                                        fastpath memcg, fewer runs each,
#                                        plus build/$BASE/bench/report.md)
#        scripts/bench.sh WORKLOAD...   (make bench-WORKLOAD: any file of
#                                        config/bench/, e.g. slub-swap)
#
# Environment: RUNS (default per workload), QUICK=1 (3 runs, smaller
# sizes: to try the harness, not for numbers), RESUME=1 (keep the boots
# an interrupted run of the same workload finished, boot the rest), BENCH_OUT (default
# build/$BASE/bench), ACCEL / ICOUNT as for run-guest.sh, KERNELS (the kernels
# to compare instead of the workload's; a name other than base and
# patched is a variant, the series plus results/variants/$BASE/NAME.patch,
# built by scripts/build-variant.sh, or a kernel you built yourself,
# build/$BASE/alt/NAME.bzImage: KERNELS="base kswapd patched").
#
# Per workload, in build/$BASE/bench/WORKLOAD/: raw.txt (every guest line with
# kernel= and run=), raw.csv, report.md (the tables, the machine, the
# command), *.png (gnuplot), runs/KERNEL-RUN/ (console and results).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ "$ARCH" = x86_64 ] || die "make bench builds and boots x86_64 only (ARCH=$ARCH; arm64 has make check ARCH=arm64)"

BENCH_OUT=${BENCH_OUT:-$BUILD/bench}
INITRD=$BUILD/initramfs.cpio.gz

# A workload is a file in config/bench/ (sourced here): the kernels to
# compare, the default number of runs (and in make bench: runs_all), the
# seconds a boot takes here (boot_s, for the first estimate of the time
# left), the guest's size and disks, the guest job (guest/jobs/bench-JOB.sh)
# and its parameters (quick_args added with QUICK=1), the grouping of the
# report and its metrics, (targets, optional) "METRIC:GROUP:X" targets of
# X times lower than the baseline, counted per run, and (bases) the series
# it needs when not every one, (kernels_6_12, kernels_7_2, optional) the
# kernels on that base instead; config/bench/NAME.md (or LEGEND.md) is the
# report's legend.  Adding a workload is a new pair of files there.
BENCH_CONF=$TOP/config/bench
known_workloads() {
	local f
	for f in "$BENCH_CONF"/*; do
		# NAME.md is a legend; editor backups and dotted names are not workloads
		case ${f##*/} in *.*|*~) ;; *) printf '%s ' "${f##*/}" ;; esac
	done
}
workload() {
	local f=$BENCH_CONF/$1 v
	case $1 in *.*|*~|*/*|'') f= ;; esac
	[ -n "$f" ] && [ -f "$f" ] ||
		die "unknown workload '$1' (known: $(known_workloads)); a workload is a file in config/bench/"
	kernels= runs= runs_all= boot_s= mem= cpus= disks= timeout= icount=0 bases=
	job= job_args= quick_args= plot= group= baseline= headline= metrics=
	cdf=no legend_file=$1 targets=
	local per_base=kernels_${BASE//./_}
	unset "$per_base"
	. "$f"
	# kernels_6_12=, kernels_7_2=: the kernels on that base, when they
	# differ (a change one series left out is a variant there)
	[ -z "${!per_base:-}" ] || kernels=${!per_base}
	for v in kernels runs boot_s mem cpus timeout job plot group baseline headline metrics; do
		[ -n "${!v}" ] || die "config/bench/$1 does not set $v"
	done
	# bases: the series it needs, when not every one (e.g. a knob that
	# only the newer kernel has)
	[ -z "$bases" ] || [ "${listing:-0}" = 1 ] || [[ " $bases " == *" $BASE "* ]] ||
		die "config/bench/$1 runs on BASE=${bases// / or BASE=}, not $BASE"
	[ -f "$BENCH_CONF/$legend_file.md" ] ||
		die "config/bench/$legend_file.md, the legend of $1, is missing"
	[ -f "$TOP/guest/jobs/bench-$job.sh" ] ||
		die "config/bench/$1: no guest job guest/jobs/bench-$job.sh"
	[ "${QUICK:-0}" = 1 ] && job_args="${job_args:+$job_args }$quick_args"
	kernels=${KERNELS:-$kernels}
	# make bench (--all): fewer runs, so that all five fit in about 70 min
	[ "$all" = 1 ] && runs=${runs_all:-$runs}
	[ "${QUICK:-0}" = 1 ] && runs=3
	runs=${RUNS:-$runs}
	[ "$runs" -ge 1 ] 2>/dev/null || die "RUNS must be a positive number"
}

# A variant's patch (scripts/build-variant.sh): the series plus this file.
variant_patch() { echo "$TOP/results/variants/$BASE/$1.patch"; }

kernel_image() { # base|patched|NAME
	case $1 in
	patched) echo "$BUILD/obj/$KIMAGE" ;;
	base) echo "$BUILD/base/obj/$KIMAGE" ;;
	*) echo "$BUILD/alt/$1.bzImage" ;;
	esac
}

build_kernels() {
	local k need_base=0
	for k in $kernels; do [ "$k" = base ] && need_base=1; done
	"$TOP/scripts/build-kernel.sh" "$TREE" "$BUILD/obj" "$TOP/config/test.config"
	for k in $kernels; do
		[ ! -f "$(variant_patch "$k")" ] || "$TOP/scripts/build-variant.sh" "$k"
	done
	if [ $need_base = 1 ]; then
		# The base commit in a worktree.  $BUILD/base/{linux,obj} has the
		# layout of $BUILD/{linux,obj}, so that ccache (base dir $TOP) sees
		# the same relative paths and only the files the series changes
		# are compiled again.
		# (A worktree of an earlier $BUILD/linux is dropped first.)
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
	echo "- series: $(series_patches | wc -l) patches$([ ! -d "$FIXES" ] || echo " + $(series_patches "$FIXES" | wc -l) fix(es) posted apart") ($(git -C "$TOP" describe --always --dirty))"
}

machine() {
	host
	if [ "$icount" = 1 ]; then
		echo "- QEMU: $("$QEMU" --version | head -1), single-threaded TCG, -icount shift=0,sleep=off"
	else
		echo "- QEMU: $("$QEMU" --version | head -1), accel ${ACCEL:-tcg,thread=multi}"
	fi
	local k
	echo "- guest: $mem, $cpus vCPUs"
	for k in $kernels; do
		echo "- kernel $k: $(cat "$dir"/runs/"$k"-*/console.log | grep -m1 -o 'Linux version [^ ]*')"
	done
}

plots() {
	local s i n f files=()
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
		# the boots that counted, not the KERNEL-N.failed ones
		: > "$dir/cdf.$s"
		for f in "$dir"/runs/*/results/cdf."$s"; do
			case $f in *.failed/*) ;; *) [ ! -f "$f" ] || cat "$f" >> "$dir/cdf.$s" ;; esac
		done
		[ -s "$dir/cdf.$s" ] || { rm -f "$dir/cdf.$s"; continue; }
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

legend() { cat "$BENCH_CONF/$legend_file.md"; }

# The make command that reproduces a report (of workload $1, or of all).
command_line() {
	local target=bench
	[ "$all" = 1 ] || target=bench-$1
	echo "${KERNELS:+KERNELS=\"$KERNELS\" }make $target BASE=$BASE${RUNS:+ RUNS=$RUNS}${QUICK:+ QUICK=$QUICK}"
}

report() {
	python3 "$TOP/scripts/stats.py" csv "$dir/raw.txt" > "$dir/raw.csv"
	plots || note "$w: the plots failed (gnuplot); the tables follow"
	{
		echo "# make bench: $w"
		echo
		if [ -n "${report_head:-}" ]; then
			echo "$report_head"
		else
			echo "Command: \`$(command_line "$w")\`, $(date -u '+%Y-%m-%d %H:%M UTC'), $runs runs per kernel, interleaved."
			echo
			machine
		fi
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
		if [ -n "$targets" ]; then
			echo
			echo "## Targets"
			echo
			echo "Per run (one boot): the baseline's value divided by the group's;"
			echo "a target \"Xx\" asks for a value at least X times lower than $baseline."
			echo
			python3 "$TOP/scripts/stats.py" ratios --group "$group" --baseline "$baseline" \
				--targets "$(echo $targets | tr ' ' ,)" "$dir/raw.txt"
		fi
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

# Why a finished boot in RUNDIR does not count, "" if it does: its job
# failed, or its console has a kernel report (make check's scan: a figure
# from a kernel that warned is not a figure).  Used after a boot and by
# --report.
job_failed() { # RUNDIR
	[ "$(cat "$1/results/rc" 2>/dev/null)" = 0 ] ||
		echo "the job failed: $(tail -n 1 "$1/results/log" 2>/dev/null)"
}
console_bad() { # RUNDIR
	local scan
	scan=$("$TOP/scripts/console-scan.sh" "$1/console.log") ||
		echo "kernel report in the console: $(echo "$scan" | head -n 1 | cut -c1-160)"
}
# A run's bench lines, tagged with its kernel and run number.
run_lines() { # KERNEL RUN RUNDIR
	sed "s/\$/ kernel=$1 run=$2/" "$3/results/bench.txt"
}

# One boot of kernel $1 for run $2 into $3; on failure, why in $why.
boot_one() {
	why=
	# shellcheck disable=SC2086 # $disks: options
	ICOUNT=$icount "$TOP/scripts/run-guest.sh" -k "$(kernel_image "$1")" \
		-i "$INITRD" -j "bench-$job" -o "$3" -m "$mem" -c "$cpus" \
		-t "$timeout" $disks -a "env.RUN=$2 kunit.enable=0 $job_args" \
		> "$3.log" 2>&1 ||
		why=$(sed -n 's/^error: //p' "$3.log" | head -n 1 | grep . || echo "run-guest.sh failed")
	[ -n "$why" ] || why=$(job_failed "$3")
	if [ -z "$why" ]; then
		why=$(console_bad "$3")
		[ -z "$why" ] || return 1
	fi
	[ -z "$why" ] && return 0
	tail -n 20 "$3.log"
	# the first line of an oops says what it was
	why="$why$(grep -a -m 1 -o 'Oops: .*\|BUG: .*\|kernel BUG at .*\|Kernel panic - not syncing: .*' "$3/console.log" 2>/dev/null | sed 's/\r$//; s/^/, /' || true)"
	return 1
}

run_workload() {
	local w=$1 dir=$BENCH_OUT/$1 i k o n=0 total s0 t el kept
	workload "$w"
	[ "${RESUME:-0}" = 1 ] || rm -rf "$dir"
	mkdir -p "$dir/runs"
	: > "$dir/raw.txt"
	total=$(( runs * $(echo $kernels | wc -w) ))
	s0=$(date +%s) kept=0
	for i in $(seq 1 "$runs"); do
		for k in $kernels; do
			n=$((n + 1))
			o=$dir/runs/$k-$i
			t=$(date +%s)
			# RESUME=1: a boot that finished and counts is kept
			if [ "${RESUME:-0}" = 1 ] && [ -s "$o/results/bench.txt" ] &&
			   [ -z "$(job_failed "$o")" ] && [ -z "$(console_bad "$o")" ]; then
				run_lines "$k" "$i" "$o" >> "$dir/raw.txt"
				note "$w [$n/$total] $k run $i: kept from the interrupted run"
				kept=$((kept + 1))
				continue
			fi
			rm -rf "$o" "$o.failed"
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
			run_lines "$k" "$i" "$o" >> "$dir/raw.txt"
			el=$(( $(date +%s) - s0 ))
			note "$w [$n/$total] $k run $i: $(( $(date +%s) - t ))s, about $(( (el * (total - n) / (n - kept) + 59) / 60 )) min left${later_s:+, $(( (el * (total - n) / (n - kept) + later_s + 59) / 60 )) min for all}"
		done
	done
	report
}

# make bench: the five workloads below, with each one's runs_all, and one
# report of all of them in build/$BASE/bench/report.md.
ALL_WORKLOADS="burst compaction slub fastpath memcg"

# build/$BASE/bench/report.md: the headline table of every workload of make bench.
report_all() {
	local w
	{
		echo "# make bench"
		echo
		echo "Command: \`$(command_line)\`, $(date -u '+%Y-%m-%d %H:%M UTC'), $(( $(date +%s) - start )) s in all (builds included)."
		echo
		host
		echo
		echo "Per workload: the headline table of build/$BASE/bench/WORKLOAD/report.md"
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

# --report DIR...: re-make finished reports without booting.  raw.txt
# again from DIR/runs/KERNEL-N/results/bench.txt where the runs are kept
# (each console scanned again; a run that fails the scan now is left out
# and listed), else from raw.txt, or from raw.csv for a set that kept
# only that; then raw.csv, the plots and report.md, with the statistics,
# legend and scan as they are now.  The workload is the one named in
# DIR/report.md's title (else DIR's name); the command, date and
# machine lines of the old report are kept, the re-making is noted.
remake() {
	local d=$1 old k f bad
	dir=$(cd "$d" && pwd) w=
	[ -f "$dir/report.md" ] && w=$(sed -n '1s/^# make bench: //p' "$dir/report.md")
	w=${w:-${dir##*/}}
	workload "$w"
	from=raw.txt
	left=
	if ls "$dir"/runs/*/results/bench.txt > /dev/null 2>&1; then
		from=runs/
		: > "$dir/raw.txt.new"
		for f in "$dir"/runs/*/results/bench.txt; do
			k=${f%/results/bench.txt}
			k=${k##*/}
			# a boot that failed was kept as KERNEL-N.failed and
			# booted once more: only the boot that counted
			case $k in *.failed) continue ;; esac
			bad=$(job_failed "$dir/runs/$k")
			[ -n "$bad" ] || bad=$(console_bad "$dir/runs/$k")
			if [ -n "$bad" ]; then
				left="$left
- $k: $bad"
				continue
			fi
			run_lines "${k%-*}" "${k##*-}" "$dir/runs/$k" >> "$dir/raw.txt.new"
		done
		[ -s "$dir/raw.txt.new" ] || die "$dir: no run of runs/ is left"
		mv "$dir/raw.txt.new" "$dir/raw.txt"
		[ -z "$left" ] || echo "left out:$left" >&2
	elif [ ! -s "$dir/raw.txt" ] && [ -s "$dir/raw.csv" ]; then
		python3 - "$dir/raw.csv" > "$dir/raw.txt" <<-'PY'
		import csv, sys
		for r in csv.DictReader(open(sys.argv[1])):
		    w = r.pop('workload')
		    print(' '.join([w] + [f'{k}={v}' for k, v in r.items() if v != '']))
		PY
	fi
	[ -s "$dir/raw.txt" ] || die "$dir: no runs/, raw.txt or raw.csv"
	kernels=$(sed -n 's/.* kernel=\([^ ]*\).*/\1/p' "$dir/raw.txt" | awk '!seen[$0]++' | tr '\n' ' ')
	runs=$(sed -n 's/.* run=\([0-9]*\).*/\1/p' "$dir/raw.txt" | sort -n | tail -n 1)
	# the old header (command, date, machine, earlier re-makes), this one
	old=
	[ -f "$dir/report.md" ] && old=$(sed -n '/^Command: /,/^Per metric/p' "$dir/report.md" | sed '$d')
	report_head="${old:-(the command and machine of this set were not recorded)}
- re-made with \`scripts/bench.sh --report\` on $(date -u '+%Y-%m-%d %H:%M UTC') from $from${left:+; runs left out:}$left"
	report
	report_head=
}
# --list: every workload of config/bench/ checked (as a run would) and
# named with its title.
if [ "${1:-}" = --list ]; then
	all=0 listing=1
	for w in $(known_workloads); do
		workload "$w"
		printf '%-20s %s%s\n' "$w" "$(sed -n '1s/^# //p' "$BENCH_CONF/$w")" \
			"${bases:+ (BASE=${bases// / or BASE=} only)}"
	done
	exit 0
fi
if [ "${1:-}" = --report ]; then
	shift
	[ $# -ge 1 ] || die "usage: $0 --report DIR..."
	all=0
	for d in "$@"; do remake "$d"; done
	exit 0
fi

all=0
if [ "${1:-}" = --all ]; then
	all=1
	set -- $ALL_WORKLOADS
fi
[ $# -ge 1 ] || die "usage: $0 --all | WORKLOAD... ($(known_workloads))"
start=$(date +%s)
# every workload is checked (and its kernels noted) before anything is built
ks=
for w in "$@"; do workload "$w"; ks="$ks $kernels"; wl_jobs="${wl_jobs:-} $job"; done
# Redis goes into the initramfs only for bench-redis: its 10 MB would
# take guest memory from every other workload
[[ " $wl_jobs " == *" redis "* ]] && export INITRAMFS_REDIS=1
kernels=$(echo $ks | tr ' ' '\n' | sort -u)
for k in $kernels; do
	case $k in
	base|patched) ;;
	*) [ -f "$(variant_patch "$k")" ] || [ -f "$(kernel_image "$k")" ] ||
		die "kernel '$k': no results/variants/$BASE/$k.patch and no image $(kernel_image "$k") (KERNELS names base, patched, a variant or an image you put in ${BUILD#$TOP/}/alt/)" ;;
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
