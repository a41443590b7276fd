#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reads the bound's events (compaction/mm_compaction_bound, the 7.2
# series) that make bench-thpscale keeps with THPSCALE_TRACE=1
# (runs/*/results/bound.trace, gzipped or not) and prints per trace how
# the bounded attempts ended: the attempts; the faults (an attempt that
# starts with its whole cap left begins a fault: the PMD try on the
# local node; a fault's later attempts, on other zones or after the
# reclaim round, start with what the earlier ones left); the status of
# each fault's first and last attempt (bounded: the cap ran out; success:
# a page was made; complete, partial_skipped: the scanners met or skipped;
# contended: lock contention or a pending signal); the mean work per
# attempt in pages and its share of the cap.  kcompactd's runs on the
# hints of faults whose cap ran out (capped too) are counted apart: how
# many, how they ended (success: a page of the hinted order was made).
#
# Usage: scripts/bound-trace.sh TRACE...
[ $# -gt 0 ] || { echo "usage: $0 TRACE..." >&2; exit 2; }
for f in "$@"; do
	[ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 1; }
	echo "== $f"
	gzip -cdf "$f" | awk '
	/mm_compaction_bound:/ {
		hinted = $1 ~ /^kcompactd/
		sub(/.*mm_compaction_bound: /, "")
		for (i = 1; i <= NF; i++) if (split($i, kv, "=") == 2) e[kv[1]] = kv[2]
		if (hinted) {
			kn++; kall[e["status"]]++; kwork += e["work"]; kcap = e["cap"]
			next
		}
		if (e["left_before"] == e["cap"]) {
			if (faults) last[st]++
			faults++; first[e["status"]]++
		}
		n++; st = e["status"]; all[st]++; work += e["work"]; cap = e["cap"]
	}
	function show(what, a,   k) {
		printf "  %-30s", what
		for (k in a) printf " %s=%d", k, a[k]
		printf "\n"
	}
	END {
		if (!n) print "  no bounded attempt of a fault"
		else {
			if (faults) last[st]++
			printf "  faults, cap %d pages: %d attempts, %d faults; work per attempt %.0f pages (%.0f%% of the cap)\n",
				cap, n, faults, work / n, 100 * work / n / cap
			show("every attempt:", all)
			show("a fault'"'"'s first attempt:", first)
			show("a fault'"'"'s last attempt:", last)
		}
		if (kn) {
			printf "  kcompactd'"'"'s hinted runs, cap %d pages: %d; work per run %.0f pages\n",
				kcap, kn, kwork / kn
			show("how they ended:", kall)
		}
	}'
done
