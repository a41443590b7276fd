#!/bin/sh
# Put the boots saved in boots/ back where make bench-burst-train-auto
# keeps them, so that a later session resumes the 10-boot run with
#   RESUME=1 make bench-burst-train-auto BASE=7.2 RUNS=10
# (bench.sh keeps a boot whose results/bench.txt, rc and console pass).
# Usage: results/7.2/burst-train-auto-v9/restore.sh [SET [WORKLOAD [BASE]]]
# (from the top; SET: another set of boots, default this one; WORKLOAD: the
# bench that keeps them, default burst-train-auto; BASE: 7.2 (default) or
# 6.12)
set -eu
here=${1:-$(dirname "$0")}
dst=build/${3:-7.2}/bench/${2:-burst-train-auto}/runs
for d in "$here"/boots/manual-*; do
	[ -d "$d" ] || continue
	n=$(basename "$d")
	mkdir -p "$dst/$n/results"
	cp "$d"/results/* "$dst/$n/results/"
	xz -dc "$d/console.log.xz" > "$dst/$n/console.log"
	echo "restored $n"
done
