#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make series: export the commits base..HEAD of build/$BASE/linux to
# patches/$BASE as
# git format-patch files plus quilt's series file.  The output is stable:
# --zero-commit, no signature, and the cover letter keeps its subject and
# blurb (edit them in patches/$BASE/0000-cover-letter.patch) while its shortlog
# and diffstat are regenerated and its date is the newest commit's.  Files
# whose content did not change are not rewritten.
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
n=$(git rev-list --count base..HEAD)
cover=$PATCHES/0000-cover-letter.patch

if [ "$n" -gt 0 ]; then
	# SUBJECT_PREFIX: config/base-$BASE's (an RFC), else PATCH
	git format-patch -q --zero-commit --no-signature --abbrev=12 --cover-letter \
		--subject-prefix="${SUBJECT_PREFIX:-PATCH}" --no-thread -o "$tmp" base..HEAD
	new=$tmp/0000-cover-letter.patch
	if [ -f "$cover" ]; then
		# Keep our subject and blurb: everything between the Subject
		# line and the shortlog ("Author Name (N):").
		python3 - "$cover" "$new" <<'PY'
import re, sys
old, new = (open(p).read() for p in sys.argv[1:3])
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
open(sys.argv[2], 'w').write(new)
PY
	fi
	date=$(git log -1 --format=%aD HEAD)
	sed -i "0,/^Date: .*/s//Date: $date/" "$new"
	grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' "$new" &&
		note "write the cover letter's subject and blurb in ${PATCHES#$TOP/}/0000-cover-letter.patch"
else
	[ -f "$cover" ] && cp "$cover" "$tmp/"
fi

{
	[ -f "$PATCHES/series" ] && sed -n '/^#/p' "$PATCHES/series"
	(cd "$tmp" && ls [0-9]*.patch 2>/dev/null | grep -v '^0000-cover-letter.patch$') || true
} > "$tmp/series"

changed=0
for f in "$tmp"/*; do
	b=${f##*/}
	cmp -s "$f" "$PATCHES/$b" && continue
	cp "$f" "$PATCHES/$b"
	echo "  wrote ${PATCHES#$TOP/}/$b"
	changed=$((changed + 1))
done
for f in "$PATCHES"/*.patch; do
	[ -e "$f" ] || continue
	[ -e "$tmp/${f##*/}" ] && continue
	rm "$f"
	echo "  removed ${PATCHES#$TOP/}/${f##*/}"
	changed=$((changed + 1))
done
echo "$(series_hash) $(git rev-parse HEAD)" > "$TREE/.git/alloc-series"
note "${PATCHES#$TOP/}/: $n patch(es), $changed file(s) changed"
