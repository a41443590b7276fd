#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make series: export the commits of build/$BASE/linux back to patches/ as
# git format-patch files plus quilt's series file, one folder per posting:
# base..fixes to patches/$BASE-fixes (fixes posted on their own, see
# scripts/tree.sh; only if there are any) and fixes..HEAD to
# patches/$BASE.  The output is stable: --zero-commit, no signature, and
# the cover letter keeps its subject and blurb (edit them in
# 0000-cover-letter.patch) while its To/Cc (scripts/get_maintainer.pl on
# the posting's patches), shortlog, diffstat and base-commit are
# regenerated and its date is the newest commit's.  Files whose content
# did not change are not rewritten.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE/.git" ] || die "no $TREE: run 'make tree' first"
cd "$TREE"
# The output must not depend on the user's git configuration.
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "${TREE#$TOP/} has uncommitted changes; commit them first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# To: the maintainers, Cc: reviewers and lists of what the patches touch
# (the tree's scripts/get_maintainer.pl; a tree without it: none) and the
# addresses in $EXTRA_CC, as folded header lines.
recipients() { # patches...
	local roles=
	if [ -f scripts/get_maintainer.pl ]; then
		roles=$(scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
			--roles "$@" 2> "$tmp/get_maintainer.err") ||
			die "scripts/get_maintainer.pl failed: $(cat "$tmp/get_maintainer.err")"
	fi
	echo "$roles" | EXTRA_CC=${EXTRA_CC:-} python3 -c '
import os, re, sys
to, cc = [], []
for line in sys.stdin:
    m = re.match(r"(.*?@[^\s>]*>?) \((.*)\)$", line.strip())
    if not m:
        continue
    (to if m.group(2).startswith("maintainer:") else cc).append(m.group(1))
cc += [a for a in os.environ["EXTRA_CC"].split() if a not in cc]
for key, addrs in (("To", to), ("Cc", cc)):
    if addrs:
        print(key + ": " + ",\n    ".join(addrs))
'
}

# export_posting RANGE DIR PREFIX [EXTRA_CC]
export_posting() {
	local range=$1 dir=$2 prefix=$3 n f b changed=0 cover new date rcpt
	local EXTRA_CC=${4:-}
	n=$(git rev-list --count "$range")
	mkdir -p "$dir" "$tmp/out"
	rm -f "$tmp"/out/*
	cover=$dir/0000-cover-letter.patch
	if [ "$n" -gt 0 ]; then
		git format-patch -q --zero-commit --no-signature --abbrev=12 --cover-letter \
			--subject-prefix="$prefix" --no-thread -o "$tmp/out" "$range"
		new=$tmp/out/0000-cover-letter.patch
		rcpt=$(recipients $(ls "$tmp"/out/[0-9]*.patch | grep -v /0000-cover-letter.patch))
		python3 - "$cover" "$new" "$rcpt" \
			"$(git rev-parse base)" <<'PY'
import os, re, sys
old_p, new_p, rcpt, base = sys.argv[1:5]
new = open(new_p).read()
if os.path.exists(old_p):
    # Keep our subject and blurb: everything between the Subject
    # line and the shortlog ("Author Name (N):").
    old = open(old_p).read()
    head, _, body = old.partition('\n\n')
    short = re.search(r'^\S.* \(\d+\):$', body, re.M)
    blurb = body[:short.start()] if short else body
    for key in ('From', 'Subject'):
        m = re.search(r'^%s: (.*)$' % key, head, re.M)
        if not m:
            continue
        val = m.group(1)
        if key == 'Subject':
            val = re.sub(r'^\[PATCH[^\]]*\] ', '', val)
            new = re.sub(r'^(Subject: \[PATCH[^\]]*\] ).*$',
                         lambda x: x.group(1) + val, new, count=1, flags=re.M)
        else:
            new = re.sub(r'^From: .*$', lambda x: 'From: ' + val, new,
                         count=1, flags=re.M)
    new = new.replace('*** BLURB HERE ***\n\n', blurb.rstrip('\n') + '\n\n', 1)
if rcpt:
    new = re.sub(r'^(Subject: .*(?:\n[ \t].*)*)$', lambda x: x.group(1) + '\n' + rcpt,
                 new, count=1, flags=re.M)
# the base every posting applies to on its own (the harness's commit of
# the pinned source; the blurb names the kernel version)
new = new.rstrip('\n') + '\n\nbase-commit: ' + base + '\n'
open(new_p, 'w').write(new)
PY
		date=$(git log -1 --format=%aD "${range#*..}")
		sed -i "0,/^Date: .*/s//Date: $date/" "$new"
		grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' "$new" &&
			note "write the cover letter's subject and blurb in ${cover#$TOP/}"
	else
		[ -f "$cover" ] && cp "$cover" "$tmp/out/"
	fi

	{
		[ -f "$dir/series" ] && sed -n '/^#/p' "$dir/series"
		(cd "$tmp/out" && ls [0-9]*.patch 2>/dev/null | grep -v '^0000-cover-letter.patch$') || true
	} > "$tmp/out/series"

	for f in "$tmp"/out/*; do
		b=${f##*/}
		cmp -s "$f" "$dir/$b" && continue
		cp "$f" "$dir/$b"
		echo "  wrote ${dir#$TOP/}/$b"
		changed=$((changed + 1))
	done
	for f in "$dir"/*.patch; do
		[ -e "$f" ] || continue
		[ -e "$tmp/out/${f##*/}" ] && continue
		rm "$f"
		echo "  removed ${dir#$TOP/}/${f##*/}"
		changed=$((changed + 1))
	done
	note "${dir#$TOP/}/: $n patch(es), $changed file(s) changed"
}

# A failed make tree leaves the tree on base without its stamp: exporting
# that would empty patches/.
[ -f .git/alloc-series ] ||
	die "the last 'make tree' did not finish (${TREE#$TOP/} has no series applied): fix patches/ and run 'make tree'"
# The fixes end at tag "fixes" (scripts/tree.sh); a tree made before
# there were fixes has no tag and no fixes.
nfixes=0
[ ! -f "$FIXES/series" ] || nfixes=$(series_patches "$FIXES" | wc -l)
if ! fixes=$(git rev-parse -q --verify 'refs/tags/fixes^{commit}'); then
	[ "$nfixes" = 0 ] ||
		die "${FIXES#$TOP/} has $nfixes patch(es) but ${TREE#$TOP/} has no tag 'fixes': 'make tree FORCE=1' (after exporting your commits), or put the fixes first and 'git tag fixes COMMIT'"
	fixes=$(git rev-parse base)
fi
# after a rebase the tag stays on the old commits
git merge-base --is-ancestor "$fixes" HEAD ||
	die "tag 'fixes' ($(git log -1 --format='%h %s' "$fixes")) is not in ${TREE#$TOP/}'s history (a rebase?): 'git tag -f fixes COMMIT', COMMIT the last fix"
if [ "$nfixes" != 0 ] || [ "$fixes" != "$(git rev-parse base)" ]; then
	# FIXES_SUBJECT_PREFIX, FIXES_CC: config/base-$BASE's (6.12.y stable)
	export_posting "base..$fixes" "$FIXES" "${FIXES_SUBJECT_PREFIX:-PATCH}" "${FIXES_CC:-}"
fi
# SUBJECT_PREFIX: config/base-$BASE's (an RFC), else PATCH
export_posting "$fixes..HEAD" "$PATCHES" "${SUBJECT_PREFIX:-PATCH}"
echo "$(series_hash) $(git rev-parse HEAD)" > "$TREE/.git/alloc-series"
