#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build and install the mm kselftests with the kernel's own Makefiles.
# Usage: scripts/build-selftests.sh SRC OBJ INSTALL_DIR
# ARCH=arm64: cross-built, against the arm64 libnuma, libcap and liburing
# of scripts/arm64-root.sh (which it runs).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$(realpath "$1"); obj=$(realpath -m "$2"); inst=$(realpath -m "$3")
# the compilers of build-kernel.sh: the same for "make headers" on the
# kernel's O= tree, or kbuild would configure it again for another one
CC=${CROSS_COMPILE}gcc HOSTCC=gcc
command -v ccache >/dev/null && CC="ccache $CC" HOSTCC="ccache gcc"
cross=(ARCH="$ARCH" CROSS_COMPILE="$CROSS_COMPILE")
if [ "$ARCH" = arm64 ]; then
	"$TOP/scripts/arm64-root.sh"
	r=$ARM64_ROOT
	l="$r/usr/lib/aarch64-linux-gnu:$r/lib/aarch64-linux-gnu"
	cross+=(USERCFLAGS="-isystem $r/usr/include"
		USERLDFLAGS="-L${l//:/ -L} -Wl,-rpath-link,$l")
fi
make -s -C "$src" O="$obj" "${cross[@]:0:2}" CC="$CC" HOSTCC="$HOSTCC" headers
rm -rf "$inst"
# mm's Makefile writes its probe of the compiler (liburing or not) into
# the source tree, not O=: probed again for each, or an arm64 build's
# answer would stand for x86_64's next build (and the other way round)
rm -f "$src/tools/testing/selftests/mm/local_config.h" "$src/tools/testing/selftests/mm/local_config.mk"
# The mm Makefile prints warnings about optional 32-bit and liburing
# support; they are in the log, not errors.
make -s -C "$src/tools/testing/selftests" O="$obj" "${cross[@]}" CC="$CC" -j"$JOBS" \
	TARGETS=mm INSTALL_PATH="$inst" install
[ -x "$inst/mm/run_vmtests.sh" ] || die "mm selftests not installed in $inst"
note "mm kselftests installed in $inst ($(ls "$inst/mm" | wc -l) files)"
