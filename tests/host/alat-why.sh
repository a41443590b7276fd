#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/alat-why.py: a known trace gives a known breakdown of a slow
# allocation (task on the CPU, who ran while it was off, interrupts,
# how it left the CPU), and a folder without traces is an error.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# burst (pid 100) allocates from 10.002 to 10.006 on CPU 0: on the CPU
# 1 ms, preempted by kswapd0 for 2 ms (a 0.5 ms interrupt inside), back
# for 1 ms; a 0.25 ms interrupt hits the task itself at the end.
cat > "$tmp/why.extra.1" <<'T'
# alat-why slow_ns=1000000 overrun_cpu0=0
# tracer: nop
#
          <idle>-0       [000] d..2.    10.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=extra_free_burs next_pid=100 next_prio=120
 extra_free_burs-100     [000] d..2.    10.003000: sched_switch: prev_comm=extra_free_burs prev_pid=100 prev_prio=120 prev_state=R+ ==> next_comm=kswapd0 next_pid=50 next_prio=120
 extra_free_burs-100     [000] d..2.    10.003000: <stack trace>
 => __schedule+0x3b0/0x1000
 => __cond_resched+0x30/0x50
 => __alloc_pages_noprof+0xa0/0x300
 => filemap_alloc_folio_noprof+0x40/0x100
          kswapd0-50     [000] d.h1.    10.004000: irq_handler_entry: irq=24 name=virtio2-req.0
          kswapd0-50     [000] d.h1.    10.004500: irq_handler_exit: irq=24 ret=handled
          kswapd0-50     [000] d..2.    10.005000: sched_switch: prev_comm=kswapd0 prev_pid=50 prev_prio=120 prev_state=S ==> next_comm=extra_free_burs next_pid=100 next_prio=120
 extra_free_burs-100     [000] ..s1.    10.005500: softirq_entry: vec=1 [action=TIMER]
 extra_free_burs-100     [000] ..s1.    10.005750: softirq_exit: vec=1 [action=TIMER]
 extra_free_burs-100     [000] ...1.    10.006000: alat_lat: ns=4000000
T
out=$(python3 "$top/scripts/alat-why.py" "$tmp")
echo "$out"
want() { grep -qF -- "$1" <<<"$out" || { echo "missing: $1"; exit 1; }; }
want '## extra: 1 allocations of 1 ms or more in 1 rounds, 4.00 ms in all'
want 'the task on the CPU: 1.75 ms (44%); interrupts while it was: 0.25 ms'
want 'others on its CPU while it was off: 2.00 ms (50%): kswapd0 2.00'
want 'irq virtio2-req.0 0.50'
want 'softirq TIMER 0.25'
want 'switches out: 1 (R+ 1)'
want '__alloc_pages_noprof < filemap_alloc_folio_noprof'

mkdir "$tmp/empty"
if python3 "$top/scripts/alat-why.py" "$tmp/empty" 2>/dev/null; then
	echo "a folder without traces passed"; exit 1
fi
echo "alat-why: ok"
