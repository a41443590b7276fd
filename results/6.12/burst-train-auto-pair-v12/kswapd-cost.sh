#!/bin/sh
# kswapd's CPU time per page it reclaimed, per base and setting, from the
# trains' run totals (kswapd_ms, run_pgsteal_kswapd) in each raw.txt
# named: why eight writers outrun kswapd on 6.12 and not on 7.2.
# Usage: kswapd-cost.sh [RAW.txt ...]   (default: 7.2's v12 trains,
# its low-spread shape, and this folder's 6.12 trains)
set -eu
d=$(dirname "$0")
[ $# -gt 0 ] || set -- "$d/../../7.2/burst-train-auto-v12/raw.txt" \
	"$d/../../7.2/burst-train-icount/raw.txt" "$d/raw.txt"
for f in "$@"; do
	[ -s "$f" ] || { echo "$f: no such file" >&2; continue; }
	grep '^train ' "$f" | awk -v f="${f#"$d"/}" '{
		delete v
		for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
		s = v["setting"]
		ms[s] += v["kswapd_ms"]; pg[s] += v["run_pgsteal_kswapd"]; n[s]++
	} END {
		for (s in ms)
			printf "%-48s %-5s %2d trains  %5.2f us/page  %9.0f pages a train  %5.1f s a train\n",
				f, s, n[s], ms[s] * 1000 / pg[s], pg[s] / n[s], ms[s] / n[s] / 1000
	}'
done
