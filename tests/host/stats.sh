#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/stats.py: known inputs give known means, stddevs and t-tests.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

PYTHONPATH="$top/scripts" python3 - <<'PY'
import math
import stats

def near(got, want, tol, what):
    print(f'{what}: {got!r} (want {want} +- {tol})')
    assert abs(got - want) <= tol, what

near(stats.mean([2, 4, 4, 4, 5, 5, 7, 9]), 5, 0, 'mean')
near(stats.stddev([2, 4, 4, 4, 5, 5, 7, 9]), math.sqrt(32 / 7), 1e-12, 'sample stddev')
near(stats.stddev([3]), 0, 0, 'stddev of one value')

# Student t tail against table values: t(10) = 2.0 -> 0.0734;
# the 5% critical values 12.706 (1 df), 2.228 (10 df), 1.960 (large df).
near(stats.t_sf2(2.0, 10), 0.07339, 1e-4, 't(10)=2.0')
near(stats.t_sf2(12.706, 1), 0.05, 1e-4, 't(1)=12.706')
near(stats.t_sf2(2.228, 10), 0.05, 1e-4, 't(10)=2.228')
near(stats.t_sf2(1.960, 1e6), 0.05, 1e-4, 't(inf)=1.960')

# ... and against a numerical integration of the t density.
def tail(t, df):
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    f = lambda x: c * (1 + x * x / df) ** (-(df + 1) / 2)
    n, a, b = 20000, 0.0, abs(t)
    h = (b - a) / n
    s = f(a) + f(b) + sum((4 if i % 2 else 2) * f(a + i * h) for i in range(1, n))
    return 1 - 2 * s * h / 3
for t, df in ((0.5, 3), (1.7, 7.3), (3.1, 24.9), (0.1, 2)):
    near(stats.t_sf2(t, df), tail(t, df), 1e-6, f'integrated t({df})={t}')

# Welch's t-test, the two worked examples of the Wikipedia article.
a1 = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4]
a2 = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4]
t, df, p = stats.welch(a1, a2)
near(t, -2.46, 0.005, 'welch 1 t'); near(df, 25.0, 0.1, 'welch 1 df'); near(p, 0.021, 0.0005, 'welch 1 p')
b1 = [17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2, 14.7, 21.8]
b2 = [21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7, 23.4, 21.8,
      20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5, 21.5, 21.8]
t, df, p = stats.welch(b1, b2)
near(t, -1.57, 0.005, 'welch 2 t'); near(df, 9.9, 0.05, 'welch 2 df'); near(p, 0.149, 0.0005, 'welch 2 p')

# Degenerate cases: no spread.
assert stats.welch([0, 0, 0], [0, 0, 0])[2] == 1.0
assert stats.welch([0, 0, 0], [5, 5, 5])[2] == 0.0
assert math.isnan(stats.welch([1], [2, 3])[2])
print('ok')
PY

# The table: groups, baseline first, percent change and significance marks.
# stall: t = 6 / sqrt(1/3) = 10.392 with df = 2, where the tail has the
# closed form 1 - t / sqrt(2 + t^2) = 0.00913.
cat > "$tmp/in" <<'IN'
burst setting=extra lat=10 stall=0
burst setting=off lat=100 stall=5
burst setting=extra lat=12 stall=0
burst setting=off lat=110 stall=7
burst setting=extra lat=11 stall=0
burst setting=off lat=90 stall=6
not a result line
IN
python3 "$top/scripts/stats.py" table --group setting --baseline off \
	--metrics lat,stall "$tmp/in" > "$tmp/out"
cat "$tmp/out"
diff -u - "$tmp/out" <<'EXP'
| metric | setting | n | mean | stddev | min | max | vs off | p (Welch) |
|---|---|--:|--:|--:|--:|--:|--:|--:|
| lat | off | 3 | 100 | 10 | 90 | 110 |  |  |
| lat | extra | 3 | 11 | 1 | 10 | 12 | -89.0% | 0.00389** |
| stall | off | 3 | 6 | 1 | 5 | 7 |  |  |
| stall | extra | 3 | 0 | 0 | 0 | 0 | -100.0% | 0.00913** |
EXP
python3 "$top/scripts/stats.py" csv "$tmp/in" > "$tmp/csv.all"
head -2 "$tmp/csv.all" > "$tmp/csv"
diff -u - "$tmp/csv" <<'EXP'
workload,setting,lat,stall
burst,extra,10,0
EXP

