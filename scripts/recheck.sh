#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Re-parse a finished make check without booting anything: the guests'
# consoles and TAP files in CHECK_DIR give their result lines again
# (KUnit, kselftests, replays, stress, console scan), with the parsers,
# scan and allowlist as they are now; the host steps' lines are kept as
# they were.  Writes CHECK_DIR/results.recheck.txt and ends, like make
# check, with "N passed, N failed" (exit 1 if anything failed).
#
# Usage: scripts/recheck.sh [CHECK_DIR]   (default build/$BASE/check)
set -uo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:-$BUILD/check}
[ -f "$dir/results.txt" ] || die "$dir/results.txt not found: not a make check directory"
res=$dir/results.recheck.txt
result() { echo "$1 $2" | tee -a "$res"; }
. "$TOP/scripts/guest-results.sh"

grep -vE "$GUEST_RESULT_LINES" "$dir/results.txt" > "$res"
check_guest_results "$dir/guest"
[ -d "$dir/numa" ] && numa_guest_results "$dir/numa"
[ -d "$dir/pagemap" ] && pagemap_guest_results "$dir/pagemap"
echo "== summary (${res#$TOP/})"
python3 "$TOP/scripts/results.py" summary "$res"
