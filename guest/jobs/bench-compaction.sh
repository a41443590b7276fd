#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-compaction, guest side: one boot = one run of the usemem
# replay (selftests/mm/compaction_budget, bench mode) with THP defrag
# "always" and "never", in an order that rotates with the run number.
# Each run fragments memory (1 page in 8 of 60% of free memory stays,
# mlocked), then writes three quarters of free memory + swap.  Lines
# "compaction defrag=... key=value" go to $RESULTS/bench.txt.
#
# COMPACTION_DEFRAG (default "always never"), COMPACTION_ARGS (more
# options, e.g. "-u 40"), RUN (the run number).
# COMPACTION_BUDGETS (e.g. "0 4000 16000"): instead, defrag=always with
# vm.compaction_async_budget_us at each of these values, rotating.
. /jobs/common.sh

if [ -n "${COMPACTION_BUDGETS:-}" ]; then
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
	/kselftest/mm/compaction_budget -B $opt "$v" ${COMPACTION_ARGS:-} > /tmp/out ||
		{ cat /tmp/out; exit 1; }
	cat /tmp/out
	grep '^compaction ' /tmp/out >> "$RESULTS/bench.txt"
done
show_vmstat
