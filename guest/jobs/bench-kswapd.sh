#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench-kswapd, guest side: what one kswapd wakeup reclaims with and
# without vm.extra_free_kbytes, under the classic LRU and MGLRU.  One boot
# = one run of every setting, in an order that rotates with the run
# number.  Each setting: drop the page cache, then one writer streams
# KSWAPD_MB (default twice RAM) to a file on the ext4 scratch disk and
# reads it back; kswapd reclaims the page cache behind it.  Lines
# "kswapd setting=LRU-RESERVE key=value" go to $RESULTS/bench.txt.
#
# KSWAPD_SETTINGS (default "classic-0 classic-extra mglru-0 mglru-extra";
# extra = an eighth of memory), KSWAPD_MB, RUN (the run number).
. /jobs/common.sh

set -- ${KSWAPD_SETTINGS:-classic-0 classic-extra mglru-0 mglru-extra}
set -- $(rotate "${RUN:-1}" "$@")

scratch_mount /mnt/scratch || { echo "no scratch disk"; exit 1; }
[ -e /sys/kernel/mm/lru_gen/enabled ] || { echo "no MGLRU (CONFIG_LRU_GEN)"; exit 1; }
mem_kb=$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)
mb=${KSWAPD_MB:-$((mem_kb * 2 / 1024))}
extra=$((mem_kb / 8))
echo "== run ${RUN:-1}: settings in this order: $*; ${mb} MiB written and read per setting"

KEYS="pgscan_kswapd pgsteal_kswapd pageoutrun allocstall_normal allocstall_movable pgscan_direct kswapd_low_wmark_hit_quickly kswapd_high_wmark_hit_quickly"
: > "$RESULTS/bench.txt"
for s in "$@"; do
	case ${s%-*} in
	classic) echo n > /sys/kernel/mm/lru_gen/enabled ;;
	mglru) echo y > /sys/kernel/mm/lru_gen/enabled ;;
	*) echo "bad setting $s"; exit 1 ;;
	esac
	case ${s#*-} in
	0) echo 0 > /proc/sys/vm/extra_free_kbytes ;;
	extra) echo $extra > /proc/sys/vm/extra_free_kbytes ;;
	*) echo "bad setting $s"; exit 1 ;;
	esac
	rm -f /mnt/scratch/stream
	sync
	echo 3 > /proc/sys/vm/drop_caches
	cp /proc/vmstat /tmp/vmstat.before
	t0=$(date +%s.%N)
	dd if=/dev/zero of=/mnt/scratch/stream bs=1M count="$mb" 2>/dev/null &&
		dd if=/mnt/scratch/stream of=/dev/null bs=1M 2>/dev/null ||
		{ echo "error: the stream failed"; exit 1; }
	t1=$(date +%s.%N)
	# "key=delta" for KEYS, then the shell variables d_KEY
	deltas=$(awk -v keys="$KEYS" 'BEGIN { n = split(keys, k) }
		NR == FNR { b[$1] = $2; next } { a[$1] = $2 }
		END { for (i = 1; i <= n; i++) printf "%s=%d ", k[i], a[k[i]] - b[k[i]] }' \
		/tmp/vmstat.before /proc/vmstat)
	deltas=${deltas% }
	for kv in $deltas; do eval "d_$kv"; done
	line="kswapd setting=$s $deltas"
	line="$line allocstall=$((d_allocstall_normal + d_allocstall_movable))"
	line="$line scanned_per_wakeup=$((d_pgscan_kswapd / (d_pageoutrun > 0 ? d_pageoutrun : 1)))"
	line="$line reclaimed_per_wakeup=$((d_pgsteal_kswapd / (d_pageoutrun > 0 ? d_pageoutrun : 1)))"
	line="$line secs=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')"
	echo "$line" | tee -a "$RESULTS/bench.txt"
done
echo 0 > /proc/sys/vm/extra_free_kbytes
echo n > /sys/kernel/mm/lru_gen/enabled
rm -f /mnt/scratch/stream
bench_end
