#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build a test kernel: tinyconfig + config fragments (merge_config.sh),
# ccache, out of tree.
#
# Usage: scripts/build-kernel.sh SRC OBJ FRAGMENT...
# (config/test.config brings config/test-$ARCH.config,
# config/test-$BASE.config and config/test-$BASE-$ARCH.config with it,
# in that order, those that exist)
# Leaves OBJ/$KIMAGE (arch/x86/boot/bzImage, arch/arm64/boot/Image).  The
# config is regenerated only when a fragment changed; every option a
# fragment sets must end up in .config.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 3 ] || die "usage: $0 SRC OBJ FRAGMENT..."
src=$(realpath "$1"); obj=$(realpath -m "$2"); shift 2
frags=()
for f in "$@"; do
	frags+=("$(realpath "$f")")
	# what the architecture needs (its console, its page size) and the
	# series' own options (its KUnit suite) come per architecture and
	# per base, right after config/test.config
	[ "${f##*/}" = test.config ] || continue
	for per in "$(dirname "$f")"/test-{$ARCH,$BASE,$BASE-$ARCH}.config; do
		[ ! -f "$per" ] || frags+=("$(realpath "$per")")
	done
done

mkdir -p "$obj"
export ARCH
export KBUILD_BUILD_USER=test KBUILD_BUILD_HOST=alloc-latency
export KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2026"
# CC overrides kbuild's $(CROSS_COMPILE)gcc, so it names the cross
# compiler itself; CROSS_COMPILE still picks ld, objcopy and the rest
CC=${CROSS_COMPILE}gcc HOSTCC=gcc
command -v ccache >/dev/null && CC="ccache $CC" HOSTCC="ccache gcc"
command -v "${CROSS_COMPILE}gcc" >/dev/null ||
	die "${CROSS_COMPILE}gcc not found (ARCH=$ARCH: scripts/deps.sh installs it)"
kmake() { make -s -C "$src" O="$obj" CROSS_COMPILE="$CROSS_COMPILE" CC="$CC" HOSTCC="$HOSTCC" "$@"; }

# Does .config have every option the fragments set?  merge_config.sh only
# warns, and a build's syncconfig drops what the tree of the moment did not
# define (a tree rebuilt from an older state): checked at configuration,
# before every build (a drifted .config is configured again) and after.
check_config() {
	# ALLOW_UNKNOWN=1 (the base kernel of make bench): options this tree
	# does not define (the series' own) are skipped, the rest checked.
	known=
	if [ "${ALLOW_UNKNOWN:-0}" = 1 ]; then
		known=$(find "$src" -name 'Kconfig*' -exec sed -n \
			's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/CONFIG_\2/p' {} + |
			sort -u)
	fi
	bad=0
	# a later fragment overrides an earlier one (merge_config.sh's
	# rule): e.g. config/rt.config turns off what PREEMPT_RT excludes
	local -A want=() from=()
	local -a syms=()
	for f in "${frags[@]}"; do
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*=*) sym=${line%%=*} ;;
			"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *} ;;
			*) continue ;;
			esac
			[ -n "${want[$sym]+set}" ] || syms+=("$sym")
			want[$sym]=$line from[$sym]=${f##*/}
		done < "$f"
	done
	for sym in "${syms[@]}"; do
		line=${want[$sym]}
		if [ -n "$known" ] && ! grep -qx "$sym" <<< "$known"; then
			note "config: $sym is not in this tree, skipped"
			continue
		fi
		got=$(grep -E "^$sym=|^# $sym is not set" "$obj/.config" || echo "# $sym is not set")
		if [ "$got" != "$line" ]; then
			echo "config: ${from[$sym]} asks '$line', .config has '$got'" >&2
			bad=1
		fi
	done
	return $bad
}

fragsum=$(cat "${frags[@]}" | sha1sum | cut -c1-40)
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.fragsum" 2>/dev/null)" != "$fragsum" ] ||
   ! check_config 2>/dev/null; then
	note "configuring $obj: tinyconfig + ${frags[*]##*/}"
	kmake tinyconfig >/dev/null
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" "${frags[@]}") \
		> "$obj/merge_config.log" 2>&1
	kmake olddefconfig >/dev/null
	check_config || die "config fragment not satisfied (see above; dependencies missing?)"
	echo "$fragsum" > "$obj/.fragsum"
fi

note "building $(kmake kernelversion) in $obj (-j$JOBS)"
start=$(date +%s)
kmake -j"$JOBS" "$KIMAGE_TARGET"
check_config || die "the build dropped options of the config fragment (see above)"
note "kernel built in $(( $(date +%s) - start ))s: $obj/$KIMAGE"
