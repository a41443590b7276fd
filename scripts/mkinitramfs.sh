#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the guest initramfs: busybox-static, guest/init, guest/jobs, the
# programs of guest/src (built static, against $TREE's selftest helpers),
# the installed kselftests, and the
# host programs the jobs use (bash, coreutils
# timeout for the kselftest runner, hackbench, stress-ng) with the shared
# libraries they need.
#
# Usage: scripts/mkinitramfs.sh OUT.cpio.gz [KSELFTEST_INSTALL_DIR]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$(realpath -m "$1")
kst=${2:-}
root=$out.root
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,usr/local/bin,etc,proc,sys,dev,tmp,root,mnt,results,lib64}

bb=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
file -L "$bb" 2>/dev/null | grep -q 'statically linked' ||
	die "$bb is not static (apt-get install busybox-static)"
cp "$bb" "$root/bin/busybox"
for l in $("$bb" --list-full); do
	[ -e "$root/$l" ] || ln -s /bin/busybox "$root/$l"
done

# Host binaries and their libraries.
copy_bin() { # path-on-host [path-in-guest]
	local src=$1 dst=${2:-$1} lib
	rm -f "$root$dst"
	mkdir -p "$root$(dirname "$dst")"
	cp -L "$src" "$root$dst"
	for lib in $(ldd "$src" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
copy_bin /bin/bash /bin/bash
copy_bin /usr/bin/timeout /usr/bin/timeout
# an ext4 on a pmem carve-out in the guest (SCRATCH_DEV=pmem, make
# bench-alloc-latency-pmem); mke2fs picks ext4 by this name
copy_bin /sbin/mke2fs /usr/bin/mkfs.ext4
for p in hackbench stress-ng; do
	path=$(command -v $p) || die "$p not found (see scripts/deps.sh)"
	copy_bin "$path" /usr/bin/$p
done
# Redis for make bench-redis (INITRAMFS_REDIS=1; redis-tools, which
# scripts/deps.sh bench installs: redis-server is the same binary as
# redis-check-rdb and picks its role by its name)
if [ "${INITRAMFS_REDIS:-0}" = 1 ]; then
	[ -x /usr/bin/redis-check-rdb ] && [ -x /usr/bin/redis-benchmark ] ||
		die "INITRAMFS_REDIS=1: no redis-check-rdb or redis-benchmark (apt-get install redis-tools)"
	copy_bin /usr/bin/redis-check-rdb /usr/bin/redis-server
	copy_bin /usr/bin/redis-benchmark
	copy_bin /usr/bin/redis-cli
fi

# The harness's own guest programs (guest/src/*.c), static.  The workload
# replays use the tree's selftest helpers (kselftest.h, vm_util.c, and
# thp_settings.c, or hugepage_settings.c in newer trees, from
# tools/testing/selftests/mm of $TREE).
mm=$TREE/tools/testing/selftests/mm
thp=thp_settings defs=()
if [ -f "$mm/hugepage_settings.c" ]; then
	thp=hugepage_settings defs=(-DHAVE_HUGEPAGE_SETTINGS)
fi
for c in "$TOP"/guest/src/*.c; do
	[ -e "$c" ] || continue
	extra=()
	if grep -q '"vm_util.h"' "$c"; then
		extra=("$mm/vm_util.c" "$mm/$thp.c" -lm)
	fi
	gcc -O2 -Wall -static -D_GNU_SOURCE= "${defs[@]}" -I"$mm" -I"$mm/.." \
		-I"$TREE/tools/include/uapi" \
		-o "$root/usr/bin/$(basename "$c" .c)" "$c" "${extra[@]}" ||
		die "cannot build $c (against $TREE)"
done

cp "$TOP/guest/init" "$root/init"
mkdir -p "$root/jobs"
cp "$TOP"/guest/jobs/*.sh "$root/jobs/"
chmod +x "$root/init" "$root"/jobs/*.sh
cat > "$root/etc/passwd" <<'PW'
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/bin/false
PW
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"

if [ -n "$kst" ]; then
	cp -a "$kst" "$root/kselftest"
	# Test programs link against libc/libm/librt/libpthread only; pick up
	# whatever they need anyway.
	for f in $(find "$root/kselftest" -type f -perm -u+x); do
		file "$f" | grep -q 'dynamically linked' || continue
		for lib in $(ldd "$f" 2>/dev/null | grep -o '/[^ ]*'); do
			[ -e "$root$lib" ] && continue
			mkdir -p "$root$(dirname "$lib")"
			cp -L "$lib" "$root$lib"
		done
	done
fi

(cd "$root" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc --reproducible | gzip -1 -n) > "$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$root"
note "initramfs $out: $(du -h "$out" | cut -f1) compressed"
