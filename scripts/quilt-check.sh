#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Each posting (patches/$BASE, and patches/$BASE-fixes if there are
# fixes) applies on its own to the base, as a reader of the list applies
# it: "git am" (git apply, patch by patch, onto the base commit in a
# scratch index: no checkout) and "quilt push -a" onto the base files the
# posting touches (a sparse copy of the base).  make tree applies them
# together; this says that neither needs the other.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v quilt >/dev/null || die "quilt not found (apt-get install quilt)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check_alone() { # dir
	local dir=$1 name=${1#$TOP/} n p files applied
	n=$(series_patches "$dir" | wc -l)
	if [ "$n" = 0 ]; then
		note "$name: empty, nothing to apply"
		return 0
	fi
	# git am's application, without a worktree
	GIT_INDEX_FILE=$tmp/index git -C "$TREE" read-tree base
	for p in $(series_patches "$dir"); do
		GIT_INDEX_FILE=$tmp/index git -C "$TREE" apply --cached "$dir/$p" ||
			die "$name/$p does not apply on base after the patches before it in $name/series"
	done
	rm -f "$tmp/index"
	note "$name: git apply, $n patch(es) on base alone"

	files=$(cd "$dir" && sed -n 's|^+++ b/||p; s|^--- a/||p' $(series_patches "$dir") | sort -u)
	rm -rf "$tmp/src"
	mkdir "$tmp/src"
	git -C "$TREE" ls-tree -r --name-only base -- $files > "$tmp/list"
	[ -s "$tmp/list" ] && git -C "$TREE" archive base $(cat "$tmp/list") | tar -x -C "$tmp/src"
	(cd "$tmp/src" && QUILT_PATCHES=$dir quilt push -a -q >&2) ||
		die "$name: quilt push -a failed"
	applied=$(cd "$tmp/src" && QUILT_PATCHES=$dir quilt applied | wc -l)
	[ "$applied" = "$n" ] || die "$name: quilt applied $applied of $n patches"
	note "$name: quilt push -a, $n patch(es)"
}

for dir in $(postings); do
	check_alone "$dir"
done
