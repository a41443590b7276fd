#!/bin/sh
# Put this set's boots back for RESUME=1 make bench-burst-train-auto-pair
# BASE=7.2 RUNS=10 (the v9 set's script, given this folder and workload).
# Usage: from the top.
exec sh "$(dirname "$0")/../burst-train-auto-v9/restore.sh" "$(dirname "$0")" burst-train-auto-pair
