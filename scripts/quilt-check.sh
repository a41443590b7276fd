#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# patches/ also works with quilt: "quilt push -a" applies the series file
# onto the base files the series touches (a sparse copy of the base).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v quilt >/dev/null || die "quilt not found (apt-get install quilt)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=$(series_patches | wc -l)
if [ "$n" = 0 ]; then
	note "empty series: nothing for quilt to apply"
	exit 0
fi
files=$(cd "$PATCHES" && sed -n 's|^+++ b/||p; s|^--- a/||p' $(series_patches) | sort -u)
git -C "$TREE" ls-tree -r --name-only base -- $files > "$tmp/list"
mkdir "$tmp/src"
[ -s "$tmp/list" ] && git -C "$TREE" archive base $(cat "$tmp/list") | tar -x -C "$tmp/src"
cd "$tmp/src"
QUILT_PATCHES=$PATCHES quilt push -a -q
applied=$(QUILT_PATCHES=$PATCHES quilt applied | wc -l)
[ "$applied" = "$n" ] || die "quilt applied $applied of $n patches"
note "quilt push -a: $n patch(es) applied"
