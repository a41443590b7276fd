#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# One mm selftest or replay, for a closer look: TEST (a program in
# tools/testing/selftests/mm, e.g. compaction_budget_split, or one of
# guest/src, e.g. compaction_replay), ARGS (its options, commas for
# spaces), REPEAT (how many times, default 1).
# TAP in $RESULTS/one.tap.
. /jobs/common.sh

[ -n "${TEST:-}" ] || { echo "one.sh: set env.TEST"; exit 2; }
swap_on
scratch_mount /mnt/scratch && export EXTRA_FREE_BURST_DIR=/mnt/scratch
cd /kselftest/mm || exit 2
echo 0 > /tmp/one.rc
i=0
while [ $i -lt "${REPEAT:-1}" ]; do
	i=$((i + 1))
	echo "== $TEST ${ARGS:-} ($i of ${REPEAT:-1})"
	if [ -x "./$TEST" ]; then ./"$TEST" ${ARGS:-}; else "$TEST" ${ARGS:-}; fi ||
		echo $? > /tmp/one.rc
done 2>&1 | tee -a "$RESULTS/one.tap"
exit "$(cat /tmp/one.rc)"
