#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reads the traces of make bench-redis-icount-why (6.12) and
# bench-redis-icount-bound-why (7.2): guest/jobs/bench-redis.sh with
# REDIS_WHY=1, redis-server's try_to_compact_pages() entries and returns,
# kcompactd's wakeups, the context switches to and from kcompactd.
# Prints, per trace: the compactions by order; every one that was
# stopped (return value 8: COMPACT_BUDGET_EXCEEDED in the 6.12 series,
# COMPACT_BOUNDED in the 7.2 series) or took longer than LONG_US
# (default 4000), with its order, priority and return value, and what
# ran right after each stop; kcompactd's time on the CPU (in all, and
# its span), its slices (switch in to switch out) and the longest one;
# on the 7.2 series, the bounded attempts (compaction/mm_compaction_bound:
# the most one charged beyond what it had left, and how many went over
# by more than a 2 MiB pageblock) and kcompactd's hinted runs.
# A request can be slowed by kcompactd only by a slice of kcompactd's,
# so slices shorter than the slow requests mean none of them is one.
#
# Usage: scripts/redis-why.sh [-b LONG_US] [-s SLICE_US] TRACE... (gzipped or not)
# SLICE_US (default 1000): kcompactd's slices of that length or more
# are listed.
long=4000 slice=1000
while [ $# -gt 0 ]; do
	case $1 in
	-b) long=$2; shift 2 ;;
	-s) slice=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "usage: $0 [-b LONG_US] [-s SLICE_US] TRACE..." >&2; exit 2; }
for f in "$@"; do
	[ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 1; }
	echo "== $f"
	gzip -cdf "$f" | awk -v long="$long" -v slice="$slice" '
	function field(name,   v) { v = $0; if (!sub(".*" name "=", "", v)) return "?"; sub(/ .*/, "", v); return v }
	/^#/ { next }
	{ t = $4; sub(/:$/, "", t); t += 0 }
	/LOST [0-9]+ EVENTS/ { lost = 1 }
	$5 == "rdc_in:" { tin = t; o = field("order"); pr = field("prio"); n[o]++ }
	$5 == "rdc_out:" {
		d = (t - tin) * 1e6; r = field("ret")
		if (r == 8) { stops++; after = 1 }
		if (r == 8 || d > long)
			printf "  %8.0f us  order %s prio %s ret %s%s at %.6f\n", d, o, pr, r,
				r == 8 ? " (stopped)" : "", t
	}
	$5 == "mm_compaction_bound:" {
		# the 7.2 series: one event per bounded attempt, of any task
		lb = field("left_before") + 0; w = field("work") + 0
		if ($1 ~ /^kcompactd/) { khint++; if (field("status") == "success") kmade++; next }
		battempts++
		if (w - lb > bover) bover = w - lb
		if (w > lb + 512) bbad++
		next
	}
	$5 == "sched_switch:" {
		if (after && $0 ~ /prev_comm=redis-server/) {
			printf "    then redis-server (%s) switched out to %s at %.6f\n",
				field("prev_state"), field("next_comm"), t
			after = 0
		}
		if ($0 ~ /next_comm=kcompactd/) kon = t
		if ($0 ~ /prev_comm=kcompactd/ && kon) {
			s = (t - kon) * 1e6; kc += s; ns++
			if (s > smax) smax = s
			if (s >= slice) {
				nlong++
				printf "    kcompactd on the CPU %.0f us from %.6f, then %s\n", s, kon, field("next_comm")
			}
			if (!first) first = kon
			last = t; kon = 0
		}
	}
	END {
		for (k in n) printf "  order %s: %d compactions\n", k, n[k]
		printf "  stopped: %d; kcompactd on the CPU %.1f ms over %.1f ms in %d slices, longest %.0f us, %d of %d us or more%s\n",
			stops, kc / 1e3, (last - first) * 1e3, ns, smax, nlong, slice,
			lost ? "; EVENTS LOST" : ""
		if (battempts || khint)
			printf "  bounded attempts of faults: %d, the most over what was left %d pages, over by more than a pageblock: %d; kcompactd'"'"'s hinted runs: %d, %d made a page\n",
				battempts, bover, bbad, khint, kmade
	}'
done
