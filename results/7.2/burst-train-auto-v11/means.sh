#!/bin/sh
# Means over the boots of a raw.txt, per setting, of the train lines'
# later-burst stalls, clean trains, free and cached MB at the quiet's end,
# kswapd CPU s and pages scanned (M), the later bursts' worst fault (ms),
# and direct reclaim outside the bursts (the writers') over the train and
# in the quiet: for a train stopped before its report.  Lines without the
# last two fields (before v11) show "-".  Usage: means.sh RAW.txt
set -eu
grep -h '^train ' "$1" | awk '{
	delete v
	for (i = 1; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	s = v["setting"]; n[s]++
	st[s] += v["later_allocstall"]; cl[s] += v["later_clean"]
	fr[s] += v["quiet_free_kb"] / 1024; ca[s] += v["quiet_file_kb"] / 1024
	ks[s] += v["kswapd_ms"] / 1000; sc[s] += v["run_pgscan_kswapd"] / 1e6
	wm[s] += v["later_max_us"] / 1000
	if ("outside_allocstall" in v) { on[s]++; os[s] += v["outside_allocstall"] }
	if ("quiet_writers_allocstall" in v) { qn[s]++; qs[s] += v["quiet_writers_allocstall"] }
} END {
	printf "%-7s %5s %12s %6s %8s %9s %9s %13s %9s %8s %8s\n", "", "boots", "later stalls",
		"clean", "free MB", "cache MB", "kswapd s", "kswapd scan M", "worst ms",
		"outside", "quiet w"
	for (s in n)
		printf "%-7s %5d %12.1f %6.1f %8.1f %9.1f %9.1f %13.1f %9.1f %8s %8s\n", s, n[s],
			st[s] / n[s], cl[s] / n[s], fr[s] / n[s], ca[s] / n[s], ks[s] / n[s],
			sc[s] / n[s], wm[s] / n[s],
			on[s] ? sprintf("%.1f", os[s] / on[s]) : "-",
			qn[s] ? sprintf("%.1f", qs[s] / qn[s]) : "-"
}' | sort
