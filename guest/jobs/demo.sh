#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make demo: show what the running kernel offers.
. /jobs/common.sh

echo "== kernel"
uname -a
echo "== memory"
grep -E 'MemTotal|MemFree|MemAvailable' /proc/meminfo | sed 's/^/  /'
echo "== vm sysctls (/proc/sys/vm)"
show_sysctls
echo "== zone watermarks (/proc/zoneinfo)"
show_watermarks
echo "== /proc/vmstat highlights"
show_vmstat
