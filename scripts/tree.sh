#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make tree: put the base (config/base-$BASE: Debian's linux-source-6.12
# or -7.2, one pinned version, fetched by scripts/fetch-source.sh, or the
# tarball in BASE_TARBALL) into build/$BASE/linux as a git tree with one
# "base" commit (tagged "base"), then apply patches/$BASE-fixes (if there
# are fixes posted on their own; tag "fixes") and patches/$BASE on top as
# commits with git am.  Rerunning it re-applies them only when
# patches/ changed; commits you made in the tree are never thrown away.
#
# Usage: scripts/tree.sh [--force]   (--force: reset to base and re-apply)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

force=0
[ "${1:-}" = --force ] && force=1

stamp=$TREE/.git/alloc-series

make_base() {
	[ -n "$BASE_TARBALL" ] || BASE_TARBALL=$("$TOP/scripts/fetch-source.sh")
	[ -r "$BASE_TARBALL" ] || die "$BASE_TARBALL not found"
	note "extracting $BASE_TARBALL ($base_subject) into $TREE"
	rm -rf "$TREE.tmp"
	mkdir -p "$TREE.tmp"
	tar -C "$TREE.tmp" --strip-components=1 -xf "$BASE_TARBALL"
	cd "$TREE.tmp"
	# the same base commit on every machine: no global or system git
	# configuration (signing, hooks, object format) takes part
	export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
	git init -q --object-format=sha1
	git config core.autocrlf false
	git config gc.auto 0
	git config am.threeWay false
	git add -A -f .
	GIT_AUTHOR_DATE="2000-01-01T00:00:00+0000" \
	GIT_COMMITTER_DATE="2000-01-01T00:00:00+0000" \
		git commit -q --no-verify -m "$base_subject" \
			-m "Kernel $(make -s kernelversion) as shipped in ${BASE_TARBALL##*/}."
	git tag base
	unset GIT_CONFIG_GLOBAL GIT_CONFIG_NOSYSTEM
	cd - >/dev/null
	rm -rf "$TREE"
	mv "$TREE.tmp" "$TREE"
}

# Apply one patch (a path); on failure say which patch and which hunk,
# and stop.
apply_one() {
	local p=$1 out
	if ! out=$(git -C "$TREE" am "$p" 2>&1); then
		echo "$out" >&2
		echo >&2
		echo "error: ${p#$TOP/} does not apply on top of" \
		     "$(git -C "$TREE" log -1 --format='%h %s')" >&2
		echo "hunks (patch -p1 --dry-run):" >&2
		(cd "$TREE" && patch -p1 --dry-run -f < "$p" 2>&1 |
			sed 's/^/    /') >&2 || true
		git -C "$TREE" am --abort >/dev/null 2>&1 || true
		# Leave the tree on base so that fixing patches/ is enough.
		git -C "$TREE" reset -q --hard base
		git -C "$TREE" tag -f fixes base >/dev/null
		rm -f "$stamp"
		exit 1
	fi
	echo "$out" | grep -v '^$' >&2 || true
}

# Every file of a posting is in its series file, and every name there is
# a file.
check_posting() { # dir
	local dir=$1 p
	for p in $(series_patches "$dir"); do
		[ -f "$dir/$p" ] || die "${dir#$TOP/}/series lists $p, which does not exist"
	done
	for p in "$dir"/[0-9]*.patch; do
		[ -e "$p" ] || continue
		p=${p##*/}
		[ "$p" = 0000-cover-letter.patch ] && continue
		series_patches "$dir" | grep -qxF "$p" ||
			die "${dir#$TOP/}/$p is not listed in ${dir#$TOP/}/series"
	done
}

# The fixes first (tag "fixes" where they end: make series exports
# base..fixes to them), then the series.
apply_series() {
	local dir p n=0
	git -C "$TREE" tag -f fixes base >/dev/null
	for dir in $(postings); do
		for p in $(series_patches "$dir"); do
			apply_one "$dir/$p"
			n=$((n + 1))
		done
		[ "$dir" != "$FIXES" ] || git -C "$TREE" tag -f fixes HEAD >/dev/null
	done
	note "applied $n patch(es) on base"
	echo "$(series_hash) $(git -C "$TREE" rev-parse HEAD)" > "$stamp"
}

# Subject of the base commit: the pinned package, or your tarball.
if [ -n "$BASE_TARBALL" ]; then
	base_subject="base: ${BASE_TARBALL##*/}"
else
	base_subject="base: Debian $BASE_PKG $BASE_VERSION"
fi
if [ -d "$TREE/.git" ] && [ "$(git -C "$TREE" log -1 --format=%s base)" != "$base_subject" ]; then
	# The pinned base changed (config/base-$BASE): start over,
	# unless that would lose commits of yours.
	[ -f "$stamp" ] && [ "$(git -C "$TREE" rev-parse HEAD)" = "$(cut -d' ' -f2 "$stamp")" ] ||
		[ $force = 1 ] ||
		die "$TREE is based on '$(git -C "$TREE" log -1 --format=%s base)', the base is now '$base_subject'; export your commits ('make series') and 'make tree FORCE=1'"
	note "new base source ($base_subject): re-creating $TREE"
	# (the old tree is replaced only once the new base is there)
	make_base
fi
[ -d "$TREE/.git" ] || make_base

cd "$TREE"
if [ -d .git/rebase-apply ]; then
	die "$TREE has a git am in progress: finish it or 'git -C $TREE am --abort'"
fi
head=$(git rev-parse HEAD)
want=$(series_hash)
if [ -f "$stamp" ]; then
	read -r have_hash have_head < "$stamp"
else
	have_hash=none
	have_head=$(git rev-parse base)
fi

if [ $force = 0 ] && [ "$have_hash" = "$want" ]; then
	[ "$head" = "$have_head" ] ||
		note "${TREE#$TOP/} has commits beyond ${PATCHES#$TOP/}/ (run 'make series' to export them)"
	exit 0
fi
if [ $force = 0 ] && [ "$head" != "$have_head" ]; then
	die "${PATCHES#$TOP/}/ changed and ${TREE#$TOP/} has commits not in it.
Export yours first ('make series', then merge) or drop them ('make tree FORCE=1')."
fi
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
	[ $force = 1 ] || die "${TREE#$TOP/} has uncommitted changes; commit or stash them"
fi
# (a broken posting stops the run before the tree is touched)
for dir in $(postings); do
	check_posting "$dir"
done
note "resetting ${TREE#$TOP/} to base and applying $(postings | sed "s|^$TOP/||; s|\$|/|" | tr '\n' ' ')"
git reset -q --hard base
apply_series
