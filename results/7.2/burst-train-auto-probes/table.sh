#!/bin/sh
# The burst lines of a probe's raw.txt as a markdown table (figures as the harness wrote them).
# Usage: table.sh RAW.txt
echo "| seq | size MB | start s | reserve MB at start | allocstall | of them the burst's | pgsteal_direct | worst fault ms |"
echo "|--:|--:|--:|--:|--:|--:|--:|--:|"
grep -h '^burst' "$1" | awk '{
	for (i = 1; i <= NF; i++) { split($i, a, "="); v[a[1]] = a[2] }
	printf "| %d | %d | %s | %.1f | %d | %d | %d | %.1f |\n", v["seq"], v["size_kb"] / 1024,
		v["start_s"], v["reserve_kb"] / 1024, v["allocstall"], v["stalls_self"], v["pgsteal_direct"], v["max_us"] / 1000 }'
