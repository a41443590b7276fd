#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch a Debian linux-source package, pinned to one version, without
# touching the machine's apt configuration: a private apt configuration
# in build/$BASE/apt-SUITE (its own sources, lists and cache) is used for
# "apt-get update" and "apt-get download" only; nothing is installed, and
# apt checks the archive's signatures as usual.  The package is checked
# against its pinned SHA-256 (if given), unpacked with dpkg-deb into
# build/$BASE/src/, and the kernel's tarball is printed on stdout.
#
# Usage: scripts/fetch-source.sh
#          the base of the series (BASE, default 6.12: config/base-$BASE)
#        scripts/fetch-source.sh PACKAGE VERSION [SUITE [URI]]
#          e.g. scripts/fetch-source.sh linux-source-7.2 7.2.13-1 unstable
#
# When Debian moves on, the pinned version leaves the suite: the download
# fails and says which versions the suite has now.  A .deb fetched before
# stays in build/$BASE/apt-SUITE/archives and, outside build/ and the
# clone, in SOURCE_CACHE (default ~/.cache/alloc-latency, like ccache's
# cache): both are used without the network, after the same checks.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# check_deb FILE: the pinned version, and the pinned checksum if there is
# one; a file that fails is removed (it would be trusted next time).
check_deb() {
	local got
	if ! dpkg-deb -f "$1" Version 2>/dev/null | grep -qxF "$ver"; then
		rm -f "$1"
		die "${1#$TOP/} is not $pkg $ver (removed)"
	fi
	[ -n "$sha" ] || return 0
	got=$(sha256sum "$1" | cut -d' ' -f1)
	if [ "$got" != "$sha" ]; then
		rm -f "$1"
		die "${1#$TOP/}: SHA-256 $got, config/base-$BASE pins $sha (removed)"
	fi
}

sha=
if [ $# = 0 ]; then
	pkg=$BASE_PKG ver=$BASE_VERSION suite=$BASE_SUITE uri=$BASE_URI
	sha=${BASE_SHA256:-}
else
	pkg=$1
	ver=${2:?usage: fetch-source.sh [PACKAGE VERSION [SUITE [URI]]]}
	suite=${3:-unstable}
	uri=${4:-http://deb.debian.org/debian}
fi
dir=$BUILD/apt-$suite
# the file name apt gives it (an epoch's colon is %3a)
deb=$dir/archives/${pkg}_${ver//:/%3a}_all.deb
out=$BUILD/src/$pkg-$ver

cache=${SOURCE_CACHE:-${HOME:-/root}/.cache/alloc-latency}
if [ ! -s "$deb" ] && [ -s "$cache/${deb##*/}" ]; then
	note "using ${deb##*/} from $cache"
	mkdir -p "$dir/archives"
	cp "$cache/${deb##*/}" "$deb.tmp"
	check_deb "$deb.tmp"
	mv "$deb.tmp" "$deb"
fi
if [ ! -s "$deb" ]; then
	keyring=$(debian_keyring)
	private_apt "$dir" "$suite" <<-EOS
	Types: deb
	URIs: $uri
	Suites: $suite
	Components: main
	Signed-By: $keyring
	EOS
	note "apt-get update for $suite (private configuration in ${dir#$TOP/})"
	apt-get update -q >/dev/null || die "apt-get update of $suite ($uri) failed"
	# into partial/ first: only a checked package goes to archives/
	rm -rf "$dir/archives/partial/dl"
	mkdir -p "$dir/archives/partial/dl"
	if ! (cd "$dir/archives/partial/dl" && apt-get download -q "$pkg=$ver" >/dev/null); then
		echo "error: $pkg $ver is not in $suite ($uri) any more; it has:" >&2
		apt-cache madison "$pkg" >&2 || true
		echo "(pin one of them in config/base-$BASE, or put a .deb you kept in ${deb#$TOP/})" >&2
		exit 1
	fi
	new=$dir/archives/partial/dl/${deb##*/}
	[ -s "$new" ] || die "apt-get download left no ${deb##*/}"
	check_deb "$new"
	mv "$new" "$deb"
fi
check_deb "$deb"
# kept for the next clone (a failure to keep it costs only a download)
if [ ! -s "$cache/${deb##*/}" ] && mkdir -p "$cache" 2>/dev/null; then
	cp "$deb" "$cache/${deb##*/}.tmp" 2>/dev/null && mv "$cache/${deb##*/}.tmp" "$cache/${deb##*/}" ||
		rm -f "$cache/${deb##*/}.tmp"
fi

if [ ! -d "$out" ]; then
	note "unpacking ${deb#$TOP/}"
	rm -rf "$out.tmp"
	mkdir -p "$out.tmp"
	dpkg-deb -x "$deb" "$out.tmp"
	mv "$out.tmp" "$out"
fi
tarball=
for f in "$out"/usr/src/linux-source-*.tar.xz; do [ -f "$f" ] && tarball=$f && break; done
[ -n "$tarball" ] || die "no kernel tarball in $deb"
echo "$tarball"
