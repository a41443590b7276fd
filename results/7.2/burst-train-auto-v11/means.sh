#!/bin/sh
# Means over the boots of a raw.txt, per setting, of the train lines'
# later-burst stalls, clean trains, free and cached MB at the quiet's end,
# kswapd CPU s and pages scanned (M), the later bursts' worst fault (ms),
# and direct reclaim outside the bursts (the writers') over the train and
# in the quiet: for a train stopped before its report.  Lines without the
# last two fields (before v11) show "-".  Then a line per boot: later
# stalls/first-of-size stalls/after-quiet stalls/free MB; then per setting
# the boots where a later burst stalled and where a size stalled twice.
# Usage: means.sh RAW.txt
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
# then per boot (seed): each setting's later-burst stalls / first-of-size
# stalls / stalls after the quiet / free MB at the quiet's end
echo
grep -h '^train ' "$1" | awk '{
	delete v
	for (i = 1; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	c[v["seed"], v["setting"]] = sprintf("%d/%d/%d/%.0f", v["later_allocstall"],
		v["first_allocstall"], v["quiet_allocstall"], v["quiet_free_kb"] / 1024)
	seeds[v["seed"]] = 1; sets[v["setting"]] = 1
} END {
	printf "%-5s", "seed"
	for (s in sets) printf " %18s", s
	printf "\n"
	for (k = 1; k <= 100; k++) {
		if (!(k in seeds)) continue
		printf "%-5d", k
		for (s in sets) printf " %18s", c[k, s]
		printf "\n"
	}
}'
# then per setting: the boots in which a burst size stalled in more than
# one of its bursts before the quiet (the first stall of a size may come
# in its second or third burst when the first was served)
echo
grep -h '^burst ' "$1" | grep 'phase=train' | awk '{
	delete v
	for (i = 1; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	k = v["setting"] SUBSEP v["seed"]
	seen[k] = 1; sets[v["setting"]] = 1
	if (v["allocstall"] > 0) {
		n[k, v["size_kb"]]++
		if (n[k, v["size_kb"]] == 2) twice[k] = 1
		if (!v["first_of_size"]) later[k] = 1
	}
} END {
	for (s in sets) {
		b = 0; t = 0; l = 0
		for (k in seen) {
			split(k, p, SUBSEP)
			if (p[1] != s) continue
			b++; t += (k in twice); l += (k in later)
		}
		printf "%-7s boots %2d: a later burst stalled in %2d, a size stalled twice in %2d\n", s, b, l, t
	}
}' | sort
