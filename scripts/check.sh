#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: everything, in order, each step's result as PASS/FAIL/SKIP
# lines in build/$BASE/check/results.txt, then the summary "N passed, N failed".
#
#  1. the fixes and the series apply to the base (build/$BASE/linux: git
#     am), each also alone (git apply; quilt push -a), checkpatch --strict
#     on every patch
#  2. host: the harness's own tests (tests/host/*.sh)
#  3. the test kernel and the mm kselftests build; bisectability
#  4. harness self-tests in QEMU: a panicking and a hanging guest fail
#  5. the guest run: KUnit at boot (kunit.py parse), mm kselftests
#     (run_kselftest.sh) in the guest, the workload replays (guest/src),
#     stress, console scan
#  6. a guest of 16 vCPUs in 4 NUMA nodes: the series' KUnit suite and
#     selftest (make check-64cpu: this step alone, 64 vCPUs in 8 nodes)
set -uo pipefail
. "$(dirname "$0")/lib.sh"

# DEBUG=1 (make check-debug): the same guest run on a debug kernel
# (config/debug.config on top of config/test.config, slub_debug=FZPU),
# in build/$BASE/check-debug; the host-side steps (checkpatch, bisect, the
# harness's tests, the runner's panic and hang self-tests) do not depend
# on the kernel and are left to make check.
# RT=1 (make check-rt): the same guest runs, the 16-CPU one included, on
# a PREEMPT_RT kernel with lockdep and the sleep-in-atomic checks
# (config/rt.config), in build/$BASE/check-rt; the host-side steps are
# left to make check as for DEBUG=1.
DEBUG=${DEBUG:-0} RT=${RT:-0}
[ "$DEBUG" = 1 ] && [ "$RT" = 1 ] && die "DEBUG=1 and RT=1: one kernel kind at a time"
# KIND: the kernel's kind, which names its files (check-KIND, obj-KIND,
# ...) and its config fragment (config/KIND.config); make check's has none
KIND=
[ "$DEBUG" = 1 ] && KIND=debug
[ "$RT" = 1 ] && KIND=rt
HOST_STEPS=1
[ -z "$KIND" ] || HOST_STEPS=0
# ARCH=arm64 (make check ARCH=arm64): the same steps on a cross-built
# arm64 kernel with 64K pages, in build/$BASE/check-arm64 (obj-arm64,
# ...); the host-side steps are left to make check, the runner's panic
# and hang self-tests are run (the machine is another), and the guest's
# list is shorter: the series' selftest and upstream's categories that
# do not fault 512 MiB huge pages (thp, cow), soft_dirty being x86's.
[ "$ARCH" = x86_64 ] || HOST_STEPS=0
# NUMA_ONLY=1 (make check-64cpu, with NUMA_CPUS=64 NUMA_NODES=8
# NUMA_NODE_GB=2): the builds and the server-shaped guest of step 6
# only, its results in build/$BASE/check-numa (the kernel, kselftests
# and initramfs are make check's)
NUMA_ONLY=${NUMA_ONLY:-0}
[ "$NUMA_ONLY" = 1 ] && HOST_STEPS=0
sfx=${KIND:+-$KIND}$ARCH_SFX
out=$(check_out)
KERNEL_OBJ=$BUILD/obj$sfx
KSFT=$BUILD/kselftest$sfx
INITRD=$BUILD/initramfs$sfx.cpio.gz
CONFIGS="$TOP/config/test.config${KIND:+ $TOP/config/$KIND.config}"
case $KIND in
debug)
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-6600}
	# run_vmtests.sh gets all of it but 50 minutes (make check: 1200 s),
	# each replay 1200 s (300 s), and the boot with its KUnit suites and
	# stress the rest: a hung test ends in a TIMEOUT line of its own
	# before the guest's time is up.  The burst replay runs two rounds,
	# as on the RT kernel: on KASAN, lockdep and slub_debug a round's
	# three bursts took 106-142 s on 7.2, where the third round did not
	# end within 500 s, and 210-248 s on 6.12, where two rounds took 755
	# s (2026-12-07).  slab_replay's hackbench (REPLAYS=) runs 20
	# loops, not 200: the same 60 groups (the slab demand under test),
	# a tenth of the pipe messages, which took over 500 s before its
	# first round ended
	[ "$GUEST_TIMEOUT" -ge 4800 ] || die "check-debug needs GUEST_TIMEOUT of 4800 s or more"
	CMDLINE="slub_debug=FZPU env.KSFT_TIMEOUT=$((GUEST_TIMEOUT - 3000)) env.REPLAY_TIMEOUT=1200"
	CMDLINE="$CMDLINE env.BURST_ROUNDS=2 env.SLAB_REPLAY_ARGS=-l,20"
	GUEST_TIME="20 to 40 minutes"
	;;
