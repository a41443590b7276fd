#!/bin/sh
# Put this set's boots back for RESUME=1 make bench-burst-train-fixed-w4
# BASE=6.12 RUNS=N (the v9 set's script, given this folder, workload and base).
# Usage: from the top.
exec sh "$(dirname "$0")/../../7.2/burst-train-auto-v9/restore.sh" "$(dirname "$0")" burst-train-fixed-w4 6.12
