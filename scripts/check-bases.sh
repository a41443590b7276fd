#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check without BASE: scripts/check.sh for each series in turn
# (default: 6.12, then 7.2), each in build/BASE/check, then one summary of
# all of them; the last line is "N passed, N failed" over every base.  A
# base that fails does not stop the next one.
#
# Usage: scripts/check-bases.sh [BASE...]
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)

[ $# -gt 0 ] || set -- 6.12 7.2
# they name one base's folders: every base would share them
for v in BUILD TREE PATCHES; do
	[ -z "${!v:-}" ] || { echo "error: $v is set; it names one base's folder: make check BASE=... with it" >&2; exit 1; }
done
files=() t0=$(date +%s)
for b in "$@"; do
	[ -r "$TOP/config/base-$b" ] || { echo "error: no config/base-$b" >&2; exit 1; }
	# check.sh's folder for this kind of run (lib.sh)
	r=$(BASE=$b; . "$TOP/scripts/lib.sh" && check_out) &&
		r=$(realpath -m --relative-to="$TOP" "$r/results.txt") || exit 1
	s=$(date +%s)
	echo "==== BASE=$b (${r%/results.txt})"
	# the harness's own tests once, with the first base
	BASE=$b HARNESS_TESTS=$([ ${#files[@]} = 0 ] && echo 1 || echo 0) "$TOP/scripts/check.sh"
	rc=$?
	# a check.sh that stopped without a FAIL line of its own still fails
	if [ $rc != 0 ] && ! grep -q '^FAIL ' "$TOP/$r" 2>/dev/null; then
		mkdir -p "$TOP/${r%/*}"
		echo "FAIL check: BASE=$b: scripts/check.sh exited with status $rc" >> "$TOP/$r"
	fi
	echo "==== BASE=$b: $(( $(date +%s) - s ))s"
	files+=("$r")
done
echo "==== all bases ($*): $(( $(date +%s) - t0 ))s"
cd "$TOP" && exec python3 scripts/results.py summary "${files[@]}"
