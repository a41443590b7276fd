#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lib.sh's check_out: the folder check.sh writes and check-bases.sh reads,
# one per kind of run, none shared with make check's.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
while read -r want env; do
	got=$(env -u DEBUG -u RT -u NUMA_ONLY -u ARCH -u BUILD $env BASE=7.2 \
		bash -c ". '$top/scripts/lib.sh' && check_out")
	got=$(realpath -m --relative-to="$top" "$got")
	[ "$got" = "$want" ] || { echo "check_out with '$env': $got, not $want" >&2; exit 1; }
done <<'CASES'
build/7.2/check
build/7.2/check-debug DEBUG=1
build/7.2/check-rt RT=1
build/7.2/check-arm64 ARCH=arm64
build/7.2/check-numa NUMA_ONLY=1
build/7.2/check-numa-arm64 NUMA_ONLY=1 ARCH=aarch64
build/7.2/check-debug-arm64 DEBUG=1 ARCH=arm64
CASES
echo "check-out: all cases as expected"
