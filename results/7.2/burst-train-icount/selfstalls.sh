#!/bin/sh
# Whose stalls: per setting, over the train's bursts of raw.txt, the
# direct reclaims of the whole system during the bursts (allocstall) and
# of the burst task itself (stalls_self), the bursts whose worst
# allocation took 3 ms or more, and the worst allocation of the bursts in
# which the burst task did not reclaim.
# Usage: sh selfstalls.sh [raw.txt]
awk '/^burst /{
	delete v
	for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	if (v["phase"] != "train") next
	k = v["setting"]; n[k]++; ss[k] += v["stalls_self"]; as[k] += v["allocstall"]
	if (v["alloc_max_us"] + 0 >= 3000) big[k]++
	if (v["stalls_self"] == 0 && v["alloc_max_us"] + 0 > m0[k]) m0[k] = v["alloc_max_us"] + 0
}
END {
	printf "%-8s %7s %11s %12s %14s %28s\n", "setting", "bursts", "allocstall", "stalls_self", "alloc>=3ms", "worst alloc, no self stall"
	for (k in n)
		printf "%-8s %7d %11d %12d %14d %25d us\n", k, n[k], as[k], ss[k], big[k], m0[k]
}' "${1:-$(dirname "$0")/raw.txt}"
