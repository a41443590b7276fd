#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/redis-why.sh: a known trace gives the known compactions over
# the budget, the stop, who ran after it, kcompactd's time and slices
# and (7.2) the bounded attempts and hinted runs, gzipped or not; no
# argument and a missing trace are errors.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# three order-9 compactions: 1 ms, 5 ms (not stopped, success 9), 4.1 ms
# stopped (8); kcompactd then runs 3 ms, and 2 ms more later
cat > "$tmp/why.always:4000.1" <<'T'
# tracer: nop
#
    redis-server-84      [000] .....     8.000000: rdc_in: (try_to_compact_pages+0x0/0x23c) gfp=0x3d24ca order=9 prio=2
    redis-server-84      [000] .....     8.001000: rdc_out: (__alloc_pages_direct_compact+0x71/0x128 <- try_to_compact_pages) ret=9
    redis-server-84      [000] .....     8.010000: rdc_in: (try_to_compact_pages+0x0/0x23c) gfp=0x3d24ca order=9 prio=2
    redis-server-84      [000] .....     8.015000: rdc_out: (__alloc_pages_direct_compact+0x71/0x128 <- try_to_compact_pages) ret=9
    redis-server-84      [000] .....     8.020000: rdc_in: (try_to_compact_pages+0x0/0x23c) gfp=0x3d24ca order=9 prio=2
    redis-server-84      [000] .....     8.024099: mm_compaction_wakeup_kcompactd: nid=0 order=9 classzone_idx=Movable
    redis-server-84      [000] .N...     8.024100: rdc_out: (__alloc_pages_direct_compact+0x71/0x128 <- try_to_compact_pages) ret=8
    redis-server-84      [000] d....     8.024105: sched_switch: prev_comm=redis-server prev_pid=84 prev_prio=120 prev_state=R+ ==> next_comm=kcompactd0 next_pid=25 next_prio=120
      kcompactd0-25      [000] d....     8.027105: sched_switch: prev_comm=kcompactd0 prev_pid=25 prev_prio=120 prev_state=R+ ==> next_comm=redis-server next_pid=84 next_prio=120
 redis-benchmark-111     [000] d....     8.030000: sched_switch: prev_comm=redis-benchmark prev_pid=111 prev_prio=120 prev_state=S ==> next_comm=kcompactd0 next_pid=25 next_prio=120
      kcompactd0-25      [000] d....     8.032000: sched_switch: prev_comm=kcompactd0 prev_pid=25 prev_prio=120 prev_state=S ==> next_comm=redis-server next_pid=84 next_prio=120
    redis-server-84      [000] .....     8.040000: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=2048 left_before=2048 work=2054 left=0 status=bounded
    redis-server-84      [000] .....     8.041000: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=2048 left_before=300 work=900 left=0 status=bounded
      kcompactd0-25      [000] .....     8.050000: mm_compaction_bound: nid=0 zid=0 order=9 mode=async cap=8192 left_before=8192 work=2104 left=6088 status=success
T
"$top/scripts/redis-why.sh" "$tmp/why.always:4000.1" > "$tmp/out"
cat "$tmp/out"
grep -q '^      5000 us  order 9 prio 2 ret 9 at 8.015000$' "$tmp/out"
grep -q '^      4100 us  order 9 prio 2 ret 8 (stopped) at 8.024100$' "$tmp/out"
grep -q 'then redis-server (R+) switched out to kcompactd0 at 8.024105' "$tmp/out"
grep -q '^    kcompactd on the CPU 3000 us from 8.024105, then redis-server$' "$tmp/out"
grep -q '^  order 9: 3 compactions$' "$tmp/out"
grep -q '^  stopped: 1; kcompactd on the CPU 5.0 ms over 7.9 ms in 2 slices, longest 3000 us, 2 of 1000 us or more$' "$tmp/out"
# the second attempt charged 600 pages beyond its 300: over a pageblock
grep -q "^  bounded attempts of faults: 2, the most over what was left 600 pages, over by more than a pageblock: 1; kcompactd's hinted runs: 1, 1 made a page$" "$tmp/out"
# the same from a gzipped trace
gzip -c "$tmp/why.always:4000.1" > "$tmp/t.gz"
"$top/scripts/redis-why.sh" "$tmp/t.gz" | tail -n +2 > "$tmp/out.gz"
tail -n +2 "$tmp/out" | cmp - "$tmp/out.gz"
if "$top/scripts/redis-why.sh" "$tmp/missing" > /dev/null 2>&1; then
	echo "a missing trace was accepted"; exit 1
fi
if "$top/scripts/redis-why.sh" > /dev/null 2>&1; then
	echo "no trace was accepted"; exit 1
fi
echo "redis-why: ok"