rt)
	# lockdep on the fault path slows TCG down: a burst round of the
	# replay took 43-55 s (make check: about 3 s), six rounds did not
	# fit in 300 s (2026-12-05), so each replay gets 900 s; the
	# reserve's replay runs three bursts a round, of 51-103 s each
	# here, and three rounds did not fit in 900 s (2026-12-06): two
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-4800}
	CMDLINE="env.KSFT_TIMEOUT=$((GUEST_TIMEOUT - 1800)) env.REPLAY_TIMEOUT=900"
	CMDLINE="$CMDLINE env.BURST_ROUNDS=2"
	GUEST_TIME="about 20 minutes"
	;;
*)
	CMDLINE=
	# run_vmtests.sh 1200 s at most, each replay 300 s, stress 60 s,
	# boot and the rest: a test that hangs is a TIMEOUT of its own, not
	# a guest killed with everything it had not yet written
	GUEST_TIMEOUT=${GUEST_TIMEOUT:-2400}
	GUEST_TIME="about 10 minutes"
	;;
esac
# KSFT_MM=a,b,c: only these run_vmtests.sh categories (e.g. the series'
# own, burst_reserve,compaction, for a shorter debug run).  Without it,
# the base's CHECK_KSFT_MM (config/base-$BASE) if it has one, else the
# guest job's list.
# arm64 runs pagemap in a guest of its own: with 64K pages its huge page
# cases map ten PMDs of 512 MiB at once, more than this guest's 4 GiB
[ "$ARCH" != arm64 ] || CHECK_KSFT_MM=${CHECK_KSFT_MM_ARM64:-burst_reserve atomic_first mmap compaction mlock mremap madv_populate mkdirty}
KSFT_MM=${KSFT_MM:-${CHECK_KSFT_MM:-}}
[ -n "${KSFT_MM:-}" ] && CMDLINE="${CMDLINE:+$CMDLINE }env.KSFT_MM=$(echo $KSFT_MM | tr ' ' ,)"
# REPLAYS="a b": only these workload replays (guest/jobs/check.sh), else
# the base's CHECK_REPLAYS, else the guest job's (extra_free_burst)
REPLAYS=${REPLAYS:-${CHECK_REPLAYS:-}}
[ -n "${REPLAYS:-}" ] && CMDLINE="${CMDLINE:+$CMDLINE }env.REPLAYS=$(echo $REPLAYS | tr ' ' ,)"
# arm64's hugetlb pages of 2 MiB (order 5, contiguous PTEs), not the
# PMD's 512 MiB: 6.12's run_vmtests.sh reserves 2 per CPU of the default
# size before any category, 2 GiB of the guest's 4 otherwise.  THPs stay
# the PMD's 512 MiB.
[ "$ARCH" != arm64 ] || CMDLINE="${CMDLINE:+$CMDLINE }default_hugepagesz=2M"
# arm64: 4 GiB from 1 GiB up, so two zones (DMA32 below 4 GiB, Normal)
GUEST_MEM=${GUEST_MEM:-$([ "$ARCH" = arm64 ] && echo 4G || echo 3G)}
GUEST_CPUS=${GUEST_CPUS:-2}
rm -rf "$out"
mkdir -p "$out"
res=$out/results.txt
: > "$res"
t0=$(date +%s)

