#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make checkpatch: scripts/checkpatch.pl --strict on every patch of the
# series and of its fixes (patches/$BASE-fixes), and MAINTAINERS
# coverage of every file a patch adds.  Prints one "PASS|FAIL
# checkpatch: <folder>/<patch>" line per patch on stdout, the checkpatch
# reports on stderr; exit 1 if any patch fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -x "$TREE/scripts/checkpatch.pl" ] || die "no $TREE: run 'make tree' first"
# New files: checkpatch asks "does MAINTAINERS need updating?" for every
# added file.  We answer it instead: each new file must be covered by a
# MAINTAINERS section (get_maintainer.pl), not only by THE REST.
covered() { # file
	(cd "$TREE" && scripts/get_maintainer.pl -f "$1" --no-git --no-git-fallback \
		--sections 2>/dev/null) | grep -E '^[A-Z][A-Z0-9 ,/()._-]+$' | grep -vx 'THE REST' | head -1
}

rc=0
for path in $(all_patches); do
	p=${path#$TOP/patches/}
	bad=
	# A backport names its mainline commit ("commit <sha> upstream.", as
	# stable postings do); the tree is the distribution's source with no
	# upstream history, where checkpatch can look up no commit id at all.
	ignore=FILE_PATH_CHANGES
	if grep -qE '^commit [0-9a-f]{40} upstream\.$' "$path"; then
		ignore+=,UNKNOWN_COMMIT_ID
		echo "  $p: a backport; its commit ids are not looked up (no upstream history here)" >&2
	fi
	# spdxcheck.py needs python3-ply and python3-git: use Debian's python3.
	out=$(cd "$TREE" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict -q --ignore "$ignore" \
		"$path" 2>&1) || bad=1
	[ -z "$out" ] || bad=1
	for f in $(awk '/^diff --git/ { f = $4; sub("^b/", "", f) } /^new file mode/ { print f }' "$path"); do
		sec=$(covered "$f")
		if [ -z "$sec" ]; then
			out+=$'\n'"new file $f is not covered by a MAINTAINERS section"
			bad=1
		else
			echo "  $f: MAINTAINERS section '$sec'" >&2
		fi
	done
	if [ -z "$bad" ]; then
		echo "PASS checkpatch: $p"
	else
		echo "$p:$out" >&2
		echo "FAIL checkpatch: $p"
		rc=1
	fi
done
exit $rc
