#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-kvmalloc, guest side: one boot = one run of the /proc/sys
# reader replay on free but fragmented memory (guest/src/kvmalloc_replay.c).
# The line "kvmalloc key=value" goes to $RESULTS/bench.txt.
#
# KVMALLOC_ARGS: kvmalloc_replay's options (e.g. "-U -t 30").
. /jobs/common.sh

echo "== run ${RUN:-1}: kvmalloc_replay ${KVMALLOC_ARGS:-}"
: > "$RESULTS/bench.txt"
kvmalloc_replay ${KVMALLOC_ARGS:-} > /tmp/out || { cat /tmp/out; exit 1; }
cat /tmp/out
grep '^kvmalloc ' /tmp/out >> "$RESULTS/bench.txt"
cat "$RESULTS/bench.txt"
bench_end
