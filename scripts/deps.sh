#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install what the harness needs from Debian's archive, if missing.
# Usage: scripts/deps.sh [bench]   (bench adds the benchmark tools)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkgs=(debian-archive-keyring build-essential flex bison bc libelf-dev libssl-dev
      cpio xz-utils file git python3 perl ccache quilt rsync
      qemu-system-x86 busybox-static e2fsprogs util-linux coreutils
      rt-tests stress-ng libcap-dev libnuma-dev liburing-dev
      python3-ply python3-git)
# ARCH=arm64 (make check ARCH=arm64): the cross compiler, its C library
# (only recommended by the compiler, so named) and QEMU's arm64 system
# emulator; the guest's arm64 programs come from scripts/arm64-root.sh
[ "$ARCH" != arm64 ] || pkgs+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm)
# gnuplot-nox conflicts with gnuplot-qt and -x11: any gnuplot will do
[ "${1:-}" = bench ] && ! command -v gnuplot >/dev/null && pkgs+=(gnuplot-nox)
# make bench-redis: Redis and redis-benchmark (no service: redis-server is
# a link in the redis-server package to redis-tools' binary)
[ "${1:-}" = bench ] && pkgs+=(redis-tools)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} = 0 ] && exit 0
[ "$(id -u)" = 0 ] || die "missing packages: ${missing[*]}; run as root or apt-get install them"
note "installing from Debian's archive: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
