#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-redis, guest side: Redis growing its data set on fragmented
# memory with THP enabled=always, every request's latency measured by
# redis-benchmark.  One boot = one run of every setting, in an order that
# changes with the run number (balanced: each setting first and after
# each other equally often over 4 runs).  Per setting: memory is
# fragmented afresh (compaction_replay -F: 1 page in 8 kept, mlocked,
# over REDIS_FRAG percent of free memory), a new redis-server starts (THP allowed for it:
# Redis 7 turns THP off for itself unless told "disable-thp no", for the
# very stalls measured here), redis-benchmark SETs REDIS_VALUE-byte
# values under random keys of a key space of REDIS_PCT percent of
# memory, then Redis and the fragmenter end.  Lines "redis setting=...
# key=value" go to $RESULTS/bench.txt.
#
# REDIS_SETTINGS (default "always:0 always:4000 defer+madvise:0 never:0"):
# DEFRAG:BUDGET_US, BUDGET_US being vm.compaction_async_budget_us (0
# on a kernel without the knob), or written NkB for the 7.2 series'
# vm.compaction_fault_scan_kbytes (always:4096kB); REDIS_PCT (40), REDIS_VALUE (1024),
# REDIS_CLIENTS (4), REDIS_FRAG (90: the data set comes from fragmented
# memory), REDIS_PROACTIVE (vm.compaction_proactiveness for the run;
# default: the kernel's, 20), RUN (the run number).
#
# Where the slow requests come from: every direct compaction of
# redis-server (entry to and return from try_to_compact_pages(), kprobe
# events joined per task by a histogram trigger into a synthetic event,
# Documentation/trace/histogram.rst) is traced, and its count, longest
# and total go beside the request latency, with the number of requests
# and of compactions of REDIS_SLOW_MS (10) or more.  REDIS_WHY=1 also
# records the compactions' entries (gfp, order, priority) and returns
# (with their value), kcompactd's wakeups and every context switch to
# or from kcompactd, into $RESULTS/why.SETTING.RUN.
. /jobs/common.sh

thp=/sys/kernel/mm/transparent_hugepage
sock=/tmp/redis.sock
command -v redis-server >/dev/null && command -v redis-benchmark >/dev/null ||
	{ echo "no redis-server or redis-benchmark in the initramfs (redis-tools on the host)"; exit 1; }
set -- ${REDIS_SETTINGS:-always:0 always:4000 defer+madvise:0 never:0}
set -- $(balanced "${RUN:-1}" "$@")
value=${REDIS_VALUE:-1024}
mem_kb=$(awk '/^MemTotal/ {print $2}' /proc/meminfo)
# a key costs its value in jemalloc's size class (up to a quarter more)
# and about 150 bytes of Redis's own
keys=$((mem_kb * ${REDIS_PCT:-40} / 100 * 1024 / (value + value / 4 + 150)))
echo always > $thp/enabled || exit 1
if [ -n "${REDIS_PROACTIVE:-}" ]; then
	echo "$REDIS_PROACTIVE" > /proc/sys/vm/compaction_proactiveness ||
		{ echo "compaction_proactiveness $REDIS_PROACTIVE refused"; exit 1; }
fi
echo "== vm.compaction_proactiveness=$(cat /proc/sys/vm/compaction_proactiveness)"
echo "== run ${RUN:-1}: $keys keys of $value bytes; settings in this order: $*"

# a counter this kernel does not have (compact_budget_exceeded on the
# base) reads 0; the cap's counters are there only where the kernel has them
vm() { awk -v k="$1" '$1 == k { v = $2 } END { print v + 0 }' /proc/vmstat; }
vm_keys="thp_fault_alloc thp_fault_fallback compact_stall compact_success compact_fail compact_budget_exceeded allocstall_normal allocstall_movable"
for k in compact_bound_fault compact_daemon_hint; do
	! grep -q "^$k " /proc/vmstat || vm_keys="$vm_keys $k"
done
# the series' compaction knobs back to 0 (off)
knobs_off() {
	for k in /proc/sys/vm/compaction_async_budget_us /proc/sys/vm/compaction_fault_scan_kbytes; do
		[ ! -w $k ] || echo 0 > $k || exit 1
	done
}
snap() { for k in $vm_keys; do printf '%s ' "$(vm $k)"; done; }

