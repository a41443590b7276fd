#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make checkpatch: scripts/checkpatch.pl --strict on every patch in the
# series.  Prints one "PASS|FAIL checkpatch: <patch>" line per patch on
# stdout, the checkpatch reports on stderr; exit 1 if any patch fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -x "$TREE/scripts/checkpatch.pl" ] || die "no $TREE: run 'make tree' first"
rc=0
for p in $(series_patches); do
	if out=$(cd "$TREE" && scripts/checkpatch.pl --strict -q \
			"$PATCHES/$p" 2>&1) && [ -z "$out" ]; then
		echo "PASS checkpatch: $p"
	else
		echo "$out" >&2
		echo "FAIL checkpatch: $p"
		rc=1
	fi
done
exit $rc
