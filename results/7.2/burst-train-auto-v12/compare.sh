#!/bin/sh
# v12's trains against v11's: the same train schedule in boot N of both
# runs (seed N), so that each boot pairs with v11's.  Prints stats.py's
# table (Welch, v11's auto the baseline) of the figures the targets name,
# then boot by boot: auto's later-burst stalls / first-of-size stalls /
# stalls after the quiet / free MB at the quiet's end, for v11 and v12,
# and knob 0's of each run.  Usage: compare.sh [V12-RAW.txt]
set -eu
d=$(dirname "$0")
v11=$d/../burst-train-auto-v11/raw.txt
v12=${1:-$d/raw.txt}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
	grep '^train ' "$v11" | sed 's/$/ version=v11/'
	grep '^train ' "$v12" | sed 's/$/ version=v12/'
} | grep -E ' setting=(off|auto) ' > "$tmp"
python3 "$d/../../../scripts/stats.py" table --group version+setting --baseline v11/auto \
	--metrics later_allocstall,later_stalled,first_allocstall,quiet_allocstall,quiet_free_kb,quiet_file_kb,later_max_us,later_p999_us,kswapd_ms,run_pgscan_kswapd,outside_allocstall,quiet_writers_allocstall \
	"$tmp"
echo
awk '{
	delete v
	for (i = 2; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	c[v["seed"], v["version"] "/" v["setting"]] = sprintf("%d/%d/%d/%.0f",
		v["later_allocstall"], v["first_allocstall"], v["quiet_allocstall"],
		v["quiet_free_kb"] / 1024)
	seeds[v["seed"]] = 1
} END {
	n = split("v11/off v12/off v11/auto v12/auto", g, " ")
	printf "%-5s", "seed"
	for (j = 1; j <= n; j++) printf " %16s", g[j]
	printf "\n"
	for (k = 1; k <= 100; k++) {
		if (!(k in seeds)) continue
		printf "%-5d", k
		for (j = 1; j <= n; j++) printf " %16s", ((k, g[j]) in c) ? c[k, g[j]] : "-"
		printf "\n"
	}
}' "$tmp"
