#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: build the patched kernel and boot it; the guest prints its
# version, the vm sysctls, the zone watermarks and /proc/vmstat highlights.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/deps.sh"
"$TOP/scripts/tree.sh"
"$TOP/scripts/build-kernel.sh" "$TREE" "$BUILD/obj" "$TOP/config/test.config"
"$TOP/scripts/mkinitramfs.sh" "$BUILD/initramfs-demo.cpio.gz"
"$TOP/scripts/run-guest.sh" -k "$BUILD/obj/arch/x86/boot/bzImage" \
	-i "$BUILD/initramfs-demo.cpio.gz" -j demo -o "$BUILD/demo" -m 2G -c 2 -t 300
echo
cat "$BUILD/demo/results/log"
echo
note "console log: ${BUILD#$TOP/}/demo/console.log"
[ "$(cat "$BUILD/demo/results/rc")" = 0 ]
