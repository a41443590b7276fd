#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check, guest side: the kselftests.  KUnit already ran at boot (its
# KTAP is in the console log, read on the host).
#
# KSFT_MM: the run_vmtests.sh categories to run (upstream's own mm tests
# that finish in minutes under TCG, then the series' own).
. /jobs/common.sh

KSFT_MM=${KSFT_MM:-"extra_free mmap compaction slab mlock mremap madv_populate mkdirty soft_dirty thp pagemap cow"}

echo "== kernel $(uname -r)"
swap_on
# the burst replay of extra_free needs a disk for its page cache writers
scratch_mount /mnt/scratch && export EXTRA_FREE_BURST_DIR=/mnt/scratch
show_watermarks
echo "== kselftest mm: $KSFT_MM"
cd /kselftest
{ VM_SELFTEST_ITEMS="$KSFT_MM" ./run_kselftest.sh -o 1500 -t mm:run_vmtests.sh
  echo $? > /tmp/ksft.rc; } 2>&1 | tee "$RESULTS/kselftest.tap"
rc=$(cat /tmp/ksft.rc)
echo "== /proc/vmstat highlights after the tests"
show_vmstat
exit $rc
