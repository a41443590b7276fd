#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build a variant kernel for make bench: the patched tree ($TREE, the
# series applied) plus results/variants/$BASE/NAME.patch, a change the
# series does not carry (one left out of it, or an alternative to one of
# its patches), so that a benchmark can still compare it.
#
# Usage: scripts/build-variant.sh NAME
# Leaves $BUILD/alt/NAME.bzImage (make bench's kernel NAME) and
# $BUILD/alt/NAME/{linux,obj}: a git worktree of $TREE's HEAD with the
# patch applied, and its objects (the layout of $BUILD/{linux,obj}, so
# that ccache compiles only what the patch changes).  The worktree is
# made again when $TREE's HEAD or the patch changed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# = 1 ] || die "usage: $0 NAME (results/variants/$BASE/NAME.patch)"
name=$1
patch=$TOP/results/variants/$BASE/$name.patch
[ -f "$patch" ] || die "no variant $name: $patch is missing"
[ -d "$TREE/.git" ] || die "no $TREE: run 'make tree' first"
dir=$BUILD/alt/$name
stamp="$(git -C "$TREE" rev-parse HEAD) $(sha1sum < "$patch" | cut -c1-40)"
if [ "$(cat "$dir/stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$dir/linux"
	git -C "$TREE" worktree prune
	mkdir -p "$dir"
	git -C "$TREE" worktree add -q -f --detach "$dir/linux" HEAD
	git -C "$dir/linux" apply --index "$patch" ||
		die "results/variants/$BASE/$name.patch does not apply to the series (${TREE#$TOP/} HEAD)"
	echo "$stamp" > "$dir/stamp"
fi
# -NAME in its version (uname -r, the console): reports tell the kernels
# apart by what they booted
LOCALVERSION=-$name "$TOP/scripts/build-kernel.sh" "$dir/linux" "$dir/obj" "$TOP/config/test.config"
cp "$dir/obj/$KIMAGE" "$BUILD/alt/$name.bzImage"
note "variant $name: ${BUILD#$TOP/}/alt/$name.bzImage"
