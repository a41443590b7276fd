# SPDX-License-Identifier: GPL-2.0
# Common settings for the harness scripts; sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# The kernel the series applies to, one of config/base-*: each pins its
# Debian source package (scripts/fetch-source.sh fetches it), has its
# series in patches/$BASE and builds in build/$BASE.  BASE_TARBALL: a
# kernel tarball of your own instead of Debian's.
BASE=${BASE:-6.12}
[ -r "$TOP/config/base-$BASE" ] || {
	echo "error: no config/base-$BASE (BASE=$BASE; there are: $(cd "$TOP/config" && ls base-* | sed 's/^base-//' | tr '\n' ' '))" >&2
	exit 1
}
. "$TOP/config/base-$BASE"
BASE_TARBALL=${BASE_TARBALL:-}
BUILD=$(realpath -m "${BUILD:-$TOP/build/$BASE}")
TREE=$(realpath -m "${TREE:-$BUILD/linux}")
# The architecture (kbuild's ARCH) of the kernels and guests: its image
# (KIMAGE, under an O= tree, built by "make $KIMAGE_TARGET"), QEMU, the
# cross compiler's prefix, and ARCH_SFX, which names its build products
# beside x86_64's (obj-arm64, kselftest-arm64, ...).  arm64 (make check
# ARCH=arm64) is cross-built with Debian's gcc-aarch64-linux-gnu, with
# 64K pages (config/test-arm64.config), and boots on QEMU's virt machine;
# its user space is Debian's arm64 packages (scripts/arm64-root.sh, in
# ARM64_ROOT).  GUEST_PAGE_SIZE: the guest kernel's page size (a swap
# signature the host writes must carry it).
ARCH=${ARCH:-x86_64}
[ "$ARCH" != x86 ] || ARCH=x86_64
[ "$ARCH" != aarch64 ] || ARCH=arm64
case $ARCH in
x86_64) KIMAGE=arch/x86/boot/bzImage KIMAGE_TARGET=bzImage QEMU=qemu-system-x86_64
	CROSS_COMPILE= ARCH_SFX= GUEST_PAGE_SIZE=4096 ;;
arm64) KIMAGE=arch/arm64/boot/Image KIMAGE_TARGET=Image QEMU=qemu-system-aarch64
	CROSS_COMPILE=aarch64-linux-gnu- ARCH_SFX=-arm64 GUEST_PAGE_SIZE=65536 ;;
*) echo "error: ARCH=$ARCH: the harness knows x86_64 and arm64" >&2; exit 1 ;;
esac
ARM64_ROOT=$TOP/build/arm64-root
PATCHES=${PATCHES:-$TOP/patches/$BASE}
# Fixes posted on their own (selftest fixes the series' checks need, not
# part of its story): patches/$BASE-fixes, same layout, applied before
# the series by make tree; each posting must also apply alone on base.
FIXES=${FIXES:-$PATCHES-fixes}
JOBS=${JOBS:-$(nproc)}
# ccache for every compiler run of the harness (kernels, selftests,
# bisect): paths relative to the clone, so that a fresh clone elsewhere
# hits the cache a previous one filled
export CCACHE_DIR=${CCACHE_DIR:-${HOME:-/root}/.cache/ccache}
export CCACHE_BASEDIR=$TOP
export CCACHE_NOHASHDIR=1
# depend mode: a miss does not run the preprocessor first (kbuild passes
# -Wp,-MMD): a cold kernel build takes about a quarter less time; the
# price is that a config change rebuilds every object (CCACHE_NODEPEND=1
# for ccache's default mode)
[ -n "${CCACHE_NODEPEND:-}" ] || export CCACHE_DEPEND=1

# Deterministic identity and dates for the commits the harness makes, so
# that the base commit has the same hash on every machine.
export GIT_AUTHOR_NAME="alloc-latency harness"
export GIT_AUTHOR_EMAIL="harness@localhost"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME"
export GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"

# make check's results folder for the run the environment asks for
# (scripts/check.sh, scripts/check-bases.sh):
# $BUILD/check[-numa][-debug|-rt][-arm64]
check_out() {
	local kind=
	[ "${DEBUG:-0}" != 1 ] || kind=-debug
	[ "${RT:-0}" != 1 ] || kind=-rt
	echo "$BUILD/check$([ "${NUMA_ONLY:-0}" = 1 ] && echo -numa)$kind$ARCH_SFX"
}

die() { echo "error: $*" >&2; exit 1; }
note() { echo ">>> $*" >&2; }

# Debian's archive key, which the private apt configurations' sources name
debian_keyring() {
	local k=/usr/share/keyrings/debian-archive-keyring.gpg
	[ -r "$k" ] || die "$k missing: apt-get install debian-archive-keyring"
	echo "$k"
}

# A private apt configuration in DIR that reads nothing of the host's:
# the deb822 sources on standard input as DIR/etc/sources.list.d/NAME.sources,
# its own lists and cache in DIR, the apt.conf lines given after NAME
# first.  Exports APT_CONFIG.  (fetch-source.sh, arm64-root.sh)
private_apt() {
	local dir=$1 name=$2 line
	shift 2
	mkdir -p "$dir"/{etc/sources.list.d,etc/preferences.d,lists/partial,cache,archives/partial}
	cat > "$dir/etc/sources.list.d/$name.sources"
	{
		for line in "$@"; do
			echo "$line"
		done
		cat <<-EOS
		Dir::Etc::SourceList "/dev/null";
		Dir::Etc::SourceParts "$dir/etc/sources.list.d";
		Dir::Etc::Preferences "/dev/null";
		Dir::Etc::PreferencesParts "$dir/etc/preferences.d";
		Dir::State::Lists "$dir/lists";
		Dir::Cache::Archives "$dir/archives";
		Dir::Cache "$dir/cache";
		EOS
		# as root, apt would drop to _apt, who cannot write here
		[ "$(id -u)" != 0 ] || echo 'APT::Sandbox::User "root";'
	} > "$dir/apt.conf"
	export APT_CONFIG=$dir/apt.conf
}

[ ! -e "$FIXES" ] || [ -f "$FIXES/series" ] ||
	die "${FIXES#$TOP/} has no series file (quilt's: the patches in order)"

# Patch files of a posting (default: the series) in order, without the
# cover letter.
series_patches() {
	local dir=${1:-$PATCHES}
	[ -f "$dir/series" ] || die "$dir/series is missing"
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$dir/series"
}

# The postings make tree applies, in order: the fixes (if any), the series.
postings() {
	[ ! -d "$FIXES" ] || echo "$FIXES"
	echo "$PATCHES"
}

# Every patch make tree applies, as paths, in order.
all_patches() {
	local dir p
	for dir in $(postings); do
		for p in $(series_patches "$dir"); do
			echo "$dir/$p"
		done
	done
}

# Checksum of everything that defines the tree: the series and the fixes.
series_hash() {
	local dir
	for dir in $(postings); do
		(cd "$dir" && cat series $(series_patches "$dir"))
	done | sha1sum | cut -c1-40
}