# Composite groups: --group kernel+setting, baseline "base/default".
# patched/set: t = 49, df = 1, p = (2 / pi) atan(1 / 49) = 0.0130.
cat > "$tmp/in2" <<'IN'
fastpath rep=1 ns=100 setting=default kernel=base
fastpath rep=2 ns=102 setting=default kernel=base
fastpath rep=1 ns=101 setting=default kernel=patched
fastpath rep=2 ns=101 setting=default kernel=patched
fastpath rep=1 ns=150 setting=set kernel=patched
fastpath rep=2 ns=150 setting=set kernel=patched
IN
python3 "$top/scripts/stats.py" table --group kernel+setting --baseline base/default \
	--metrics ns "$tmp/in2" > "$tmp/out2"
cat "$tmp/out2"
diff -u - <(tail -n +3 "$tmp/out2") <<'EXP'
| ns | base/default | 2 | 101 | 1.41 | 100 | 102 |  |  |
| ns | patched/default | 2 | 101 | 0 | 101 | 101 | +0.0% | 1 |
| ns | patched/set | 2 | 150 | 0 | 150 | 150 | +48.5% | 0.013* |
EXP

# Per-run means for the per-run plots: two lines in run 1 of base
# average to 101; groups in input order, blocks two blank lines apart.
cat > "$tmp/in3" <<'IN'
fastpath ns=100 kernel=base run=1
fastpath ns=102 kernel=base run=1
fastpath ns=120 kernel=patched run=1
fastpath ns=99.5 kernel=base run=2
fastpath ns=121 kernel=patched run=2
IN
python3 "$top/scripts/stats.py" runs --group kernel --metric ns "$tmp/in3" > "$tmp/out3"
diff -u - "$tmp/out3" <<'EXP'
# base
1 101
2 99.5


# patched
1 120
2 121
EXP

# The table counts runs, not lines: the two samples of one run= are
# averaged first (base: runs of 101 and 99; patched: 121 and 120), so
# n = 2 and Welch's test sees two values per group.  A negative baseline
# keeps the sign of the change: -10 -> -5 is +50%.
cat > "$tmp/in4" <<'IN'
fastpath ns=100 adv=-10 kernel=base run=1
fastpath ns=102 adv=-10 kernel=base run=1
fastpath ns=120 adv=-5 kernel=patched run=1
fastpath ns=122 adv=-5 kernel=patched run=1
fastpath ns=99 adv=-10 kernel=base run=2
fastpath ns=119 adv=-5 kernel=patched run=2
fastpath ns=121 adv=-5 kernel=patched run=2
IN
python3 "$top/scripts/stats.py" table --group kernel --baseline base \
	--metrics ns,adv "$tmp/in4" > "$tmp/out4"
cat "$tmp/out4"
p=$(PYTHONPATH="$top/scripts" python3 -c 'import stats; print(f"{stats.welch([121, 120], [101, 99])[2]:.3g}")')
diff -u - <(tail -n +3 "$tmp/out4") <<EXP
| ns | base | 2 | 100 | 1.41 | 99 | 101 |  |  |
| ns | patched | 2 | 120 | 0.707 | 120 | 121 | +20.5% | $p* |
| adv | base | 2 | -10 | 0 | -10 | -10 |  |  |
| adv | patched | 2 | -5 | 0 | -5 | -5 | +50.0% | 0** |
EXP
# Per-run ratios against the baseline, paired by run=: run 1 500/20 =
# 25, run 2 100/20 = 5, run 3 a zero in the group and run 5 a value not
# measured (-1) give no ratio ("-", not meeting the target), run 4 has no
# baseline line and does not count.  A group may hold ":" (redis's
# always:4000).
cat > "$tmp/in5" <<'IN'
burst run=1 setting=off m=500
burst run=1 setting=extra m=20
burst run=2 setting=off m=100
burst run=2 setting=extra m=20
burst run=3 setting=off m=100
burst run=3 setting=extra m=0
burst run=4 setting=extra m=1
burst run=5 setting=off m=-1
burst run=5 setting=extra m=3
burst run=1 setting=a:4000 m=50
IN
python3 "$top/scripts/stats.py" ratios --group setting --baseline off \
	--targets m:extra:10,m:wsf:2,m:a:4000:10 "$tmp/in5" > "$tmp/out5"
diff -u - "$tmp/out5" <<'EXP'
| metric | off / setting | runs | per run | min | median | target | runs meeting it |
|---|---|--:|---|--:|--:|--:|--:|
| m | extra | 4 | 25 5 - - | 5 | 15 | 10x | 1 of 4 |
| m | wsf | 0 | | | | 2x | - |
| m | a:4000 | 1 | 10 | 10 | 10 | 10x | 1 of 1 |
EXP
echo "ok"
