#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check, guest side: the kselftests, the workload replays, a stress
# run.  KUnit already ran at boot (its KTAP is in the console log, read on
# the host).
#
# KSFT_MM: the run_vmtests.sh categories to run (upstream's own mm tests
# that finish in minutes under TCG, then the series' own).
. /jobs/common.sh

KSFT_MM=${KSFT_MM:-"burst_reserve atomic_first mmap compaction mlock mremap madv_populate mkdirty soft_dirty thp pagemap cow"}
# KSFT_TIMEOUT: seconds for all of run_vmtests.sh (make check-debug
# gives more: its kernel is several times slower)
KSFT_TIMEOUT=${KSFT_TIMEOUT:-1200}

echo "== kernel $(uname -r)"
swap_on
# the burst replay needs a disk for its page cache writers
scratch_mount /mnt/scratch &&
	export EXTRA_FREE_BURST_DIR=/mnt/scratch BURST_REPLAY_DIR=/mnt/scratch
show_watermarks
# section: a section's start and the guest's uptime (where the time goes)
section() { echo "== [$(cut -d' ' -f1 /proc/uptime)s] $*"; }
section "kselftest mm: $KSFT_MM"
cd /kselftest
# 6.12 installs run_vmtests.sh as the mm suite's one test, newer trees a
# wrapper per category (mm:ksft_CATEGORY.sh)
if grep -qx 'mm:run_vmtests.sh' kselftest-list.txt; then
	set -- -t mm:run_vmtests.sh
else
	set --
	for c in $KSFT_MM; do
		if grep -qx "mm:ksft_$c.sh" kselftest-list.txt; then
			set -- "$@" -t "mm:ksft_$c.sh"
		else
			echo "== no mm:ksft_$c.sh in this tree: category $c not run"
		fi
	done
