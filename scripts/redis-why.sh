#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reads the traces of make bench-redis-icount-why (guest/jobs/bench-redis.sh
# with REDIS_WHY=1: redis-server's try_to_compact_pages() entries and
# returns, kcompactd's wakeups, the context switches to and from
# kcompactd) and prints, per trace: the compactions by order, every one
# that the budget stopped (return value COMPACT_BUDGET_EXCEEDED, 8 in
# this series' enum) or that took longer than BUDGET_US (default 4000),
# with its order, priority and return value; what ran right after each
# stop; and kcompactd's time on the CPU (in all, and its span).
#
# Usage: scripts/redis-why.sh [-b BUDGET_US] TRACE...
budget=4000
[ "${1:-}" = -b ] && { budget=$2; shift 2; }
[ $# -gt 0 ] || { echo "usage: $0 [-b BUDGET_US] TRACE..." >&2; exit 2; }
for f in "$@"; do
	echo "== $f"
	awk -v budget="$budget" '
	function field(name,   v) { v = $0; if (!sub(".*" name "=", "", v)) return "?"; sub(/ .*/, "", v); return v }
	/^#/ { next }
	{ t = $4; sub(/:$/, "", t); t += 0 }
	$5 == "rdc_in:" { tin = t; o = field("order"); pr = field("prio"); n[o]++ }
	$5 == "rdc_out:" {
		d = (t - tin) * 1e6; r = field("ret")
		if (r == 8) { stops++; after = 1 }
		if (r == 8 || d > budget)
			printf "  %8.0f us  order %s prio %s ret %s%s at %.6f\n", d, o, pr, r,
				r == 8 ? " (stopped by the budget)" : "", t
	}
	$5 == "sched_switch:" {
		if (after && $0 ~ /prev_comm=redis-server/) {
			nx = field("next_comm")
			printf "    then redis-server (%s) switched out to %s at %.6f\n", field("prev_state"), nx, t
			after = 0
		}
		if ($0 ~ /next_comm=kcompactd/) kon = t
		if ($0 ~ /prev_comm=kcompactd/ && kon) {
			kc += t - kon; if (!first) first = kon; last = t; kon = 0
		}
	}
	END {
		for (k in n) printf "  order %s: %d compactions\n", k, n[k]
		printf "  stopped by the budget: %d; kcompactd on the CPU %.1f ms over %.1f ms\n",
			stops, kc * 1e3, (last - first) * 1e3
	}' "$f"
done
