#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# guest/jobs/common.sh's balanced, under busybox sh as in the guest: over
# K runs (2K for odd K) every order is a permutation of the words, every
# word comes first equally often, and every ordered pair of neighbours
# appears equally often; rotate, which it replaced, fails the last.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
sh=$(command -v busybox >/dev/null && echo "busybox sh" || echo sh)

check() { # FUNCTION RUNS WORD...: the orders of runs 1..RUNS balanced?
	local fn=$1 runs=$2
	shift 2
	$sh -c '. "$1/guest/jobs/common.sh"; fn=$2 runs=$3; shift 3
		i=1; while [ $i -le $runs ]; do $fn $i "$@"; i=$((i + 1)); done' \
		- "$top" "$fn" "$runs" "$@" |
	awk -v words="$*" 'BEGIN { k = split(words, w, " ") }
		{ if (NF != k) bad = bad " run " NR ": " NF " words"
		  delete seen
		  for (i = 1; i <= NF; i++) seen[$i]++
		  for (i = 1; i <= k; i++) if (seen[w[i]] != 1) bad = bad " run " NR ": not a permutation"
		  first[$1]++
		  for (i = 1; i < NF; i++) pair[$i ">" $(i + 1)]++ }
		END { for (i = 1; i <= k; i++) {
			if (first[w[i]] != first[w[1]]) bad = bad " first " w[i]
			for (j = 1; j <= k; j++) if (i != j && pair[w[i] ">" w[j]] != pair[w[1] ">" w[2]])
				bad = bad " pair " w[i] ">" w[j] "=" pair[w[i] ">" w[j]] + 0 }
		  if (bad) { print bad; exit 1 } }'
}

check balanced 2 x y
check balanced 6 off extra wsf
check balanced 12 off extra wsf
check balanced 4 always:0 always:4000 defer+madvise:0 never:0
check balanced 10 a b c d e
check balanced 6 a b c d e f
if check rotate 3 off extra wsf >/dev/null; then
	echo "rotate passed as balanced: the test cannot fail" >&2
	exit 1
fi
echo "balanced: ok"