tr=/sys/kernel/tracing
slow_us=$((${REDIS_SLOW_MS:-10} * 1000))
# the probes and the synthetic event, once; the per-task triggers per
# setting (dc_start PID, dc_stop)
echo "p:kprobes/rdc_in try_to_compact_pages gfp=\$arg1:x32 order=\$arg2:u32 prio=\$arg5:u32" >> $tr/kprobe_events &&
echo "r:kprobes/rdc_out try_to_compact_pages ret=\$retval:s32" >> $tr/kprobe_events &&
echo "rdc_lat u64 us" >> $tr/synthetic_events ||
	{ echo "no kprobe events on try_to_compact_pages or no synthetic events"; exit 1; }
dc_in= dc_out=
why_events="sched/sched_switch kprobes/rdc_in kprobes/rdc_out
compaction/mm_compaction_wakeup_kcompactd compaction/mm_compaction_kcompactd_wake"
# the 7.2 series' events: every bounded attempt, every hint to kcompactd
for e in compaction/mm_compaction_bound compaction/mm_compaction_kcompactd_hint; do
	[ ! -e $tr/events/$e ] || why_events="$why_events $e"
done
dc_start() {
	dc_in="hist:keys=common_pid:ts0=common_timestamp.usecs if common_pid==$1"
	dc_out="hist:keys=common_pid:us=common_timestamp.usecs-\$ts0:onmatch(kprobes.rdc_in).trace(rdc_lat,\$us) if common_pid==$1"
	: > $tr/trace
	echo "$dc_in" >> $tr/events/kprobes/rdc_in/trigger &&
	echo "$dc_out" >> $tr/events/kprobes/rdc_out/trigger &&
	echo 1 > $tr/events/synthetic/rdc_lat/enable ||
		{ echo "cannot set the compaction triggers"; exit 1; }
	[ "${REDIS_WHY:-0}" = 1 ] || return 0
	echo 'prev_comm ~ "kcompactd*" || next_comm ~ "kcompactd*"' > $tr/events/sched/sched_switch/filter &&
	echo "common_pid==$1" > $tr/events/kprobes/rdc_in/filter &&
	echo "common_pid==$1" > $tr/events/kprobes/rdc_out/filter ||
		{ echo "REDIS_WHY=1: cannot set the event filters"; exit 1; }
	for e in $why_events; do
		echo 1 > $tr/events/$e/enable || { echo "REDIS_WHY=1: cannot enable $e"; exit 1; }
	done
}
# " dc_n=.. dc_slow_n=.. dc_max_us=.. dc_sum_ms=..", the triggers removed
dc_stop() {
	echo 0 > $tr/events/synthetic/rdc_lat/enable
	if [ "${REDIS_WHY:-0}" = 1 ]; then
		for e in $why_events; do echo 0 > $tr/events/$e/enable; done
		cp $tr/trace "$RESULTS/why.$defrag:$budget.${RUN:-1}"
	fi
	echo "!$dc_out" >> $tr/events/kprobes/rdc_out/trigger
	echo "!$dc_in" >> $tr/events/kprobes/rdc_in/trigger
	awk -v slow="$slow_us" '
		/rdc_lat:/ { for (i = 1; i <= NF; i++) if ($i ~ /^us=/) {
			v = substr($i, 4) + 0; n++; s += v; if (v > m) m = v
			if (v >= slow) k++ } }
		/LOST [0-9]+ EVENTS/ { lost = 1 }
		END { if (lost) printf " dc_lost=1"
		      printf " dc_n=%d dc_slow_n=%d dc_max_us=%d dc_sum_ms=%.1f", n, k, m, s / 1000 }' $tr/trace
}

