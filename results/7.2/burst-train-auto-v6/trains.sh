#!/bin/sh
# One row per boot and setting from the "train" lines of raw bench output
# (partial/run-N.txt, or a bench's raw.txt): later-burst stalls, whether
# none stalled, first-burst and after-quiet stalls, free and cached MB at
# the end of the quiet, kswapd CPU s, the later bursts' worst fault (ms).
# The figures are the harness's.  Usage: trains.sh FILE...
set -eu
echo "| boot | setting | later stalls | clean | first stalls | after-quiet stalls | quiet free MB | cache MB | kswapd s | worst ms |"
echo "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|"
for f in "$@"; do
	r=$(echo "$f" | sed -n 's/.*run-\([0-9]*\)\.txt$/\1/p')
	grep -h '^train ' "$f" | awk -v r="${r:-?}" '{
		for (i = 1; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
		printf "| %s | %s | %s | %s | %s | %s | %.0f | %.0f | %.1f | %.1f |\n", r, v["setting"],
			v["later_allocstall"], v["later_clean"], v["first_allocstall"], v["quiet_allocstall"],
			v["quiet_free_kb"] / 1024, v["quiet_file_kb"] / 1024, v["kswapd_ms"] / 1000,
			v["later_max_us"] / 1000
	}'
done