# The output is short, so that a failure shows in the first screen (CI
# shows the head of it): a line per step, the why of a failure, and the
# summary; every result line is in $res.  A failed step prints its log's
# "error:" lines, then its tail.
result() { echo "$1 $2" | tee -a "$res"; }
# Parsing a guest's console and TAP into result lines (and add_lines, used
# by lines() below): shared with scripts/recheck.sh, which re-parses a
# finished run without booting.
. "$TOP/scripts/guest-results.sh"
# step NAME LOG CMD...: run CMD with its output in LOG, record the result.
step() {
	local name=$1 log=$2 s=$(date +%s)
	shift 2
	if "$@" > "$log" 2>&1; then
		result PASS "$name"
		echo "$name: $(( $(date +%s) - s ))s" >> "$out/times.txt"
		return 0
	fi
	result FAIL "$name (log: ${log#$TOP/})"
	grep -a '^error: ' "$log" | head -n 3 | sed 's/^/    /' >&2
	tail -n 20 "$log" | sed 's/^/    | /' >&2
	echo "$name: $(( $(date +%s) - s ))s (failed)" >> "$out/times.txt"
	return 1
}
# lines NAME LOG CMD...: CMD prints its own "PASS|FAIL NAME: ..." lines
# (into $res; its failures are shown, its passes counted); a CMD that
# fails without printing a FAIL line is recorded as a failure.
lines() {
	local name=$1 log=$2
	shift 2
	"$@" 2> "$log" | add_lines "$name"
	[ "${PIPESTATUS[0]}" = 0 ] || grep -q "^FAIL $name" "$res" ||
		result FAIL "$name: ${1##*/} failed (log: ${log#$TOP/})"
}
finish() {
	echo "total: $(( $(date +%s) - t0 ))s" >> "$out/times.txt"
	echo "== times"; cat "$out/times.txt"
	echo "== summary (${res#$TOP/})"
	python3 "$TOP/scripts/results.py" summary "$res"
	exit $?
}

step "deps: packages from Debian's archive" "$out/deps.log" "$TOP/scripts/deps.sh" || finish

# 1. The series applies (this also gives the tree the host tests use).
step "series: applies to the base (make tree)" "$out/tree.log" "$TOP/scripts/tree.sh" || finish