: > "$RESULTS/bench.txt"
for s in "$@"; do
	defrag=${s%%:*} budget=${s#*:}
	echo "$defrag" > $thp/defrag || { echo "defrag $defrag refused"; exit 1; }
	knobs_off
	compaction_setting "$budget"
	if [ -w $cset_knob ]; then
		echo "$cset_val" > $cset_knob || exit 1
	elif [ "$cset_val" != 0 ]; then
		echo "setting $s: this kernel has no $cset_knob"; exit 1
	fi
	compaction_replay -F -f "${REDIS_FRAG:-90}" > /tmp/frag.out 2>&1 &
	fpid=$!
	i=0
	until grep -q '^fragmented' /tmp/frag.out; do
		i=$((i + 1))
		[ $i -le 600 ] && kill -0 $fpid 2>/dev/null ||
			{ cat /tmp/frag.out; echo "the fragmenter failed"; exit 1; }
		sleep 1
	done
	cat /tmp/frag.out
	rm -f $sock
	redis-server --port 0 --unixsocket $sock --save '' --appendonly no \
		--disable-thp no --daemonize no > /tmp/redis.log 2>&1 &
	rpid=$!
	i=0
	until redis-cli -s $sock ping 2>/dev/null | grep -q PONG; do
		i=$((i + 1))
		[ $i -le 60 ] && kill -0 $rpid 2>/dev/null ||
			{ cat /tmp/redis.log; echo "redis-server did not start"; exit 1; }
		sleep 1
	done
	dc_start $rpid
	before=$(snap)
	redis-benchmark -s $sock -t set -n "$keys" -r "$keys" -d "$value" \
		-c "${REDIS_CLIENTS:-4}" > /tmp/bench.out 2>&1 ||
		{ tail -20 /tmp/bench.out; echo "redis-benchmark failed"; exit 1; }
	after=$(snap)
	dc=$(dc_stop)
	huge_kb=$(awk '/^AnonHugePages/ {print $2}' /proc/$rpid/smaps_rollup)
	rss_kb=$(awk '/^Rss/ {print $2}' /proc/$rpid/smaps_rollup)
	redis-cli -s $sock shutdown nosave >/dev/null 2>&1
	wait $rpid
	kill $fpid
	wait $fpid
	# "99.902% <= 1.231 milliseconds (cumulative count 99902)": the
	# first line whose cumulative count reaches each quantile (lines
	# whose count did not change are left out by redis-benchmark); the
	# summary's throughput
	# slow_n: requests of REDIS_SLOW_MS or more (to the distribution's
	# precision: the count up to the last line below it)
	lat=$(awk -v n="$keys" -v slow="$slow_us" '
		function q(f) { return int(f * n) + (f * n > int(f * n)) }
		/^Latency by percentile distribution/ { on = 1; next }
		on && /^$/ { on = 0 }
		on && $2 == "<=" {
			c = $NF; sub(/\)/, "", c); c += 0; v = $3 * 1000
			if (v < slow) below = c
			if (c >= q(0.5) && !a) { a = 1; printf " p50_us=%.0f", v }
			if (c >= q(0.99) && !b) { b = 1; printf " p99_us=%.0f", v }
			if (c >= q(0.999) && !d) { d = 1; printf " p999_us=%.0f", v }
			max = v }
		/requests per second/ && /throughput/ { rps = $3 }
		END { printf " max_us=%.0f slow_n=%d rps=%s", max, n - below, rps }' /tmp/bench.out)
	case $lat in *p999_us=*rps=[0-9]*) ;; *)
		tail -30 /tmp/bench.out; echo "no latency distribution from redis-benchmark"; exit 1 ;;
	esac
	# /proc/vmstat deltas over the benchmark; thp_pct: faults served huge
	d=$(echo "$vm_keys|$before|$after" | awk -F'|' '{
		n = split($1, k, " "); split($2, a, " "); split($3, b, " ")
		for (i = 1; i <= n; i++) { v[k[i]] = b[i] - a[i]; printf " %s=%d", k[i], v[k[i]] }
		t = v["thp_fault_alloc"] + v["thp_fault_fallback"]
		printf " thp_pct=%.1f", t ? 100 * v["thp_fault_alloc"] / t : 0 }')
	echo "redis setting=$defrag:$budget keys=$keys value=$value$lat rss_kb=$rss_kb anon_huge_kb=$huge_kb$d$dc" |
		tee -a "$RESULTS/bench.txt"
done
knobs_off
bench_end
