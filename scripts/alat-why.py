#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Where the slow allocations' time went.

Reads the traces that extra_free_burst -A writes (why.SETTING.ROUND, one
per round, or the same xz-compressed; see guest/src/alloc_latency.h):
the synthetic alat_lat event of every allocation of the burst task that
took 1 ms or more, every context switch, the task's kernel stack at
each switch out, and hard and soft interrupts.  For each slow allocation it splits the time between
its start and end, on the CPU where it ended, into: the task on the CPU
(less interrupts), hard and soft interrupts, and other tasks by name
while the task was off the CPU, with how it left the CPU (prev_state R:
preempted; D or S: it waited) and where (the stack).

    scripts/alat-why.py build/6.12/bench/alloc-latency-why/runs

Prints one block per setting over all its files, then each slow
allocation, longest first (-n, default 10 per setting).
"""
import argparse
import collections
import lzma
import os
import re
import sys

LINE = re.compile(r'^\s*(?P<comm>.+?)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+\S+\s+'
                  r'(?P<ts>\d+\.\d+): (?P<ev><stack trace>|\w+)(?:: ?(?P<rest>.*))?$')
KV = re.compile(r'(\w+)=(\S+)')
SKIP_FRAMES = ('__schedule', 'schedule', 'preempt_schedule', '__cond_resched',
               'trace_event_raw_event', '__traceiter', 'event_triggers_call')


def parse(path):
    """Events of one trace file: (ts, cpu, pid, comm, event, fields, stack)."""
    events, header = [], {}
    opener = lzma.open if path.endswith('.xz') else open
    with opener(path, 'rt', errors='replace') as f:
        last = None
        for line in f:
            if line.startswith('# alat-why'):
                header = dict(KV.findall(line))
                continue
            if line.startswith('#'):
                continue
            if line.startswith(' => '):
                if last is not None and last[4] == '<stack trace>':
                    last[6].append(line[4:].strip())
                continue
            m = LINE.match(line)
            if not m:
                continue
            ev = m.group('ev')
            fields = dict(KV.findall(m.group('rest') or ''))
            last = (float(m.group('ts')), int(m.group('cpu')), int(m.group('pid')),
                    m.group('comm').strip(), ev, fields, [])
            events.append(last)
    return events, header


def frames(stack):
    out = [s.split('+')[0] for s in stack]
    out = [s for s in out if not s.startswith(SKIP_FRAMES)]
    return ' < '.join(out[:5])


def analyse(events):
    """One dict per slow allocation."""
    slow = [e for e in events if e[4] == 'alat_lat']
    if not slow:
        return []
    task, task_comm = slow[0][2], slow[0][3]
    # per CPU: running segments and interrupt intervals
    segs = collections.defaultdict(list)    # cpu -> [start, end, pid, comm]
    irqs = collections.defaultdict(list)    # cpu -> [start, end, kind, name]
    open_irq, open_soft, cur = {}, {}, {}
    switches = []                           # the task's switches out
    for i, (ts, cpu, pid, comm, ev, f, _) in enumerate(events):
        if ev == 'sched_switch':
            if cpu in cur:
                cur[cpu][1] = ts
                segs[cpu].append(cur[cpu])
            else:   # what ran before the first switch: prev
                segs[cpu].append([0.0, ts, int(f.get('prev_pid', -1)),
                                  f.get('prev_comm', '?')])
            cur[cpu] = [ts, None, int(f.get('next_pid', -1)), f.get('next_comm', '?')]
            if int(f.get('prev_pid', -1)) == task:
                stack = ''
                for nxt in events[i + 1:i + 3]:
                    if nxt[4] == '<stack trace>' and nxt[1] == cpu:
                        stack = frames(nxt[6])
                        break
                switches.append((ts, f.get('prev_state', '?'), stack))
        elif ev == 'irq_handler_entry':
            open_irq[cpu] = (ts, f.get('name', f.get('irq', '?')))
        elif ev == 'irq_handler_exit' and cpu in open_irq:
            t0, name = open_irq.pop(cpu)
            irqs[cpu].append((t0, ts, 'irq', name))
        elif ev == 'softirq_entry':
            open_soft[cpu] = (ts, f.get('action', f.get('vec', '?')).strip('[]'))
        elif ev == 'softirq_exit' and cpu in open_soft:
            t0, name = open_soft.pop(cpu)
            irqs[cpu].append((t0, ts, 'softirq', name))
    end = events[-1][0]
    for cpu, c in cur.items():
        c[1] = end
        segs[cpu].append(c)

    def overlap(a0, a1, b0, b1):
        return max(0.0, min(a1, b1) - max(a0, b0))

    out = []
    for ts, cpu, pid, comm, ev, f, _ in slow:
        ns = int(f.get('ns', 0))
        t0, t1 = ts - ns / 1e9, ts
        on, others = 0.0, collections.Counter()
        for s0, s1, p, c in segs[cpu]:
            o = overlap(t0, t1, s0, s1)
            if not o:
                continue
            if p == task:
                on += o
            elif not p:
                others['<idle>'] += o
            else:   # the writers are forks of the same program
                others[c if c != task_comm else '%s[%d]' % (c, p)] += o
        intr = collections.Counter()
        intr_on = 0.0
        for i0, i1, kind, name in irqs[cpu]:
            o = overlap(t0, t1, i0, i1)
            if not o:
                continue
            intr['%s %s' % (kind, name)] += o
            # time in interrupts while the task was on the CPU
            for s0, s1, p, c in segs[cpu]:
                if p == task:
                    intr_on += overlap(max(t0, i0), min(t1, i1), s0, s1)
        sw = [s for s in switches if t0 <= s[0] <= t1]
        out.append({'ns': ns, 'end': ts, 'on_ms': (on - intr_on) * 1e3,
                    'intr_on_ms': intr_on * 1e3, 'others': others, 'intr': intr,
                    'switches': sw})
    return out


def ms(v):
    return '%.2f' % v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('paths', nargs='+', help='why.* files or folders holding them')
    ap.add_argument('-n', type=int, default=10, help='slow allocations listed per setting')
    args = ap.parse_args()
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in names if n.startswith('why.')]
        else:
            files.append(p)
    if not files:
        sys.exit('alat-why: no why.* files under %s' % ' '.join(args.paths))
    by_setting = collections.defaultdict(list)
    rounds, overruns = collections.Counter(), collections.Counter()
    for path in sorted(files):
        setting = os.path.basename(path).split('.')[1]
        events, header = parse(path)
        rounds[setting] += 1
        overruns[setting] += int(header.get('overrun_cpu0', 0))
        for a in analyse(events):
            a['file'] = os.path.relpath(path)
            by_setting[setting].append(a)
    for setting in sorted(rounds):
        slow = by_setting[setting]
        total = sum(a['ns'] for a in slow) / 1e6
        print('## %s: %d allocations of 1 ms or more in %d rounds, %s ms in all'
              % (setting, len(slow), rounds[setting], ms(total)))
        if overruns[setting]:
            print('   (the trace buffer overran: %d events lost, the earliest)'
                  % overruns[setting])
        if not slow:
            print()
            continue
        on = sum(a['on_ms'] for a in slow)
        intr_on = sum(a['intr_on_ms'] for a in slow)
        others = collections.Counter()
        intr = collections.Counter()
        states = collections.Counter()
        stacks = collections.Counter()
        for a in slow:
            others.update(a['others'])
            intr.update(a['intr'])
            for _, st, stack in a['switches']:
                states[st] += 1
                stacks[stack] += 1
        print('   the task on the CPU: %s ms (%.0f%%); interrupts while it was: %s ms'
              % (ms(on), 100 * on / total, ms(intr_on)))
        off = sum(others.values()) * 1e3
        print('   others on its CPU while it was off: %s ms (%.0f%%): %s'
              % (ms(off), 100 * off / total,
                 ', '.join('%s %s' % (c, ms(v * 1e3)) for c, v in others.most_common(5))))
        print('   interrupts in the windows: %s'
              % (', '.join('%s %s' % (c, ms(v * 1e3)) for c, v in intr.most_common(5)) or 'none'))
        print('   switches out: %d (%s)' % (sum(states.values()),
              ', '.join('%s %d' % kv for kv in states.most_common())))
        for stack, n in stacks.most_common(3):
            print('     %3d x %s' % (n, stack or '(no stack)'))
        print('   longest:')
        for a in sorted(slow, key=lambda a: -a['ns'])[:args.n]:
            print('     %8s ms at %.6f (%s): on CPU %s, irq %s, others %s%s'
                  % (ms(a['ns'] / 1e6), a['end'], a['file'], ms(a['on_ms']),
                     ms(a['intr_on_ms']),
                     ', '.join('%s %s' % (c, ms(v * 1e3)) for c, v in a['others'].most_common(3))
                     or '-',
                     '; out %s' % ', '.join('%s@%s' % (s[1], s[2].split(' < ')[0] if s[2] else '?')
                                            for s in a['switches'][:3]) if a['switches'] else ''))
        print()


if __name__ == '__main__':
    main()
