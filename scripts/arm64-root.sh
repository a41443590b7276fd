#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The arm64 guest's user space and the arm64 libraries the mm kselftests
# link against, from Debian bookworm's arm64 archive, without multiarch
# and without installing anything: a private apt configuration
# (architecture arm64, its own lists and cache in build/arm64-root.apt)
# downloads the packages below, whose signatures apt checks as usual,
# and dpkg-deb unpacks them into build/arm64-root.  mkinitramfs.sh takes
# the guest's programs and, by their ELF NEEDED entries, their libraries
# from there; build-selftests.sh its headers and libraries.
#
# Usage: scripts/arm64-root.sh   (again: nothing if the list is unchanged)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# What the guest runs (busybox, bash, timeout, hackbench) and what those
# and the selftests need; stress-ng is left out (a closure of 60
# packages, mesa and X11 among them): the guest skips its stress step.
pkgs=(busybox-static bash libtinfo6 libc6 libgcc-s1 coreutils rt-tests
      libnuma1 libnuma-dev libcap2 libcap-dev liburing2 liburing-dev)
suite=${ARM64_SUITE:-bookworm}
uri=${ARM64_URI:-http://deb.debian.org/debian}
root=$ARM64_ROOT
dir=$root.apt
stamp="$suite $uri ${pkgs[*]}"
if [ "$(cat "$root/.stamp" 2>/dev/null)" = "$stamp" ]; then
	exit 0
fi

keyring=$(debian_keyring)
rm -rf "$dir"
mkdir -p "$dir/debs"
: > "$dir/status"
private_apt "$dir" arm64 'APT::Architecture "arm64";' \
	'APT::Architectures { "arm64"; };' 'Acquire::Languages "none";' \
	"Dir::State::status \"$dir/status\";" <<EOS
Types: deb
URIs: $uri
Suites: $suite $suite-updates
Components: main
Architectures: arm64
Signed-By: $keyring

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: $suite-security
Components: main
Architectures: arm64
Signed-By: $keyring
EOS
note "apt-get update for $suite arm64 (private configuration in ${dir#$TOP/})"
apt-get update -q >/dev/null || die "apt-get update of $suite arm64 ($uri) failed"
(cd "$dir/debs" && apt-get download -q "${pkgs[@]}" >/dev/null) ||
	die "apt-get download of arm64 ${pkgs[*]} failed"

rm -rf "$root.tmp"
mkdir -p "$root.tmp"
for d in "$dir"/debs/*.deb; do
	dpkg-deb -x "$d" "$root.tmp"
done
rm -rf "$root"
mv "$root.tmp" "$root"
# absolute links (libcap-dev's libcap.so -> /lib/...) point into the
# staged root, not the host's
find "$root" -lname '/*' | while read -r l; do
	ln -sfnr "$root$(readlink "$l")" "$l"
done
echo "$stamp" > "$root/.stamp"
note "arm64 user space in ${root#$TOP/}: $(ls "$dir"/debs | wc -l) packages"
