#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: build the patched kernel and boot it; the guest prints its
# version, the vm sysctls, the zone watermarks and /proc/vmstat highlights,
# then the reserve's effect, off and on: an allocation burst over page
# cache writers.  (The compaction bound and the SLUB wake left the
# series; make bench-thpscale and make bench-slub measure their variants.)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ "$ARCH" = x86_64 ] || die "make demo boots x86_64 (ARCH=$ARCH: make check-arm64 is arm64's)"
"$TOP/scripts/deps.sh"
"$TOP/scripts/tree.sh"
"$TOP/scripts/build-kernel.sh" "$TREE" "$BUILD/obj" "$TOP/config/test.config"
# the series' kselftests too: the demo runs its burst replay
"$TOP/scripts/build-selftests.sh" "$TREE" "$BUILD/obj" "$BUILD/kselftest"
"$TOP/scripts/mkinitramfs.sh" "$BUILD/initramfs-demo.cpio.gz" "$BUILD/kselftest"
"$TOP/scripts/run-guest.sh" -k "$BUILD/obj/$KIMAGE" \
	-i "$BUILD/initramfs-demo.cpio.gz" -j demo -o "$BUILD/demo" -m 2G -c 2 -s 4G -w 1G -t 900
echo
cat "$BUILD/demo/results/log"
echo
note "console log: ${BUILD#$TOP/}/demo/console.log"
[ "$(cat "$BUILD/demo/results/rc")" = 0 ]
