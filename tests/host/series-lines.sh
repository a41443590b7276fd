#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/series-lines.py counts a patch's added lines by kind.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/p"
cat > "$tmp/p/0001-x.patch" <<'P'
Subject: [PATCH 1/1] x

+not a diff line
---
diff --git a/mm/a.c b/mm/a.c
--- a/mm/a.c
+++ b/mm/a.c
@@ -1,2 +1,3 @@
 a
+b
-c
+d
diff --git a/mm/tests/a_kunit.c b/mm/tests/a_kunit.c
--- /dev/null
+++ b/mm/tests/a_kunit.c
@@ -0,0 +1,1 @@
+k
diff --git a/tools/testing/selftests/mm/vm_util.c b/tools/testing/selftests/mm/vm_util.c
--- a/tools/testing/selftests/mm/vm_util.c
+++ b/tools/testing/selftests/mm/vm_util.c
@@ -1,1 +1,2 @@
 v
+w
diff --git a/tools/testing/selftests/mm/t.c b/tools/testing/selftests/mm/t.c
--- a/tools/testing/selftests/mm/t.c
+++ b/tools/testing/selftests/mm/t.c
@@ -1,1 +1,3 @@
+s
+t
 u
diff --git a/Documentation/x.rst b/Documentation/x.rst
--- a/Documentation/x.rst
+++ b/Documentation/x.rst
@@ -1,1 +1,2 @@
+doc
 y
-- 
2.39.5
P
out=$(python3 "$top/scripts/series-lines.py" "$tmp/p/0001-x.patch")
echo "$out"
echo "$out" | grep -qx '| p/0001-x.patch | 2 | 1 | 2 | 1 | 1 | 7 |'
echo "$out" | grep -qx '| total | 2 | 1 | 2 | 1 | 1 | 7 |'
echo "series-lines: ok"
