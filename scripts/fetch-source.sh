#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch a Debian linux-source package from a suite this machine does not
# use (unstable), pinned to one version, without touching the machine's
# apt configuration: a private apt configuration in build/apt-SUITE
# (its own sources, lists and cache) is used for "apt-get update" and
# "apt-get download" only; nothing is installed.  The package is unpacked
# with dpkg-deb; the kernel's tarball is printed on stdout.
#
# Usage: scripts/fetch-source.sh PACKAGE VERSION [SUITE]
#   e.g. scripts/fetch-source.sh linux-source-7.2 7.2.13-1 unstable
#
# When Debian moves on, the pinned version leaves the suite: the download
# fails and says which versions the suite has now.  A .deb fetched before
# stays in build/apt-SUITE/archives and is used without the network.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkg=${1:?usage: fetch-source.sh PACKAGE VERSION [SUITE]}
ver=${2:?usage: fetch-source.sh PACKAGE VERSION [SUITE]}
suite=${3:-unstable}
dir=$BUILD/apt-$suite
deb=$dir/archives/${pkg}_${ver}_all.deb
out=$BUILD/src/$pkg-$ver

if [ ! -s "$deb" ]; then
	keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	[ -r "$keyring" ] || die "$keyring missing: apt-get install debian-archive-keyring"
	mkdir -p "$dir"/{etc/sources.list.d,etc/preferences.d,lists/partial,cache,archives/partial}
	cat > "$dir/etc/sources.list.d/$suite.sources" <<-EOF
	Types: deb
	URIs: http://deb.debian.org/debian
	Suites: $suite
	Components: main
	Signed-By: $keyring
	EOF
	cat > "$dir/apt.conf" <<-EOF
	Dir::Etc::SourceList "/dev/null";
	Dir::Etc::SourceParts "$dir/etc/sources.list.d";
	Dir::Etc::Preferences "/dev/null";
	Dir::Etc::PreferencesParts "$dir/etc/preferences.d";
	Dir::State::Lists "$dir/lists";
	Dir::Cache::Archives "$dir/archives";
	Dir::Cache "$dir/cache";
	EOF
	export APT_CONFIG=$dir/apt.conf
	note "apt-get update for $suite (private configuration in ${dir#$TOP/})"
	apt-get update -q >/dev/null || die "apt-get update of $suite failed"
	if ! (cd "$dir/archives" && apt-get download -q "$pkg=$ver" >/dev/null); then
		echo "error: $pkg $ver is not in $suite; it has:" >&2
		apt-cache madison "$pkg" >&2 || true
		exit 1
	fi
fi
dpkg-deb -f "$deb" Version | grep -qxF "$ver" || die "$deb is not version $ver"

if [ ! -d "$out" ]; then
	note "unpacking $deb"
	rm -rf "$out.tmp"
	mkdir -p "$out.tmp"
	dpkg-deb -x "$deb" "$out.tmp"
	mv "$out.tmp" "$out"
fi
tarball=$(ls "$out"/usr/src/linux-source-*.tar.xz 2>/dev/null | head -1)
[ -n "$tarball" ] || die "no kernel tarball in $deb"
echo "$tarball"