fi
# None of the categories in this tree: a failure, not every test.
if [ $# = 0 ] && ! grep -qx 'mm:run_vmtests.sh' kselftest-list.txt; then
	{ echo "TAP version 13"; echo "1..1"
	  echo "not ok 1 kselftest: none of the categories $KSFT_MM in this tree"; } |
		tee "$RESULTS/kselftest.tap"
	echo 1 > /tmp/ksft.rc
else
	{ VM_SELFTEST_ITEMS="$KSFT_MM" ./run_kselftest.sh -o "$KSFT_TIMEOUT" "$@"
	  echo $? > /tmp/ksft.rc; } 2>&1 | tee "$RESULTS/kselftest.tap"
fi
rc=$(cat /tmp/ksft.rc)

# The series' selftests ended by SIGTERM (run_kselftest.sh's timeout)
# mid-test: the settings they change are back.  SIGTERM comes SECS into
# each (burst_reserve watches for 3 s with the reserve on: at 2 s it is
# in that watch), SIGKILL 30 s later (burst_replay's eight writers, killed
# and reaped before it removes its instance, took more than 10 s to exit
# once under TCG, their dirty pages on the disk).  A test that
# passed or skipped before the signal cannot be judged and is a skip if
# it left everything as it was; any other end fails.  (The tests of the
# compaction bound and the SLUB wake, which both series left out, went
# with them: results/variants/.)  A test not installed is a skip, never
# a pass.
section "series selftests ended by SIGTERM"
state() {
	grep MemTotal /proc/meminfo
	for f in /proc/sys/vm/extra_free_kbytes /proc/sys/vm/burst_reserve \
		/proc/sys/vm/compaction_async_budget_us \
		/proc/sys/vm/compaction_fault_scan_kbytes \
		/proc/sys/vm/watermark_scale_factor /proc/sys/vm/percpu_pagelist_high_fraction \
		/proc/sys/vm/compaction_proactiveness /proc/sys/vm/watermark_boost_factor \
		/proc/sys/vm/compact_unevictable_allowed /sys/kernel/mm/transparent_hugepage/enabled \
		/sys/kernel/mm/transparent_hugepage/defrag \
		/sys/kernel/mm/transparent_hugepage/hugepages-*/enabled; do
		[ -r "$f" ] && echo "$f $(cat "$f")"
	done
	ls /sys/kernel/tracing/instances /sys/kernel/debug/tracing/instances 2>/dev/null
}
{
	# both series' selftest (SIGTERM in its 3 s watch with
	# vm.burst_reserve on); 7.2's burst replay (SIGTERM while its
	# writers fill the page cache, its tracefs instance made); the slab
	# replay (SIGTERM while it breaks memory up or hackbench runs, with
	# compaction_proactiveness at 0 and its instance made)
	set -- burst_reserve:2 burst_replay:15 slab_atomic_first:8
	echo "TAP version 13"
	echo "1..$#"
	n=0
	for ts in "$@"; do
		t=${ts%:*} secs=${ts#*:} n=$((n + 1))
		if [ ! -x "/kselftest/mm/$t" ]; then
			echo "ok $n $t # SKIP not installed"
			continue
		fi
		state > /tmp/state.before
		args=
		[ "$t" != burst_replay ] || args="-d ${BURST_REPLAY_DIR:-.}"
		(cd /kselftest/mm && timeout -s TERM -k 30 "$secs" "./$t" $args) \
			> /tmp/sig.out 2>&1
		st=$?
		state > /tmp/state.after
		# the test's own output, not nested TAP: its cases are not this test's
		sed 's/^/# > /' /tmp/sig.out
		if ! cmp -s /tmp/state.before /tmp/state.after; then
			diff /tmp/state.before /tmp/state.after | sed 's/^/# /'
			echo "not ok $n $t: exit $st (SIGTERM at ${secs}s): settings, memory or tracefs changed"
		elif [ "$st" = 0 ] || [ "$st" = 4 ]; then
			echo "ok $n $t # SKIP ended (exit $st) before SIGTERM at ${secs}s"
		elif [ "$st" = 124 ] || [ "$st" = 143 ]; then
			echo "ok $n $t: SIGTERM at ${secs}s: settings, memory and tracefs as before"
		else
			echo "not ok $n $t: exit $st (SIGTERM at ${secs}s; 137: SIGKILL)"
		fi
	done
} | tee "$RESULTS/signals.tap"

# The workload replays of the seeds (guest/src), with the checks that hold
# on this machine, as TAP nested like run_kselftest.sh's: each replay's
# own TAP under a line for the replay (not ok: it crashed, timed out or
# failed), all under one line for the set.  REPLAYS: which of them
# (the host's CHECK_REPLAYS, config/base-*: extra_free_burst; the other
# two replay the compaction bound and the SLUB wake, which the series
# left out, and run on their variants), REPLAY_TIMEOUT: seconds for each, SLAB_REPLAY_ARGS:
# slab_replay's options (make check-debug: fewer hackbench loops).
REPLAYS=${REPLAYS:-extra_free_burst}
REPLAY_TIMEOUT=${REPLAY_TIMEOUT:-300}
set -- $REPLAYS
section "replays: $*"
replays() {
	local n=0 r args st
	echo "TAP version 13"
	echo "1..$#"
	for r in "$@"; do
		n=$((n + 1))
		case $r in
		extra_free_burst) args="-d ${EXTRA_FREE_BURST_DIR:-/tmp} ${BURST_ROUNDS:+-r $BURST_ROUNDS}" ;;
		slab_replay) args=${SLAB_REPLAY_ARGS:-} ;;
		*) args= ;;
		esac
		echo "# replay $r $args (uptime $(cut -d" " -f1 /proc/uptime)s)"
		# coreutils' timeout: 124 on expiry and the whole process group
		# signalled (busybox's applet returns the program's status and
		# leaves slab_replay's hackbench running)
		/usr/bin/timeout "$REPLAY_TIMEOUT" "$r" $args > /tmp/replay.out 2>&1
		st=$?
		sed 's/^/# /' /tmp/replay.out
		case $st in
		0) echo "ok $n $r" ;;
		4) echo "ok $n $r # SKIP" ;;
		124) echo "not ok $n $r # TIMEOUT ${REPLAY_TIMEOUT}s" ;;
		*) echo "not ok $n $r # exit=$st" ;;
		esac
	done
}
{
	echo "TAP version 13"
	echo "1..1"
	replays "$@" | sed 's/^/# /'
	# the set's line: its replays' lines above say which failed
	echo "ok 1 replays"
} | tee "$RESULTS/replays.tap"

