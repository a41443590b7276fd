#!/bin/sh
# The burst train's five rows at 10 boots each (issue 60): off and both
# from this set (the 7.2 series, 5 patches), extra (the knob at the
# largest burst) and wsf from v11's set (the variant kernel "manual": the
# same knob, the same meaning, before it moved into the series), auto
# from v12's set (a floor of 0 is v12's rule).  Boot N of every set ran
# train schedule N (seed N), so the rows meet the same trains.  Prints
# stats.py's table against this set's off, then boot by boot the later
# bursts' stalls and the page cache at the quiet's end (MB) per row.
# Usage: rows.sh
set -eu
d=$(dirname "$0")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
	grep '^train ' "$d/raw.txt" | sed 's/ setting=\([a-z]*\) / setting=\1 row=\1 /'
	grep '^train ' "$d/../burst-train-auto-v11/raw.txt" | grep -E ' setting=(extra|wsf) ' |
		sed 's/ setting=\([a-z]*\) / setting=\1 row=\1-v11 /'
	grep '^train ' "$d/../burst-train-auto-v12/raw.txt" | grep ' setting=auto ' |
		sed 's/ setting=auto / setting=auto row=auto-v12 /'
} > "$tmp"
python3 "$d/../../../scripts/stats.py" table --group row --baseline off \
	--metrics later_clean,later_allocstall,later_stalled,first_allocstall,quiet_allocstall,quiet_file_kb,quiet_free_kb,later_max_us,later_p999_us,kswapd_ms \
	"$tmp"
echo
awk '{
	delete v
	for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	c[v["seed"], v["row"]] = sprintf("%d/%.0f", v["later_allocstall"], v["quiet_file_kb"] / 1024)
	seeds[v["seed"]] = 1
} END {
	n = split("off both extra-v11 wsf-v11 auto-v12", g, " ")
	printf "seed"
	for (j = 1; j <= n; j++) printf "\t%s", g[j]
	printf "\n"
	for (s = 1; s <= 10; s++) {
		if (!(s in seeds)) continue
		printf "%d", s
		for (j = 1; j <= n; j++) printf "\t%s", ((s, g[j]) in c) ? c[s, g[j]] : "-"
		printf "\n"
	}
}' "$tmp"
