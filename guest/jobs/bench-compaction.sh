#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-compaction, guest side: one boot = one run of the usemem
# replay (guest/src/compaction_replay.c, bench mode) with THP defrag
# "always" and "never", in an order that rotates with the run number.
# Each run fragments memory (1 page in 8 of 60% of free memory stays,
# mlocked), then writes three quarters of free memory + swap.  Lines
# "compaction defrag=... key=value" go to $RESULTS/bench.txt.
#
# COMPACTION_DEFRAG (default "always never"), COMPACTION_ARGS (more
# options, e.g. "-u 40"), RUN (the run number).
# COMPACTION_BUDGETS (e.g. "0 4000 16000"): instead, defrag=always with
# vm.compaction_async_budget_us at each of these values, rotating;
# COMPACTION_SCAN_KBS the same with vm.compaction_fault_scan_kbytes (the
# 7.2 series' cap, kB).
# COMPACTION_SETTINGS (e.g. "always:0 always:4000 defer never:0"): instead,
# each DEFRAG[:BUDGET_US[:DEFRAG_MODE]] in turn, rotating, BUDGET_US
# written NkB for the cap instead (always:4096kB); DEFRAG_MODE is
# vm.defrag_mode (Linux 6.15 and later), 0 when not given.  On a kernel
# with vm.defrag_mode every line says defrag_mode=.  Every line says
# alloc_fail_reports=: the kernel's page allocation failure reports.
# COMPACTION_BUDGET: the budget for COMPACTION_DEFRAG's runs, on kernels
# that have the knob (base kernels run without); COMPACTION_SCAN_KB the
# cap for them, on kernels that have vm.compaction_fault_scan_kbytes.
# KHUGEPAGED_SCAN_MS: khugepaged's scan_sleep_millisecs for the boot, and
# a tenth of its alloc_sleep_millisecs (default: as the kernel has them),
# so that khugepaged collapses during a run (thp_collapse_alloc).
. /jobs/common.sh

dmknob=/proc/sys/vm/defrag_mode
if [ -n "${COMPACTION_SETTINGS:-}" ]; then
	set -- $COMPACTION_SETTINGS
	opt=settings
elif [ -n "${COMPACTION_BUDGETS:-}" ]; then
	set -- $COMPACTION_BUDGETS
	opt=-b
elif [ -n "${COMPACTION_SCAN_KBS:-}" ]; then
	set -- $COMPACTION_SCAN_KBS
	opt=-k
else
	set -- ${COMPACTION_DEFRAG:-always never}
	opt=-D
fi
set -- $(rotate "${RUN:-1}" "$@")

swap_on
if [ -n "${KHUGEPAGED_SCAN_MS:-}" ]; then
	k=/sys/kernel/mm/transparent_hugepage/khugepaged
	echo "$KHUGEPAGED_SCAN_MS" > $k/scan_sleep_millisecs &&
		echo $((KHUGEPAGED_SCAN_MS * 10)) > $k/alloc_sleep_millisecs ||
		{ echo "khugepaged sleep $KHUGEPAGED_SCAN_MS refused"; exit 1; }
fi
echo "== run ${RUN:-1}: in this order: $opt $*"
: > "$RESULTS/bench.txt"
for v in "$@"; do
	case $opt in
	settings)
		IFS=: read -r defrag budget dm <<-EOF
		$v
		EOF
		compaction_setting "$budget"
		args="-D $defrag${budget:+ $cset_opt $cset_val}"
		if [ -n "$dm" ] && [ ! -w $dmknob ]; then
			echo "setting $v: this kernel has no vm.defrag_mode"
			exit 1
		fi
		[ ! -w $dmknob ] || echo "${dm:-0}" > $dmknob || exit 1 ;;
	-D)
		args="-D $v"
		for b in "${COMPACTION_BUDGET:-}" "${COMPACTION_SCAN_KB:+${COMPACTION_SCAN_KB}kB}"; do
			compaction_setting "$b"
			[ -z "$b" ] || [ ! -w $cset_knob ] || args="$args $cset_opt $cset_val"
		done ;;
	*)	args="$opt $v" ;;
	esac
	f0=$(dmesg | grep -c 'page allocation failure')
	compaction_replay -B $args ${COMPACTION_ARGS:-} > /tmp/out ||
		{ cat /tmp/out; exit 1; }
	cat /tmp/out
	# the kernel's allocation failure reports during the run (warn_alloc,
	# rate-limited; config/console-allowlist says which ones a boot may
	# print)
	f=$(( $(dmesg | grep -c 'page allocation failure') - f0 ))
	extra=" alloc_fail_reports=$f"
	[ ! -r $dmknob ] || extra="$extra defrag_mode=$(cat $dmknob)"
	grep '^compaction ' /tmp/out | sed "s/\$/$extra/" >> "$RESULTS/bench.txt"
done
[ ! -w $dmknob ] || echo 0 > $dmknob
bench_end
