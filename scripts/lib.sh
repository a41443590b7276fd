# SPDX-License-Identifier: GPL-2.0
# Common settings for the harness scripts; sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
BASE_TARBALL=${BASE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
BASE_PKG=linux-source-6.12
TREE=${TREE:-$BUILD/linux}
PATCHES=${PATCHES:-$TOP/patches}
JOBS=${JOBS:-$(nproc)}

# Deterministic identity and dates for the commits the harness makes, so
# that the base commit has the same hash on every machine.
export GIT_AUTHOR_NAME="alloc-latency harness"
export GIT_AUTHOR_EMAIL="harness@localhost"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME"
export GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"

die() { echo "error: $*" >&2; exit 1; }
note() { echo ">>> $*" >&2; }

# Patch files in series order (without the cover letter).
series_patches() {
	[ -f "$PATCHES/series" ] || die "$PATCHES/series is missing"
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PATCHES/series"
}

# Checksum of everything that defines the series.
series_hash() {
	(cd "$PATCHES" && cat series $(series_patches)) | sha1sum | cut -c1-40
}
