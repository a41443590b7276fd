# SPDX-License-Identifier: GPL-2.0
# The result lines of make check's guests, from their console logs and
# TAP files; sourced by scripts/check.sh and scripts/recheck.sh, which
# define result() and $res (the results file) and set $TOP and $TREE.

# add_lines NAME: result lines on stdin go to $res; the failures are
# shown, the rest counted in one line.
add_lines() {
	local t
	t=$(mktemp)
	cat > "$t"
	cat "$t" >> "$res"
	grep '^FAIL' "$t" >&2
	echo "$1: $(grep -c '^PASS' "$t") passed, $(grep -c '^FAIL' "$t") failed, $(grep -c '^SKIP' "$t") skipped"
	rm -f "$t"
}

# console_scan LOG NAME: scripts/console-scan.sh, the same scan as make
# bench's (kernel lines only, config/console-allowlist).
console_scan() {
	local bad
	if bad=$("$TOP/scripts/console-scan.sh" "$1"); then
		result PASS "$2: no kernel warning, BUG, oops or lockdep report${bad:+ (${bad%%:*} of config/console-allowlist)}"
	else
		echo "$bad" >&2
		result FAIL "$2: kernel reports in $1"
	fi
}
# tap_results TAP PREFIX: one result line per leaf of a guest's TAP; a
# missing TAP fails.
tap_results() {
	if [ -s "$1" ]; then
		python3 "$TOP/scripts/results.py" tap "$2" "$1" | add_lines "${2%: }"
	else
		result FAIL "$2no TAP came back from the guest"
		return 1
	fi
}
# kunit_parse CONSOLE PREFIX: KUnit runs before /init, parse the console
# up to the job's start.
kunit_parse() {
	local d=${1%/*}
	sed '/^guest: /,$d' "$1" > "$d/kunit-console.log"
	python3 "$TREE/tools/testing/kunit/kunit.py" parse --json="$d/kunit.json" \
		"$d/kunit-console.log" > "$d/kunit.txt" 2>&1
	[ -s "$d/kunit.json" ] &&
		python3 "$TOP/scripts/results.py" kunit "$2" "$d/kunit.json" | add_lines "${2%: }"
	grep -q "^PASS $2\|^FAIL $2" "$res" || result FAIL "$2no KUnit results in the console log"
}

# The prefixes of the result lines the two functions below write, as an
# extended regular expression (scripts/recheck.sh drops the old ones).
GUEST_RESULT_LINES='^(PASS|FAIL|SKIP) (kunit: |kselftest: |signal: |replay: |stress: |console|numa kunit: |numa grow: |numa kselftest: |numa console)'

# check_guest_results DIR: the check guest (KUnit, kselftests, the
# series' selftests ended by SIGTERM, replays, stress, console scan);
# nothing if it left no console.
check_guest_results() {
	local console=$1/console.log
	[ -f "$console" ] || return 0
	note "KUnit results (kunit.py parse)"
	kunit_parse "$console" "kunit: "
	tap_results "$1/results/kselftest.tap" "kselftest: " &&
		{ grep -q '^PASS kselftest' "$res" || result FAIL "kselftest: nothing passed"; }
	tap_results "$1/results/signals.tap" "signal: "
	tap_results "$1/results/replays.tap" "replay: "
	tap_results "$1/results/stress.tap" "stress: "
	console_scan "$console" "console"
}

# pagemap_guest_results DIR: arm64's pagemap_ioctl guest (one.sh)
pagemap_guest_results() {
	[ -f "$1/console.log" ] || return 0
	tap_results "$1/results/one.tap" "kselftest: pagemap (8 GiB): "
	console_scan "$1/console.log" "console (pagemap guest)"
}

# numa_guest_results DIR: the many-CPU, many-node guest; the reserve
# grown first if its command line asked (env.NUMA_GROW_MB).
numa_guest_results() {
	local console=$1/console.log
	[ -f "$console" ] || return 0
	kunit_parse "$console" "numa kunit: "
	! grep -q 'env\.NUMA_GROW_MB=' "$1/qemu.cmd" 2>/dev/null ||
		tap_results "$1/results/grow.tap" "numa grow: "
	tap_results "$1/results/numa.tap" "numa kselftest: "
	console_scan "$console" "numa console"
}
