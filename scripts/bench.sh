#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench[-WORKLOAD]: build the kernels, boot them under QEMU RUNS times
# each (interleaved: run 1 of every kernel, then run 2, ...), collect the
# guest's "WORKLOAD key=value ..." lines and write a report.
#
# Usage: scripts/bench.sh WORKLOAD...     (burst)
#
# Environment: RUNS (default per workload), QUICK=1 (3 runs, smaller
# sizes: to try the harness, not for numbers), BENCH_OUT (default
# build/bench), ACCEL / ICOUNT as for run-guest.sh.
#
# Per workload, in build/bench/WORKLOAD/: raw.txt (every guest line with
# kernel= and run=), raw.csv, report.md (the tables, the machine, the
# command), *.png (gnuplot), runs/KERNEL-RUN/ (console and results).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

BENCH_OUT=${BENCH_OUT:-$BUILD/bench}
INITRD=$BUILD/initramfs.cpio.gz

# Per workload: the kernels to compare, the default number of runs, the
# guest size, the job's parameters, the grouping of the report and its
# metrics.  The burst replay needs the knob, so it runs on the patched
# kernel only; its settings (knob off, knob = burst, the
# watermark_scale_factor peer) are the groups.
workload() {
	case $1 in
	burst)
		kernels="patched" runs=10 mem=2G cpus=2 disk=6G timeout=900
		job_args="env.BURST_SETTINGS=off,extra,wsf"
		[ "${QUICK:-0}" = 1 ] && job_args="$job_args env.BURST_ARGS=-b,64"
		group=setting baseline=off
		metrics="allocstall pgscan_direct pgsteal_direct stall_us stall_self_us stalls_self
file_kb free_kb pgsteal_kswapd pgscan_kswapd secs p50_us p99_us p999_us max_us"
		cdf=yes ;;
	*) die "unknown workload '$1' (known: burst)" ;;
	esac
	[ "${QUICK:-0}" = 1 ] && runs=3
	runs=${RUNS:-$runs}
	[ "$runs" -ge 1 ] 2>/dev/null || die "RUNS must be a positive number"
}

kernel_image() { # base|patched
	case $1 in
	patched) echo "$BUILD/obj/arch/x86/boot/bzImage" ;;
	base) echo "$BUILD/obj-base/arch/x86/boot/bzImage" ;;
	esac
}

build_kernels() {
	local k need_base=0
	for k in $kernels; do [ "$k" = base ] && need_base=1; done
	"$TOP/scripts/build-kernel.sh" "$TREE" "$BUILD/obj" "$TOP/config/test.config"
	if [ $need_base = 1 ]; then
		# the base commit, checked out next to the patched tree
		if [ ! -d "$BUILD/linux-base" ]; then
			git -C "$TREE" worktree add -f --detach "$BUILD/linux-base" base >/dev/null
		fi
		git -C "$BUILD/linux-base" checkout -q --detach base
		"$TOP/scripts/build-kernel.sh" "$BUILD/linux-base" "$BUILD/obj-base" \
			"$TOP/config/test.config"
	fi
	"$TOP/scripts/build-selftests.sh" "$TREE" "$BUILD/obj" "$BUILD/kselftest"
	"$TOP/scripts/mkinitramfs.sh" "$INITRD" "$BUILD/kselftest"
}

machine() {
	echo "- host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB"
	echo "- QEMU: $(qemu-system-x86_64 --version | head -1), ${ICOUNT:+icount, }accel ${ACCEL:-tcg,thread=multi}"
	echo "- guest: $mem, $cpus vCPUs, $(cat "$dir"/runs/*/console.log | grep -m1 -o 'Linux version [^ ]*')"
	echo "- $(git -C "$TREE" log -1 --format=%s base)"
	echo "- series: $(series_patches | wc -l) patches ($(git -C "$TOP" describe --always --dirty))"
}

plots() {
	local s files=()
	command -v gnuplot >/dev/null || { note "no gnuplot: no plots"; return 0; }
	[ "$cdf" = yes ] || return 0
	for s in $(awk -v g="$group" '{for (i = 2; i <= NF; i++) if (index($i, g "=") == 1) print substr($i, length(g) + 2)}' "$dir/raw.txt" | sort -u); do
		cat "$dir"/runs/*/results/cdf."$s" > "$dir/cdf.$s" 2>/dev/null || continue
		files+=("'$dir/cdf.$s' using (\$1/1000):2 with lines title '$s'")
	done
	[ ${#files[@]} -gt 0 ] || return 0
	local IFS=,
	gnuplot <<-EOF
	set terminal pngcairo size 900,600
	set output '$dir/latency-cdf.png'
	set title 'fault latency of the burst, all runs'
	set logscale x
	set xlabel 'latency (us)'
	set ylabel 'fraction of faults'
	set key bottom right
	set grid
	plot ${files[*]}
	EOF
}

report() {
	python3 "$TOP/scripts/stats.py" csv "$dir/raw.txt" > "$dir/raw.csv"
	plots
	{
		echo "# make bench: $w"
		echo
		echo "Command: \`make bench-$w${RUNS:+ RUNS=$RUNS}${QUICK:+ QUICK=$QUICK}\`, $(date -u '+%Y-%m-%d %H:%M UTC'), $runs runs per kernel, interleaved."
		echo
		machine
		echo
		echo "Per metric and $group: runs, mean, sample stddev, min, max; the"
		echo "difference of the mean against $group=$baseline and the two-sided"
		echo "p-value of Welch's t-test (* p < 0.05, ** p < 0.01)."
		echo
		python3 "$TOP/scripts/stats.py" table --group "$group" --baseline "$baseline" \
			--metrics "$(echo $metrics | tr ' ' ,)" "$dir/raw.txt"
		echo
		echo "Raw data: raw.txt, raw.csv; plots: $(cd "$dir" && ls *.png 2>/dev/null | tr '\n' ' ')"
	} > "$dir/report.md"
	note "report: ${dir#$TOP/}/report.md"
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
			"$TOP/scripts/run-guest.sh" -k "$(kernel_image "$k")" -i "$INITRD" \
				-j "bench-$w" -o "$o" -m "$mem" -c "$cpus" -t "$timeout" \
				-s "$disk" -w 1G -a "env.RUN=$i kunit.enable=0 $job_args" \
				> "$o.log" 2>&1 ||
				{ tail -n 40 "$o.log"; die "$w: $k run $i failed (log: ${o#$TOP/}.log)"; }
			[ "$(cat "$o/results/rc")" = 0 ] ||
				{ tail -n 20 "$o/results/log"; die "$w: $k run $i: the job failed"; }
			sed "s/\$/ kernel=$k run=$i/" "$o/results/bench.txt" >> "$dir/raw.txt"
			rm -f "$o"/*.img
			el=$(( $(date +%s) - s0 ))
			note "$w [$n/$total] $k run $i: $(( $(date +%s) - t ))s, about $(( el * (total - n) / n / 60 + 1 )) min left"
		done
	done
	report
}

[ $# -ge 1 ] || die "usage: $0 WORKLOAD... (burst)"
for w in "$@"; do workload "$w"; done
"$TOP/scripts/deps.sh" bench
"$TOP/scripts/tree.sh"
kernels=
all=
for w in "$@"; do workload "$w"; all="$all $kernels"; done
kernels=$(echo $all | tr ' ' '\n' | sort -u)
build_kernels
for w in "$@"; do run_workload "$w"; done
