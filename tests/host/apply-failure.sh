#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/tree.sh on a small fake base: a good series applies; a patch
# that does not apply stops the run and is named with its failing hunk;
# fixes posted apart apply first and each posting must apply alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src/linux/mm"
seq 1 50 > "$tmp/src/linux/mm/a.c"
printf 'all:\nkernelversion:\n\t@echo 6.12.0\n' > "$tmp/src/linux/Makefile"
tar -C "$tmp/src" -cJf "$tmp/base.tar.xz" linux

mkdir -p "$tmp/patches"
cat > "$tmp/patches/0001-good.patch" <<'P'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <t@example.org>
Date: Mon, 30 Nov 2026 00:00:00 +0000
Subject: [PATCH 1/2] mm: good

---
diff --git a/mm/a.c b/mm/a.c
--- a/mm/a.c
+++ b/mm/a.c
@@ -9,3 +9,3 @@
 9
-10
+ten
 11
P
cat > "$tmp/bad.patch" <<'P'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <t@example.org>
Date: Mon, 30 Nov 2026 00:00:00 +0000
Subject: [PATCH 2/2] mm: bad

---
diff --git a/mm/a.c b/mm/a.c
--- a/mm/a.c
+++ b/mm/a.c
@@ -39,3 +39,3 @@
 39
-NOT-THERE
+forty
 41
P
export BASE_TARBALL=$tmp/base.tar.xz TREE=$tmp/tree PATCHES=$tmp/patches
echo 0001-good.patch > "$tmp/patches/series"
"$top/scripts/tree.sh"
[ "$(sed -n 10p "$tmp/tree/mm/a.c")" = ten ]

cp "$tmp/bad.patch" "$tmp/patches/0002-bad.patch"
echo 0002-bad.patch >> "$tmp/patches/series"
if "$top/scripts/tree.sh" > "$tmp/out" 2>&1; then
	cat "$tmp/out"; echo "tree.sh applied a bad patch"; exit 1
fi
cat "$tmp/out"
grep -q "patches/0002-bad.patch does not apply" "$tmp/out"
grep -q "Hunk #1 FAILED at 39" "$tmp/out"
grep -q "patch failed: mm/a.c:39" "$tmp/out"
# After the failure the tree is back on base, and fixing the series is
# enough for the next run.
[ "$(git -C "$tmp/tree" rev-parse HEAD)" = "$(git -C "$tmp/tree" rev-parse base)" ]
echo 0001-good.patch > "$tmp/patches/series"
rm "$tmp/patches/0002-bad.patch"
"$top/scripts/tree.sh"
[ "$(sed -n 10p "$tmp/tree/mm/a.c")" = ten ]

# A patch file not in the series is an error, not silently ignored.
printf '0001-good.patch\n' > "$tmp/patches/series"
cp "$tmp/bad.patch" "$tmp/patches/0003-stray.patch"
if "$top/scripts/tree.sh" --force > "$tmp/out" 2>&1; then
	echo "tree.sh accepted a patch that is not in the series"; exit 1
fi
grep -q "0003-stray.patch is not listed" "$tmp/out"
rm "$tmp/patches/0003-stray.patch"

# Fixes posted on their own (PATCHES-fixes) apply first, up to tag
# "fixes"; make series exports each posting to its folder again; a
# series that needs the fixes does not apply alone (quilt-check.sh).
mkdir "$tmp/patches-fixes"
sed -e 's/mm: good/mm: fix/' -e 's/@@ -9,3 +9,3 @@/@@ -19,3 +19,3 @@/' \
    -e 's/^ 9$/ 19/' -e 's/^-10$/-20/' -e 's/^+ten$/+twenty/' -e 's/^ 11$/ 21/' \
    "$tmp/patches/0001-good.patch" > "$tmp/patches-fixes/0001-fix.patch"
echo 0001-fix.patch > "$tmp/patches-fixes/series"
"$top/scripts/tree.sh"
[ "$(sed -n 20p "$tmp/tree/mm/a.c")" = twenty ]
[ "$(git -C "$tmp/tree" log -1 --format=%s fixes)" = "mm: fix" ]
[ "$(git -C "$tmp/tree" log -1 --format=%s HEAD)" = "mm: good" ]
"$top/scripts/series.sh"
# a second export changes nothing
"$top/scripts/series.sh" 2>&1 | grep -q "patches/: 1 patch(es), 0 file(s) changed"
ls "$tmp/patches-fixes" | grep -qx 0001-mm-fix.patch
ls "$tmp/patches" | grep -qx 0001-mm-good.patch
grep -q '^base-commit: '"$(git -C "$tmp/tree" rev-parse base)" "$tmp/patches/0000-cover-letter.patch"
"$top/scripts/quilt-check.sh"
# a series patch on top of the fix's line needs the fix
cat > "$tmp/patches/0002-needs-fix.patch" <<'P'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: Test <t@example.org>
Date: Mon, 30 Nov 2026 00:00:00 +0000
Subject: [PATCH 2/2] mm: needs the fix

---
diff --git a/mm/a.c b/mm/a.c
--- a/mm/a.c
+++ b/mm/a.c
@@ -19,3 +19,3 @@
 19
-twenty
+TWENTY
 21
P
echo 0002-needs-fix.patch >> "$tmp/patches/series"
"$top/scripts/tree.sh"
if "$top/scripts/quilt-check.sh" > "$tmp/out" 2>&1; then
	cat "$tmp/out"; echo "quilt-check.sh: a series that needs the fixes applied alone"; exit 1
fi
grep -q "0002-needs-fix.patch does not apply on base" "$tmp/out"

# A rebase that rewrites the fix leaves the tag behind: make series says so.
GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org \
	git -C "$tmp/tree" -c core.editor=true rebase -q --exec 'git commit -q --amend -m "$(git log -1 --format=%s) v2"' base
if "$top/scripts/series.sh" > "$tmp/out" 2>&1; then
	cat "$tmp/out"; echo "series.sh exported with a stale tag 'fixes'"; exit 1
fi
grep -q "tag 'fixes' .* is not in" "$tmp/out"
# A fix that does not apply: make tree stops, the tree is on base with
# the tag, and make series refuses to export the empty tree.
sed -i 's/^-20$/-NOT-THERE/' "$tmp/patches-fixes/0001-mm-fix.patch"
if "$top/scripts/tree.sh" --force > "$tmp/out" 2>&1; then
	cat "$tmp/out"; echo "tree.sh applied a bad fix"; exit 1
fi
[ "$(git -C "$tmp/tree" rev-parse fixes)" = "$(git -C "$tmp/tree" rev-parse base)" ]
if "$top/scripts/series.sh" > "$tmp/out" 2>&1; then
	cat "$tmp/out"; echo "series.sh exported a tree whose make tree failed"; exit 1
fi
grep -q "did not finish" "$tmp/out"
[ -f "$tmp/patches/0001-mm-good.patch" ]
echo "apply-failure: ok"