# 2. Host-side tests of the harness (HARNESS_TESTS=0: not again, for the
# second base of scripts/check-bases.sh; they do not depend on the base).
HARNESS_TESTS=${HARNESS_TESTS:-1}
if [ "$HOST_STEPS" = 1 ]; then
	if [ "$HARNESS_TESTS" = 1 ]; then
		for t in "$TOP"/tests/host/*.sh; do
			[ -e "$t" ] || continue
			step "host: ${t##*/}" "$out/host-${t##*/}.log" "$t"
		done
	fi
	step "series: each posting applies alone (git apply, quilt push -a)" "$out/quilt.log" "$TOP/scripts/quilt-check.sh"
	lines checkpatch "$out/checkpatch.log" "$TOP/scripts/checkpatch.sh"
fi

# 3. Builds.
step "build: test kernel" "$out/kernel.log" \
	"$TOP/scripts/build-kernel.sh" "$TREE" "$KERNEL_OBJ" $CONFIGS || finish
step "build: mm kselftests" "$out/kselftest-build.log" \
	"$TOP/scripts/build-selftests.sh" "$TREE" "$KERNEL_OBJ" "$KSFT" || finish
step "build: initramfs" "$out/initramfs.log" \
	"$TOP/scripts/mkinitramfs.sh" "$INITRD" "$KSFT" || finish
[ "$HOST_STEPS" = 0 ] ||
	lines bisect "$out/bisect.log" "$TOP/scripts/bisect-check.sh" "$KERNEL_OBJ/.config"

# 4. The runner catches crashes and hangs (expected to fail, quickly).
kernel=$KERNEL_OBJ/$KIMAGE
expect_fail() { # job timeout message
	local o=$out/selftest-$1 said
	if "$TOP/scripts/run-guest.sh" -k "$kernel" -i "$INITRD" -j "$1" \
		-o "$o" -m 512M -c 1 -t "$2" > "$o.log" 2>&1; then
		echo "runner did not fail on job $1" >&2
		return 1
	fi
	# It failed for the right reason, after the job really started
	# (init's own line; the job's output may not reach the console
	# before the crash).
	said=$(grep -c "^guest: running job $1" "$o/console.log")
	grep -q "$3" "$o.log" && grep -q -- "---- last 40 lines" "$o.log" && [ "$said" -gt 0 ]
}
# Not on the debug kernel: it takes minutes to reach /init (boot-time
# KUnit under KASAN and lockdep), and these test the runner, not the
# kernel (nor with HARNESS_TESTS=0).
# The hung guest's timeout must let it reach the job: arm64 under TCG
# runs the boot-time KUnit suites for about 45 s first.
hang_t=15
[ "$ARCH" = x86_64 ] || hang_t=90
if { [ "$HOST_STEPS" = 1 ] || [ "$ARCH" != x86_64 ]; } && [ "$HARNESS_TESTS" = 1 ] &&
   [ "$NUMA_ONLY" = 0 ] && [ -z "$KIND" ]; then
	step "harness: a guest panic fails the run with the console tail" "$out/selftest-panic.txt" \
		expect_fail panic 120 "kernel panic"
	step "harness: a hung guest fails the run at its timeout" "$out/selftest-hang.txt" \
		expect_fail hang "$hang_t" "did not finish within ${hang_t}s"
fi

# 5. The guest run.  Once more if the emulator, not the kernel, ended it:
# QEMU's stray int3 (run-guest.sh exit 3, see README, Machine notes) or
# QEMU dying of a signal (exit 4); the first console stays in
# guest.retried/ and the summary says so.
guest_run() { # OUTDIR run-guest.sh options (without -o)
	local o=$1 rc=0 why
	shift
	"$TOP/scripts/run-guest.sh" -o "$o" "$@" || rc=$?
	case $rc in
	3) why="died of QEMU's stray int3" ;;
	4) why="lost QEMU to a signal: $(grep -a -m1 '^error: ' "$o.log" 2>/dev/null | cut -c1-200)" ;;
	*) return "$rc" ;;
	esac
	rm -rf "$o.retried"
	rm -f "$o"/*.img
	mv "$o" "$o.retried"
	echo "NOTE guest: booted twice, the first boot $why (${o#$TOP/}.retried/console.log)" |
		tee -a "$res" >&2
	"$TOP/scripts/run-guest.sh" -o "$o" "$@"
}
if [ "$NUMA_ONLY" = 0 ]; then
	note "the guest run takes $GUEST_TIME under TCG; follow ${out#$TOP/}/guest/console.log"
	step "guest: boot, run the kselftests, power off" "$out/guest.log" \
		guest_run "$out/guest" -k "$kernel" -i "$INITRD" -j check -m "$GUEST_MEM" -c "$GUEST_CPUS" \
		-t "$GUEST_TIMEOUT" -s 8G -w 2G ${CMDLINE:+-a "$CMDLINE"}
	check_guest_results "$out/guest"
fi
# arm64: pagemap_ioctl in a guest of 8 GiB of its own (ten 512 MiB PMDs)
if [ "$ARCH" = arm64 ] && [ "$NUMA_ONLY" = 0 ] && [ "$KIND" != debug ]; then
	step "guest (8 GiB): pagemap_ioctl" "$out/pagemap.log" guest_run "$out/pagemap" \
		-k "$kernel" -i "$INITRD" -j one -m 8G -c 2 -t 1200 -w 2G \
		-a "env.TEST=pagemap_ioctl default_hugepagesz=2M hugepages=16"
	pagemap_guest_results "$out/pagemap"
fi

# 6. A server-shaped guest: 16 CPUs in 4 NUMA nodes of 1 GiB
# (NUMA_NODE_GB), a socket per node (with QEMU's default topology the
# last-level cache spans nodes, and the kernel warns in
# topology_sane()).  Only the series'
# tests whose subject depends on CPUs and nodes (guest/jobs/numa.sh): the
# base's CHECK_NUMA_KUNIT suites at boot and CHECK_NUMA_TESTS selftests
# (config/base-*: every node's zones switching vm.burst_reserve on and
# off, the KUnit suite's per-cpu sizing on zones of its own).
NUMA_CPUS=${NUMA_CPUS:-16} NUMA_NODES=${NUMA_NODES:-4} NUMA_NODE_GB=${NUMA_NODE_GB:-1}
CHECK_NUMA_KUNIT=${CHECK_NUMA_KUNIT:-burst_reserve}
CHECK_NUMA_TESTS=${CHECK_NUMA_TESTS:-burst_reserve}
# lockdep on 16 vCPUs under TCG (make check-rt) boots several times slower
NUMA_TIMEOUT=900
[ "$ARCH" = arm64 ] && NUMA_TIMEOUT=1800
# 64 vCPUs on the host's few cores: boot and KUnit take most of it
[ "$NUMA_CPUS" -gt 16 ] && NUMA_TIMEOUT=3600
[ "$KIND" != rt ] || [ "$NUMA_TIMEOUT" -ge 2400 ] || NUMA_TIMEOUT=2400
NUMA_PER=$((NUMA_CPUS / NUMA_NODES))
# NUMA_GROW_MB (make check-64cpu: 1024): bursts on every node first grow
# the burst reserve, aiming at that many MiB over the nodes, and the
# selftests run with it held (guest/jobs/numa.sh: it reclaims page cache
# read from a sparse file on a scratch disk; what it holds is reported,
# none fails).  Nodes of 2 GiB there (Makefile): with 1 GiB the reserve
# the bursts grew was 88-779 MiB, with 2 GiB 2.6 GiB (results/README.md)
NUMA_GROW_MB=${NUMA_GROW_MB:-}
numa_qemu() {
	local n per=$NUMA_PER
	for n in $(seq 0 $((NUMA_NODES - 1))); do
		printf -- '-object memory-backend-ram,id=m%d,size=%dG ' "$n" "$NUMA_NODE_GB"
		printf -- '-numa node,nodeid=%d,memdev=m%d,cpus=%d-%d ' "$n" "$n" \
			$((n * per)) $((n * per + per - 1))
	done
}
numa_run() { QEMU_EXTRA="$(numa_qemu)" guest_run "$@"; }
if [ "$KIND" != debug ]; then
	step "guest ($NUMA_CPUS cpus, $NUMA_NODES nodes): boot, $CHECK_NUMA_KUNIT KUnit, $CHECK_NUMA_TESTS" \
		"$out/numa.log" numa_run "$out/numa" -k "$kernel" -i "$INITRD" -j numa \
		-m "$((NUMA_NODES * NUMA_NODE_GB))G" -t "$NUMA_TIMEOUT" \
		-a "kunit.filter_glob=$CHECK_NUMA_KUNIT env.NUMA_TESTS=$CHECK_NUMA_TESTS${NUMA_GROW_MB:+ env.NUMA_GROW_MB=$NUMA_GROW_MB}" \
		${NUMA_GROW_MB:+-s 256M} -c "$NUMA_CPUS,sockets=$NUMA_NODES,cores=$NUMA_PER,threads=1"
	numa_guest_results "$out/numa"
fi
finish
