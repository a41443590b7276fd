#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Bisectability: every prefix of the series applies (git am, in order) and
# the files each patch touches compile at that patch with W=1 and no
# warning that its parent did not have.  Kernel .c files are built as
# single objects; a patch touching tools/testing/selftests/mm rebuilds the
# mm selftest programs it touches, or all of them when it touches a file
# they share (vm_util.c, a header, the Makefile beyond program lists).
# Runs in a git worktree (build/BASE/bisect) with its own object folder
# so the main build is left alone.
#
# Usage: scripts/bisect-check.sh CONFIG   (the .config of the test kernel)
# Prints one "PASS|FAIL bisect: <patch>" line per patch on stdout.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ "$ARCH" = x86_64 ] || die "make bisect builds x86_64 only (ARCH=$ARCH; arm64 has make check ARCH=arm64)"

config=$(realpath "$1")
wt=$BUILD/bisect
obj=$BUILD/obj-bisect
log=$BUILD/bisect.log
# The verdict depends only on the series, the config and this script: when
# none changed since a run that passed, print that run's lines again.
key=$(cat "$config" "$0" <(series_hash) | sha1sum | cut -c1-40)
if [ "$(head -n1 "$BUILD/bisect.ok" 2>/dev/null)" = "$key" ]; then
	tail -n +2 "$BUILD/bisect.ok" | sed 's/$/ [unchanged since the last check]/'
	exit 0
fi
rm -f "$BUILD/bisect.ok"
: > "$log"
CC=gcc
command -v ccache >/dev/null && CC="ccache gcc"

# A fresh tree with the series applied commit by commit.
rm -rf "$wt"
git -C "$TREE" worktree prune
git -C "$TREE" worktree add -q --detach "$wt" base
# removed however the script ends (its log and objects stay)
trap 'git -C "$TREE" worktree remove --force "$wt" 2>/dev/null || true; git -C "$TREE" worktree prune || true' EXIT
n=0 rc=0
commits=()
for path in $(all_patches); do
	p=${path#$TOP/patches/}
	n=$((n + 1))
	if ! git -C "$wt" am -q "$path" >> "$log" 2>&1; then
		git -C "$wt" am --abort >/dev/null 2>&1 || true
		echo "FAIL bisect: $p (does not apply on patches 1..$((n - 1)))"
		rc=1
		break
	fi
	commits+=("$(git -C "$wt" rev-parse HEAD):$p")
done
[ $n = 0 ] && { note "bisect: empty series"; exit 0; }
passed=

mkdir -p "$obj"
rm -f "$obj/prepared" "$obj"/selftests-*.warn
cp "$config" "$obj/.config"
kmake() { make -s -C "$wt" O="$obj" ARCH="$ARCH" CC="$CC" HOSTCC="$CC" "$@"; }

# Warnings of building the touched files at commit $1, normalised (no line
# or column numbers) so that moved code does not count as new.
# A commit is checked out once for as many calls in a row, and prepared
# only for kernel files (the mm selftests build without it), with
# olddefconfig only when a Kconfig file changed since the last prepare.
# The mm selftest warnings are kept per set of programs and per content
# of what they include (tools/, the uapi headers, mm/gup_test.h) in
# $obj/selftests-KEY.warn: a parent with the same selftests is not built
# again.  The callers run this in a subshell, hence files, not variables.
warnings() { # commit files...
	local c f out="" kernel=0 prev
	c=$(git -C "$wt" rev-parse "$1")
	shift
	for f; do case $f in *.c) kernel=1 ;; esac; done
	[ "$(git -C "$wt" rev-parse HEAD)" = "$c" ] || git -C "$wt" checkout -q "$c"
	prev=$(cat "$obj/prepared" 2>/dev/null || true)
	if [ $kernel = 1 ] && [ "$prev" != "$c" ]; then
		rm -f "$obj/prepared"
		if [ -z "$prev" ] || git -C "$wt" diff --name-only "$prev" "$c" | grep -q 'Kconfig'; then
			kmake olddefconfig >> "$log" 2>&1
		fi
		kmake -j"$JOBS" prepare >> "$log" 2>&1 || { echo "error: make prepare failed at $c"; return; }
		echo "$c" > "$obj/prepared"
	fi
	for f in "$@"; do
		case "$f" in
		mm-selftests:*)
			# -B: the programs in both passes, so that the warnings
			# compared are those of the same programs; ccache
			# replays a cached compiler's warnings.
			local progs=${f#mm-selftests:} key
			key=$(git -C "$wt" rev-parse "$c:tools" "$c:include/uapi" \
				"$c:arch/x86/include/uapi" "$c:mm/gup_test.h" | sha1sum | cut -c1-16)
			key=$key-$(echo "$progs" | tr ', ' '__')
			if [ ! -f "$obj/selftests-$key.warn" ]; then
				if [ "$progs" = all ]; then
					make -B -k -s -C "$wt/tools/testing/selftests" O="$obj" CC="$CC" \
						TARGETS=mm -j"$JOBS"
				else
					mkdir -p "$obj/kselftest/mm"
					make -B -k -s -C "$wt/tools/testing/selftests/mm" O="$obj" \
						OUTPUT="$obj/kselftest/mm" CC="$CC" -j"$JOBS" \
						KHDR_INCLUDES="-isystem $obj/usr/include" \
						$(echo "$progs" | tr ',' '\n' | sed "s|^|$obj/kselftest/mm/|")
				fi 2>&1 | grep -E 'warning:|error:' > "$obj/selftests-$key.warn" || true
			fi
			out+=$(cat "$obj/selftests-$key.warn")$'\n' ;;
		*.c)
			# a file the commit adds does not exist before it
			[ -e "$wt/$f" ] || continue
			kmake W=1 "${f%.c}.o" > "$obj/one.log" 2>&1 ||
				echo "$f: error: make ${f%.c}.o failed" >> "$obj/one.log"
			cat "$obj/one.log" >> "$log"
			out+=$(grep -E 'warning:|error:' "$obj/one.log" || true)$'\n' ;;
		esac
	done
	echo "$out" | sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort -u | sed '/^$/d'
}

