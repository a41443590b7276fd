#!/bin/sh
# One row per boot of a setting's train from a bench's raw.txt: for each
# burst (seq 1-9 the train, 10 after the quiet) the reserve it started with
# (MB), the allocation stalls in it, and its worst page fault (ms), as
# "reserve/stalls/worst", with the burst's size (S, M, L: MemTotal/16,
# /8, 22%) and * for the first burst of its size.
# The figures are the harness's.  Usage: bursts.sh RAW.txt [SETTING]
set -eu
s=${2:-auto}
echo "| boot | $(seq -s ' | ' 1 10) |"
echo "|--:|$(printf -- '--:|%.0s' $(seq 10))"
grep -h "^burst setting=$s " "$1" | awk '{
	for (i = 1; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	r = v["run"]; q = v["seq"]
	kb[r, q] = v["size_kb"]
	if (v["size_kb"] > big[r]) big[r] = v["size_kb"]
	cell[r, q] = sprintf("%s %.0f/%d/%.0f", v["first_of_size"] == 1 ? "*" : "",
		v["reserve_kb"] / 1024, v["allocstall"], v["max_us"] / 1000)
	if (r > n) n = r
} END {
	# the sizes are MemTotal/16, /8 and 22%: a third, a half or all of the largest
	for (r = 1; r <= n; r++) {
		line = "| " r " |"
		for (q = 1; q <= 10; q++) {
			f = kb[r, q] / big[r]
			line = line " " substr("SML", f < 0.4 ? 1 : f < 0.75 ? 2 : 3, 1) cell[r, q] " |"
		}
		print line
	}
}'
