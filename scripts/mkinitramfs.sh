#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the guest initramfs: busybox-static, guest/init, guest/jobs, the
# programs of guest/src (built static, against $TREE's selftest helpers),
# the installed kselftests, and the host programs the jobs use (bash,
# coreutils timeout for the kselftest runner, hackbench, stress-ng) with
# the shared libraries they need; for ARCH=arm64 Debian's arm64 builds of
# them (no stress-ng).
#
# Usage: scripts/mkinitramfs.sh OUT.cpio.gz [KSELFTEST_INSTALL_DIR]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$(realpath -m "$1")
kst=${2:-}
root=$out.root
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,usr/local/bin,etc,proc,sys,dev,tmp,root,mnt,results,lib64}

# ARCH=arm64: the programs and their libraries come from Debian's arm64
# packages (scripts/arm64-root.sh) and the guest's own programs from the
# cross compiler; a library is found by the ELF's NEEDED entries
# (readelf: ldd cannot run a foreign binary) in that root's library
# directories, as the arm64 ld.so would.  Elsewhere the host's, by ldd.
from=
if [ "$ARCH" = arm64 ]; then
	"$TOP/scripts/arm64-root.sh"
	from=$ARM64_ROOT
fi
arm64_libs() { # elf: the paths of the libraries it needs, recursively, in $from
	local f=$1 so d seen=" " todo=() interp
	interp=$(readelf -l "$f" 2>/dev/null | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
	[ -z "$interp" ] || echo "$interp"
	todo=("$f")
	while [ ${#todo[@]} -gt 0 ]; do
		f=${todo[0]} todo=("${todo[@]:1}")
		for so in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			case $seen in *" $so "*) continue ;; esac
			seen="$seen$so "
			for d in /lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu; do
				[ -e "$from$d/$so" ] || continue
				echo "$d/$so"
				todo+=("$from$d/$so")
				continue 2
			done
			die "${f#$from}: needs $so, which no staged arm64 package has (scripts/arm64-root.sh)"
		done
	done
}
libs_of() { # elf on the host (in $from for arm64): the libraries it needs
	if [ -n "$from" ]; then
		arm64_libs "$1"
	else
		ldd "$1" 2>/dev/null | grep -o '/[^ ]*' || true
	fi
}
copy_libs() { # elf
	local lib libs
	libs=$(libs_of "$1") || exit 1
	for lib in $libs; do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$from$lib" "$root$lib"
	done
}

bb=$(command -v busybox) || die "busybox not found (apt-get install busybox-static)"
file -L "$bb" 2>/dev/null | grep -q 'statically linked' ||
	die "$bb is not static (apt-get install busybox-static)"
if [ -n "$from" ]; then
	# the applets: the host's busybox-static lists them (it cannot run
	# the arm64 one); the same Debian version has the same list
	v=$(dpkg-query -W -f='${Version}' busybox-static 2>/dev/null || echo none)
	v64=$(dpkg-deb -f "$from".apt/debs/busybox-static_*.deb Version 2>/dev/null || echo none)
	[ "$v" = "$v64" ] || note "busybox-static: host $v, arm64 $v64: applets listed by the host's"
	cp "$from/bin/busybox" "$root/bin/busybox"
else
	cp "$bb" "$root/bin/busybox"
fi
for l in $("$bb" --list-full); do
	[ -e "$root/$l" ] || ln -s /bin/busybox "$root/$l"
done

# Programs and their libraries (arm64: from the staged packages).
copy_bin() { # path-on-host (in the arm64 root) [path-in-guest]
	local src=$1 dst=${2:-$1}
	rm -f "$root$dst"
	mkdir -p "$root$(dirname "$dst")"
	cp -L "$from$src" "$root$dst"
	copy_libs "$from$src"
}
copy_bin /bin/bash /bin/bash
copy_bin /usr/bin/timeout /usr/bin/timeout
if [ -n "$from" ]; then
	copy_bin /usr/bin/hackbench
else
	path=$(command -v hackbench) || die "hackbench not found (see scripts/deps.sh)"
	copy_bin "$path" /usr/bin/hackbench
fi
if [ -z "$from" ]; then
	# an ext4 on a pmem carve-out in the guest (SCRATCH_DEV=pmem, make
	# bench-alloc-latency-pmem; x86's memmap=): mke2fs picks ext4 by
	# this name
	copy_bin /sbin/mke2fs /usr/bin/mkfs.ext4
	# stress-ng: x86 only (arm64's is 60 packages of closure; the
	# guest skips the stress step without it)
	path=$(command -v stress-ng) || die "stress-ng not found (see scripts/deps.sh)"
	copy_bin "$path" /usr/bin/stress-ng
fi
# Redis for make bench-redis (INITRAMFS_REDIS=1; redis-tools, which
# scripts/deps.sh bench installs: redis-server is the same binary as
# redis-check-rdb and picks its role by its name)
if [ "${INITRAMFS_REDIS:-0}" = 1 ]; then
	[ -z "$from" ] || die "INITRAMFS_REDIS=1: x86_64 only"
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
	"${CROSS_COMPILE}gcc" -O2 -Wall -static -D_GNU_SOURCE= "${defs[@]}" -I"$mm" -I"$mm/.." \
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
	# Test programs link against libc/libm/librt/libpthread, libnuma,
	# libcap and liburing; pick up whatever they need
	for f in $(find "$root/kselftest" -type f -perm -u+x); do
		file "$f" | grep -q 'dynamically linked' || continue
		if [ -n "$from" ]; then
			copy_libs "$f"
			continue
		fi
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
