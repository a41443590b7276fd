#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build and install the mm kselftests with the kernel's own Makefiles.
# Usage: scripts/build-selftests.sh SRC OBJ INSTALL_DIR
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$(realpath "$1"); obj=$(realpath -m "$2"); inst=$(realpath -m "$3")
CC=gcc
command -v ccache >/dev/null && CC="ccache gcc"
make -s -C "$src" O="$obj" ARCH="$ARCH" headers
rm -rf "$inst"
# The mm Makefile prints warnings about optional 32-bit and liburing
# support; they are in the log, not errors.
make -s -C "$src/tools/testing/selftests" O="$obj" CC="$CC" -j"$JOBS" \
	TARGETS=mm INSTALL_PATH="$inst" install
[ -x "$inst/mm/run_vmtests.sh" ] || die "mm selftests not installed in $inst"
note "mm kselftests installed in $inst ($(ls "$inst/mm" | wc -l) files)"
