#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/bench.sh: every workload file of config/bench/ loads (--list),
# a broken one is refused, and --report re-makes a finished workload's
# raw.txt and report from its runs without booting, leaving out a run
# whose console has a kernel report.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$top/scripts/bench.sh" --list > "$tmp/list"
cat "$tmp/list"
[ "$(wc -l < "$tmp/list")" = "$(ls "$top/config/bench" | grep -vc '\.md$')" ]
grep -q '^memcg ' "$tmp/list"

# a workload file without a required setting is refused by name
mkdir -p "$tmp/conf"
cp "$top"/config/bench/* "$tmp/conf/"
sed -i '/^group=/d' "$tmp/conf/memcg"
mkdir -p "$tmp/top/scripts" "$tmp/top/config" "$tmp/top/guest"
cp -r "$top/scripts/." "$tmp/top/scripts/"
cp -r "$top/guest/jobs" "$tmp/top/guest/"
cp "$top"/config/base-* "$tmp/top/config/"
cp -r "$tmp/conf" "$tmp/top/config/bench"
if "$tmp/top/scripts/bench.sh" --list > "$tmp/out" 2>&1; then
	echo "a workload without group= was accepted"; exit 1
fi
grep -q "config/bench/memcg does not set group" "$tmp/out"

# --report: two runs kept, the second one's console warned
d=$tmp/memcg
for r in 1 2; do
	mkdir -p "$d/runs/patched-$r/results"
	for s in off extra; do
		echo "memcg setting=$s a_secs=1$r.0 b_secs=2$r.0 a_refault=5 b_refault=9 adv_pct=4$r.0"
	done > "$d/runs/patched-$r/results/bench.txt"
	echo "Linux version 6.12.117 (test)" > "$d/runs/patched-$r/console.log"
	echo 0 > "$d/runs/patched-$r/results/rc"
done
echo "[    1.000000] WARNING: CPU: 1 PID: 1 at mm/page_alloc.c:1 x+0x1/0x2" >> "$d/runs/patched-2/console.log"
printf '# make bench: memcg\n\nCommand: `make bench-memcg`, 2026-01-01 00:00 UTC, 2 runs per kernel, interleaved.\n\n- host: test\n\nPer metric and setting: old\n' > "$d/report.md"
"$top/scripts/bench.sh" --report "$d" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
cat "$tmp/out"
grep -q "^- patched-2: kernel report in the console" "$tmp/out"
grep -q "^- patched-2: kernel report in the console" "$d/report.md"
[ "$(grep -c ' run=1$' "$d/raw.txt")" = 2 ]
! grep -q ' run=2$' "$d/raw.txt"
grep -q '^Command: `make bench-memcg`, 2026-01-01' "$d/report.md"
grep -q 're-made with `scripts/bench.sh --report`' "$d/report.md"
grep -q '^## Headline' "$d/report.md"
grep -q '^| adv_pct ' "$d/report.md"
# a boot kept as KERNEL-N.failed (booted once more) is not counted
mkdir -p "$d/runs/patched-1.failed/results"
echo "memcg setting=off adv_pct=99 kernel=x" > "$d/runs/patched-1.failed/results/bench.txt"
echo 0 > "$d/runs/patched-1.failed/results/rc"
"$top/scripts/bench.sh" --report "$d" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
! grep -q 'adv_pct=99' "$d/raw.txt"
[ "$(grep -c 're-made with' "$d/report.md")" = 2 ]
[ -s "$d/raw.csv" ]
echo "bench-report: ok"