# Stress with integrity checks while the knobs change: stress-ng's vm
# stressor (two workers, 30% of memory each, every method, --verify)
# and its hdd stressor (buffered file writes read back and checked, on the
# scratch disk) for STRESS_SECS, while the series' reserve changes once a
# second: vm.burst_reserve on and off (on, it grows from the stressors'
# stalls; off empties it), and a compaction bound's knob if the kernel
# has one (a variant's: compaction_knob in common.sh) between 0 and 4000
# (us, the budget) or 8192 (kB, the cap).  The workload fits in memory
# minus the largest reserve.  Four more writers race on vm.burst_reserve
# at once, each writing 0, 1 or 2 every
# 10 ms: 0 and 1 must be taken, 2 refused, and once it is off no zone may
# keep a reserve (the handler's serialisation).  TAP in $RESULTS/stress.tap.
STRESS_SECS=${STRESS_SECS:-60}
section "stress: stress-ng vm + hdd with --verify for ${STRESS_SECS}s while the knobs change"
compaction_knob
step=2000	# us
[ "$cknob_opt" = -b ] || step=4096	# kB
touch /tmp/knobs.run
(
	i=0 bad=0
	while [ -e /tmp/knobs.run ]; do
		if [ -e /proc/sys/vm/burst_reserve ]; then
			echo $((i % 2)) > /proc/sys/vm/burst_reserve || bad=$((bad + 1))
		fi
		[ ! -e "$cknob" ] || echo $(( (i % 3) * step )) > $cknob ||
			bad=$((bad + 1))
		i=$((i + 1))
		sleep 1
	done
	echo "$i $bad" > /tmp/knobs.count
) &
knobs=$!
racers=
if [ -e /proc/sys/vm/burst_reserve ]; then
	for r in 1 2 3 4; do
		(
			i=$r n=0 wrong=0
			while [ -e /tmp/knobs.run ]; do
				v=$((i % 3))
				if echo $v > /proc/sys/vm/burst_reserve 2>/dev/null; then
					[ $v != 2 ] || wrong=$((wrong + 1))
				else
					[ $v = 2 ] || wrong=$((wrong + 1))
				fi
				i=$((i + 1)) n=$((n + 1))
				usleep 10000
			done
			echo "$n $wrong" > /tmp/racer.$r
		) &
		racers="$racers $!"
	done
fi
oom0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
dir=${EXTRA_FREE_BURST_DIR:-/tmp}
# no stress-ng in an arm64 guest (scripts/mkinitramfs.sh): the knobs
# and the racers run alone, the stressor's two checks are skipped
stressor=1
command -v stress-ng >/dev/null || stressor=0
if [ $stressor = 1 ]; then
	stress-ng --vm 2 --vm-bytes 30% --vm-method all --hdd 1 --hdd-bytes 128M \
		--temp-path "$dir" --verify --timeout "${STRESS_SECS}s" --metrics-brief \
		> /tmp/stress.log 2>&1
	src=$?
else
	echo "no stress-ng in this guest: the knobs change without it" > /tmp/stress.log
	sleep "$STRESS_SECS"
	src=0
fi
rm -f /tmp/knobs.run
wait $knobs $racers
cat /tmp/stress.log
read -r changes knob_errors < /tmp/knobs.count
race_n=0 race_wrong=0 race_left=
if [ -n "$racers" ]; then
	for r in 1 2 3 4; do
		read -r n w < /tmp/racer.$r
		race_n=$((race_n + n)) race_wrong=$((race_wrong + w))
	done
	echo 0 > /proc/sys/vm/burst_reserve
	race_left=$(burst_reserve_pages)
fi
ooms=$(( $(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat) - oom0 ))
ok() { if [ "$1" = 0 ]; then echo "ok $2"; else echo "not ok $2"; fi; }
{
	echo "TAP version 13"
	echo "1..$([ -n "$racers" ] && echo 4 || echo 3)"
	if [ $stressor = 1 ]; then
		ok $src "1 stress-ng vm+hdd with --verify for ${STRESS_SECS}s: exit status $src"
		ok $ooms "2 no OOM kill during the stress ($ooms)"
	else
		echo "ok 1 stress-ng vm+hdd # SKIP no stress-ng in this guest"
		echo "ok 2 no OOM kill during the stress # SKIP no stress-ng in this guest"
	fi
	[ "$changes" -ge $((STRESS_SECS / 2)) ] && [ "$knob_errors" = 0 ]
	ok $? "3 knobs changed $changes times, $knob_errors writes refused"
	if [ -n "$racers" ]; then
		[ "$race_wrong" = 0 ] && [ "$race_left" = 0 ] && [ "$race_n" -gt 0 ]
		ok $? "4 vm.burst_reserve: 4 writers at once, $race_n writes of 0, 1 and 2, $race_wrong answered wrongly; off: $race_left pages of reserve left"
	fi
} | tee "$RESULTS/stress.tap"
section "/proc/vmstat highlights after the tests"
show_vmstat
exit $rc