# The mm selftest programs a commit's files call for, comma-separated:
# a program's own .c names it (the Makefile's program lists may change
# with it); any other compiled or shared file (vm_util.c, a header, the
# rest of the Makefile) makes it "all".  Scripts are not compiled.
mm_programs() { # commit files...
	local c=$1 f b all= progs= mk=tools/testing/selftests/mm/Makefile
	shift
	for f; do
		case $f in
		tools/testing/selftests/mm/*.sh|tools/testing/selftests/mm/.gitignore) ;;
		"$mk")
			# only program list lines added or removed
			git -C "$wt" diff -U0 "$c^" "$c" -- "$mk" | grep -E '^[-+][^-+]' |
				grep -qvE '^[-+]TEST_GEN_(FILES|PROGS)[^=]*\+?=' && all=1 ;;
		tools/testing/selftests/mm/*.c)
			b=${f##*/} b=${b%.c}
			if git -C "$wt" show "$c:$mk" | grep -qE "^TEST_GEN_(FILES|PROGS)[^=]*\+?=.*\<$b\>"; then
				progs+=${progs:+,}$b
			else
				all=1
			fi ;;
		tools/testing/selftests/mm/*) all=1 ;;
		esac
	done
	if [ -n "$all" ]; then echo all; else echo "$progs"; fi
}

for entry in "${commits[@]}"; do
	c=${entry%%:*} p=${entry#*:}
	changed=$(git -C "$wt" diff --name-only "$c^" "$c")
	files=$(echo "$changed" | grep -E '\.c$' |
		grep -vE '^(tools/testing/selftests/|Documentation/)' || true)
	kfiles=$(echo $files | wc -w)
	progs=$(mm_programs "$c" $changed)
	[ -z "$progs" ] || files="$files mm-selftests:$progs"
	after=$(warnings "$c" $files)
	# the parent only when there is something to compare: a patch whose
	# files build without a warning passes whatever its parent printed
	before=
	[ -z "$after" ] || before=$(warnings "$c^" $files)
	new=$(comm -13 <(echo "$before") <(echo "$after") | sed '/^$/d')
	errs=$(echo "$after" | grep 'error:' || true)
	echo "== $p: $(echo $files | wc -w) file(s): $(echo $files)" >> "$log"
	if [ -n "$errs" ] || [ -n "$new" ]; then
		{ echo "$p:"; echo "$errs"; echo "$new"; } | sed '/^$/d' >&2
		echo "FAIL bisect: $p"
		rc=1
	else
		line="PASS bisect: $p (no new warnings: $kfiles kernel .c file(s) with W=1${progs:+, mm selftests: $progs})"
		echo "$line"
		passed+=$line$'\n'
	fi
done
[ $rc = 0 ] && printf '%s\n%s' "$key" "$passed" > "$BUILD/bisect.ok"
exit $rc
