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
# vm.compaction_async_budget_us at each of these values, rotating.
# COMPACTION_SETTINGS (e.g. "always:0 always:4000 defer never:0"): instead,
# each DEFRAG[:BUDGET_US] in turn, rotating.
# COMPACTION_BUDGET: the budget for COMPACTION_DEFRAG's runs, on kernels
# that have the knob (base kernels run without).
. /jobs/common.sh

knob=/proc/sys/vm/compaction_async_budget_us
if [ -n "${COMPACTION_SETTINGS:-}" ]; then
	set -- $COMPACTION_SETTINGS
	opt=settings
elif [ -n "${COMPACTION_BUDGETS:-}" ]; then
	set -- $COMPACTION_BUDGETS
	opt=-b
else
	set -- ${COMPACTION_DEFRAG:-always never}
	opt=-D
fi
set -- $(rotate "${RUN:-1}" "$@")

swap_on
echo "== run ${RUN:-1}: in this order: $opt $*"
: > "$RESULTS/bench.txt"
for v in "$@"; do
	case $opt in
	settings)
		args="-D ${v%%:*}"
		case $v in *:*) args="$args -b ${v#*:}" ;; esac ;;
	-D)
		args="-D $v"
		if [ -n "${COMPACTION_BUDGET:-}" ] && [ -w $knob ]; then
			args="$args -b $COMPACTION_BUDGET"
		fi ;;
	*)	args="$opt $v" ;;
	esac
	compaction_replay -B $args ${COMPACTION_ARGS:-} > /tmp/out ||
		{ cat /tmp/out; exit 1; }
	cat /tmp/out
	grep '^compaction ' /tmp/out >> "$RESULTS/bench.txt"
done
bench_end
