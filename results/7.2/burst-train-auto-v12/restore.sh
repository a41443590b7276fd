#!/bin/sh
# Put this set's boots back where make bench-burst-train-auto-pair keeps
# them, so that a later session resumes the 10-boot run with
#   RESUME=1 make bench-burst-train-auto-pair BASE=7.2 RUNS=10
# (bench.sh keeps a boot whose results/bench.txt, rc and console pass).
# Usage: sh results/7.2/burst-train-auto-v12/restore.sh   (from the top)
set -eu
here=$(dirname "$0")
dst=build/7.2/bench/burst-train-auto-pair/runs
for d in "$here"/boots/manual-*; do
	[ -d "$d" ] || continue
	n=$(basename "$d")
	mkdir -p "$dst/$n/results"
	cp "$d"/results/* "$dst/$n/results/"
	xz -dc "$d/console.log.xz" > "$dst/$n/console.log"
	echo "restored $n"
done
