#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A compact table for a changelog or cover letter from a bench report.

Reads the headline and metric tables of a report.md written by
scripts/bench.sh and prints the means of the chosen metrics, one row per
chosen group, with the report's significance marks (* p < 0.05,
** p < 0.01 against its baseline).  The figures are the report's, not
typed by hand.

Usage: scripts/report-table.py REPORT.md --row GROUP=LABEL... \
           [--width N] METRIC[=LABEL[/DIVISOR]]...
e.g.   scripts/report-table.py results/7.2/defrag-mode/report.md \
           --row always/0/0=always --row never/0/0=never \
           thp_pct='THP %' stall_p99_us='p99 ms/1000'
A mean of 0 in a metric with a divisor prints as "-".
"""
import argparse
import sys


def read(path):
    rows = {}
    for line in open(path):
        if not line.startswith('| ') or line.startswith('|---'):
            continue
        c = [x.strip() for x in line.strip().strip('|').split('|')]
        if len(c) < 9 or c[0] == 'metric':
            continue
        p = c[8]
        mark = '**' if p.endswith('**') else '*' if p.endswith('*') else ''
        rows.setdefault(c[1], {}).setdefault(c[0], (c[3], mark))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('report')
    ap.add_argument('--row', action='append', required=True)
    ap.add_argument('--width', type=int, default=9, help='column width')
    ap.add_argument('metrics', nargs='+')
    a = ap.parse_args()
    rows = read(a.report)
    cols = []
    for m in a.metrics:
        name, _, rest = m.partition('=')
        label, _, div = (rest or name).rpartition('/')
        if not label or not div.replace('.', '', 1).isdigit():
            label, div = rest or name, ''
        cols.append((name, label, float(div) if div else None))
    groups = [r.split('=', 1) for r in a.row]
    w = max(len(lbl) for _, lbl in groups)
    cw = ' %%%ds' % a.width
    print('  ' + ' ' * w + ''.join(cw % c[1] for c in cols))
    for g, lbl in groups:
        if g not in rows:
            sys.exit('no group %s in %s (groups: %s)' % (g, a.report, ', '.join(rows)))
        out = []
        for name, _, div in cols:
            if name not in rows[g]:
                sys.exit('no metric %s in %s' % (name, a.report))
            v, mark = rows[g][name]
            if div:
                x = float(v.replace(',', ''))
                v = '-' if x == 0 else '%.1f' % (x / div)
            out.append(v + mark)
        print('  ' + lbl.ljust(w) + ''.join(cw % v for v in out))


if __name__ == '__main__':
    main()
