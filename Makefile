# SPDX-License-Identifier: GPL-2.0
# The allocation-latency series: build, boot, test.  See README.md.
# BASE picks the kernel: 6.12 (default, the LTS series) or 7.2 (the
# upstream series); its series is patches/$(BASE), everything generated
# goes to build/$(BASE).

S := scripts
BASE ?= 6.12
export BASE
B := build/$(BASE)

.PHONY: help demo check check-arm64 check-64cpu check-debug check-rt bench tree series checkpatch kernel selftests bisect host-tests clean

help:
	@echo "Every target takes BASE=6.12 (default) or BASE=7.2: patches/BASE, build/BASE"
	@echo "make demo        build the patched kernel (7.2 unless BASE=), boot it, show the knobs at work"
	@echo "make check       all tests of both series (BASE=: one); ends with 'N passed, N failed'"
	@echo "make check-arm64 the guest tests on arm64 with 64K pages (cross-built, QEMU virt; = make check ARCH=arm64)"
	@echo "make check-64cpu the series' KUnit and selftest on 64 vCPUs in 8 NUMA nodes (16 GiB), a reserve grown first"
	@echo "make check-debug the guest tests on a debug kernel (lockdep, DEBUG_VM, KASAN, slub_debug)"
	@echo "make check-rt    the guest tests on a PREEMPT_RT kernel with lockdep"
	@echo "make bench       five benchmarks side by side, ~70 min ($(B)/bench/report.md)"
	@echo "make bench-NAME one workload of config/bench/ (RUNS=N, QUICK=1):"
	@l=$$($(S)/bench.sh --list 2>&1) || { echo "$$l"; exit 1; }; echo "$$l" | sed 's/^/    /'
	@echo "make tree        $(B)/linux: base + patches/$(BASE)-fixes + patches/$(BASE) as git commits (FORCE=1: re-apply)"
	@echo "make series      export $(B)/linux's commits back to patches/$(BASE)-fixes and patches/$(BASE)"
	@echo "make checkpatch  scripts/checkpatch.pl --strict on every patch"
	@echo "make kernel      build the test kernel only ($(B)/obj)"
	@echo "make selftests   build the mm kselftests only ($(B)/kselftest)"
	@echo "make bisect      every prefix applies and builds with W=1"
	@echo "make host-tests  the harness's own tests"
	@echo "make clean       remove build/, all bases (ccache in ~/.cache/ccache stays)"

# make demo: the upstream series (7.2) unless BASE= is given
DEMO_BASE ?= 7.2
demo:
ifeq ($(origin BASE),file)
	BASE=$(DEMO_BASE) $(S)/demo.sh
else
	$(S)/demo.sh
endif

# make check: every base in BASES in turn and one summary of all; with
# BASE=... on the command line or in the environment, that base only.
# The other check targets the same way, with their kind of kernel or guest.
BASES ?= 6.12 7.2
CHECK = $(if $(filter file,$(origin BASE)),$(S)/check-bases.sh $(BASES),$(S)/check.sh)
check:
	$(CHECK)

# the same on arm64 with 64K pages: its own target, not part of make
# check (two cold cross-builds do not fit in CI's time beside it)
check-arm64:
	ARCH=arm64 $(CHECK)

# the server-shaped guest alone at 64 vCPUs in 8 nodes of 2 GiB: the
# series' KUnit suite and selftest with a reserve of 1 GiB aimed at, the
# per-cpu lists' figures
check-64cpu:
	NUMA_ONLY=1 NUMA_CPUS=64 NUMA_NODES=8 NUMA_NODE_GB=$${NUMA_NODE_GB:-2} \
		NUMA_GROW_MB=$${NUMA_GROW_MB:-1024} $(CHECK)

check-debug:
	DEBUG=1 $(CHECK)

check-rt:
	RT=1 $(CHECK)

bench:
	$(S)/bench.sh --all

# one rule for every workload: config/bench/NAME is bench-NAME
BENCH_WORKLOADS := $(notdir $(filter-out %.md %~,$(wildcard config/bench/*)))
.PHONY: $(addprefix bench-,$(BENCH_WORKLOADS))
$(addprefix bench-,$(BENCH_WORKLOADS)): bench-%:
	$(S)/bench.sh $*

tree:
	$(S)/deps.sh
	$(S)/tree.sh $(if $(filter 1,$(FORCE)),--force)

series:
	$(S)/series.sh

checkpatch: tree
	$(S)/checkpatch.sh
	$(S)/quilt-check.sh

# ARCH=arm64: the cross-built kernel and selftests beside x86_64's
# (obj-arm64, kselftest-arm64), as make check-arm64 builds them
SFX := $(if $(filter arm64 aarch64,$(ARCH)),-arm64)
kernel: tree
	$(S)/build-kernel.sh $(B)/linux $(B)/obj$(SFX) config/test.config

selftests: kernel
	$(S)/build-selftests.sh $(B)/linux $(B)/obj$(SFX) $(B)/kselftest$(SFX)

bisect: kernel
	$(if $(SFX),@echo "error: make bisect builds for x86_64 only" >&2; exit 1)
	$(S)/bisect-check.sh $(B)/obj/.config

host-tests: tree
	@for t in tests/host/*.sh; do $$t >/dev/null 2>&1 && echo "PASS $$t" || { echo "FAIL $$t"; exit 1; }; done

clean:
	rm -rf build
