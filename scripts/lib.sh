# SPDX-License-Identifier: GPL-2.0
# Common settings for the harness scripts; sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
# The kernel the series applies to: config/base-$BASE pins its Debian
# source package (scripts/fetch-source.sh fetches it).  BASE_TARBALL: a
# kernel tarball of your own instead.
BASE=${BASE:-6.12}
[ -r "$TOP/config/base-$BASE" ] || { echo "error: no config/base-$BASE (BASE=$BASE)" >&2; exit 1; }
. "$TOP/config/base-$BASE"
BASE_TARBALL=${BASE_TARBALL:-}
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
