#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/bound-trace.sh: a known trace of the bound's events gives the
# known faults, statuses, work and kcompactd's hinted runs; no argument
# and a missing trace are errors.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# two faults (an attempt with its whole cap left begins one): the first
# spends its cap over two attempts, the second makes its page; one
# hinted kcompactd run that made nothing
cat > "$tmp/bound.trace" <<'T'
        thpscale-95      [000] .....    51.555138: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=2048 left_before=2048 work=1840 left=208 status=contended
        thpscale-95      [000] .....    51.556000: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=2048 left_before=208 work=240 left=0 status=bounded
      kcompactd0-26      [001] .....    51.560000: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=8192 left_before=8192 work=8200 left=0 status=bounded
        thpscale-95      [000] .....    51.572622: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=2048 left_before=2048 work=1184 left=864 status=success
T
"$top/scripts/bound-trace.sh" "$tmp/bound.trace" > "$tmp/out"
cat "$tmp/out"
grep -q '^  faults, cap 2048 pages: 3 attempts, 2 faults; work per attempt 1088 pages (53% of the cap)$' "$tmp/out"
grep -q "^  a fault's first attempt: .* contended=1" "$tmp/out"
grep -q "^  a fault's first attempt: .* success=1" "$tmp/out"
grep -q "^  a fault's last attempt: .* bounded=1" "$tmp/out"
grep -q "^  kcompactd's hinted runs, cap 8192 pages: 1; work per run 8200 pages$" "$tmp/out"
grep -q '^  how they ended: *bounded=1$' "$tmp/out"
gzip "$tmp/bound.trace"
"$top/scripts/bound-trace.sh" "$tmp/bound.trace.gz" | tail -n +2 | cmp - <(tail -n +2 "$tmp/out")
if "$top/scripts/bound-trace.sh" > /dev/null 2>&1; then
	echo "no trace was accepted"; exit 1
fi
if "$top/scripts/bound-trace.sh" "$tmp/missing" > /dev/null 2>&1; then
	echo "a missing trace was accepted"; exit 1
fi
echo "bound-trace: ok"
