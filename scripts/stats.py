#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Statistics for make bench: side-by-side tables of per-run results.

Input lines (from the guest jobs, one per run and setting):
    WORKLOAD key=value key=value ...

  stats.py table --group KEY[+KEY...] --baseline VALUE --metrics m1,m2,... FILE...
      a Markdown table per metric and group (the values of the KEYs,
      joined with "/", e.g. --group kernel+setting gives "base/default"
      groups): n (runs: the lines of one run=, several samples of one
      boot, are averaged into one value first), mean, stddev, min, max,
      difference of the mean against the baseline group, and Welch's
      t-test p-value (two-sided), marked * below 0.05 and ** below 0.01
  stats.py csv FILE...
      every input line as one CSV row (header from the first line's keys)
  stats.py runs --group KEY[+KEY...] --metric M FILE...
      gnuplot data: one block per group (a "# GROUP" line, then "RUN MEAN"
      lines, the mean of M over the lines of that run), blocks separated
      by two blank lines (for "plot ... index i")
  stats.py ratios --group KEY[+KEY...] --baseline VALUE --targets M:G:X,... FILE...
      per target, a Markdown table row: metric M of the baseline divided
      by M of group G in each run (the same run=, i.e. the same boot),
      the smallest and the median ratio, and in how many runs the ratio
      is at least X (a "X times lower than the baseline" target)

Only the standard library: the Student t distribution comes from the
regularized incomplete beta function (continued fraction, Lentz).
"""
import math
import statistics
import sys


def mean(xs):
    return sum(xs) / len(xs)


def stddev(xs):
    """Sample standard deviation (n - 1); 0 for a single value."""
    if len(xs) < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def _betacf(a, b, x):
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def betainc(a, b, x):
    """Regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log(1.0 - x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_sf2(t, df):
    """Two-sided tail probability P(|T| >= |t|) of Student's t with df."""
    return betainc(df / 2.0, 0.5, df / (df + t * t))


def welch(xs, ys):
    """Welch's unequal-variance t-test: (t, df, two-sided p)."""
    nx, ny = len(xs), len(ys)
    if nx < 2 or ny < 2:
        return float('nan'), float('nan'), float('nan')
    vx, vy = stddev(xs) ** 2 / nx, stddev(ys) ** 2 / ny
    diff = mean(xs) - mean(ys)
    if vx + vy == 0:
        return (0.0, float('inf'), 1.0) if diff == 0 else \
               (math.copysign(float('inf'), diff), float('inf'), 0.0)
    t = diff / math.sqrt(vx + vy)
    df = (vx + vy) ** 2 / (vx ** 2 / (nx - 1) + vy ** 2 / (ny - 1))
    return t, df, t_sf2(t, df)


def parse(paths):
    rows = []
    for p in paths:
        with open(p) as f:
            for line in f:
                w = line.split()
                if len(w) < 2 or '=' not in w[1]:
                    continue
                row = {'workload': w[0]}
                row.update(kv.split('=', 1) for kv in w[1:] if '=' in kv)
                rows.append(row)
    return rows


def num(s):
    v = float(s)
    return int(v) if v.is_integer() else v


def fmt(v):
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return '-'
    if abs(v) >= 100 or v == int(v):
        return f'{v:,.0f}'
    return f'{v:.3g}'


def grouped(rows, group):
    """Set r[group] on every row; return the groups in input order."""
    keys = group.split('+')
    for r in rows:
        r[group] = '/'.join(r.get(k, '') for k in keys)
    groups = []
    for r in rows:
        if r[group] not in groups:
            groups.append(r[group])
    return groups


def by_run(rows, group, g, m, no_run):
    """{run: [values of m]} of the lines of group g, in input order; a
    line without run= goes under no_run(i), i its index in rows."""
    per_run = {}
    for i, r in enumerate(rows):
        if r.get(group) == g and m in r:
            per_run.setdefault(r.get('run', no_run(i)), []).append(num(r[m]))
    return per_run


def samples(rows, group, g, m):
    """The values of m in group g, one per run: lines with the same run=
    (several samples of one boot) are averaged first, as they are not
    independent of each other; lines without run= count one each."""
    return [xs[0] if len(xs) == 1 else mean(xs)
            for xs in by_run(rows, group, g, m, lambda i: ('line', i)).values()]


def table(rows, group, baseline, metrics):
    groups = grouped(rows, group)
    if baseline in groups:
        groups.remove(baseline)
        groups.insert(0, baseline)
    out = [f'| metric | {group} | n | mean | stddev | min | max | vs {baseline} | p (Welch) |',
           '|---|---|--:|--:|--:|--:|--:|--:|--:|']
    for m in metrics:
        base = samples(rows, group, baseline, m)
        for g in groups:
            xs = samples(rows, group, g, m)
            if not xs:
                continue
            cells = [m, g, str(len(xs)), fmt(mean(xs)), fmt(stddev(xs)),
                     fmt(min(xs)), fmt(max(xs))]
            if g == baseline or not base:
                cells += ['', '']
            else:
                bm = mean(base)
                diff = (f'{(mean(xs) - bm) / abs(bm) * 100:+.1f}%' if bm else
                        ('+0.0%' if mean(xs) == 0 else 'from 0'))
                _, _, p = welch(xs, base)
                mark = '**' if p < 0.01 else '*' if p < 0.05 else ''
                cells += [diff, '-' if math.isnan(p) else f'{p:.3g}{mark}']
            out.append('| ' + ' | '.join(cells) + ' |')
    return '\n'.join(out)


def csv(rows):
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    lines = [','.join(keys)]
    lines += [','.join(r.get(k, '') for k in keys) for r in rows]
    return '\n'.join(lines)


def runs(rows, group, metric):
    blocks = []
    for g in grouped(rows, group):
        per_run = by_run(rows, group, g, metric, lambda i: '0')
        lines = [f'# {g}'] + [f'{n} {fmt_plain(mean(per_run[n]))}'
                               for n in sorted(per_run, key=int)]
        blocks.append('\n'.join(lines))
    return '\n\n\n'.join(blocks)


def ratios(rows, group, baseline, targets):
    grouped(rows, group)
    out = [f'| metric | {baseline} / {group} | runs | per run | min | median | target | runs meeting it |',
           '|---|---|--:|---|--:|--:|--:|--:|']
    for t in targets:
        m, rest = t.split(':', 1)
        g, x = rest.rsplit(':', 1)
        x = float(x)
        base = by_run(rows, group, baseline, m, lambda i: None)
        other = by_run(rows, group, g, m, lambda i: None)
        rs = []
        for n in sorted((k for k in base if k is not None and k in other), key=int):
            b, o = mean(base[n]), mean(other[n])
            # a value not measured (negative) or zero gives no ratio: the
            # run does not meet the target
            rs.append(b / o if o > 0 and b > 0 else math.nan)
        if not rs:
            out.append(f'| {m} | {g} | 0 | | | | {fmt(x)}x | - |')
            continue
        srt = sorted(r for r in rs if not math.isnan(r)) or [math.nan]
        med = statistics.median(srt)
        per = ' '.join('-' if math.isnan(r) else f'{r:.3g}' for r in rs)
        ok = sum(1 for r in rs if r >= x)
        out.append(f'| {m} | {g} | {len(rs)} | {per} | {fmt(min(srt))} | {fmt(med)} | {fmt(x)}x | {ok} of {len(rs)} |')
    return '\n'.join(out)


def fmt_plain(v):
    return f'{v:g}' if isinstance(v, float) else str(v)


def main(argv):
    cmds = {'table': ('group', 'baseline', 'metrics'),
            'runs': ('group', 'metric'),
            'ratios': ('group', 'baseline', 'targets')}
    if len(argv) < 2 or argv[1] not in ('csv', *cmds):
        sys.exit(__doc__)
    if argv[1] == 'csv':
        print(csv(parse(argv[2:])))
        return
    opts, files, i = {}, [], 2
    while i < len(argv):
        if argv[i].startswith('--') and argv[i][2:] in cmds[argv[1]] and i + 1 < len(argv):
            opts[argv[i][2:]] = argv[i + 1]
            i += 2
        else:
            files.append(argv[i])
            i += 1
    if len(opts) != len(cmds[argv[1]]) or not files:
        sys.exit(__doc__)
    if argv[1] == 'runs':
        print(runs(parse(files), opts['group'], opts['metric']))
        return
    if argv[1] == 'ratios':
        print(ratios(parse(files), opts['group'], opts['baseline'],
                     opts['targets'].split(',')))
        return
    print(table(parse(files), opts['group'], opts['baseline'],
                opts['metrics'].split(',')))


if __name__ == '__main__':
    main(sys.argv)
