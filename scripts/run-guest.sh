#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot a test kernel under QEMU and run one guest job (guest/jobs/NAME.sh).
#
# Usage: scripts/run-guest.sh -k BZIMAGE -i INITRD -j JOB -o OUTDIR
#            [-m MEM] [-c CPUS] [-t TIMEOUT_S] [-s SCRATCH_SIZE]
#            [-w SWAP_SIZE] [-a "EXTRA CMDLINE"]
#
# Job parameters go on the kernel command line as env.NAME=a,b (the job
# sees NAME="a b"), e.g. -a env.KSFT_MM=mmap,thp.
#
# Environment: ACCEL (default tcg,thread=multi), ICOUNT=1 (single-threaded
# TCG with -icount shift=0,sleep=off: guest time follows executed
# instructions), QEMU_EXTRA (more QEMU options).
#
# OUTDIR gets console.log, the job's results/ (log, rc, whatever the job
# wrote to $RESULTS) and the disk images.  Exit status: 0 when the guest
# ran the job to its end (whatever the job's own result, in results/rc),
# 1 when it did not (timeout, panic, no results), 3 when the panic was a
# stray int3 of the emulator (see stray_int3 below), 4 when QEMU died of
# a signal before the timeout (an emulator crash or the host's OOM killer).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
# The machine and its console: QEMU's default x86 machine (pc) and
# ttyS0; for arm64 the virt machine with GICv3 (GICv2 stops at 8 CPUs)
# and its PL011, ttyAMA0.  The virtio-blk disks are PCI on both.
case $ARCH in
x86_64) machine=(-cpu max) console=ttyS0 ;;
arm64) machine=(-M virt,gic-version=3 -cpu max,pauth-impdef=on) console=ttyAMA0 ;;
esac

mem=2G cpus=2 timeout=600 scratch= swap= extra= kernel= initrd= job= out=
while getopts "k:i:j:o:m:c:t:s:w:a:" o; do
	case $o in
	k) kernel=$OPTARG ;; i) initrd=$OPTARG ;; j) job=$OPTARG ;;
	o) out=$OPTARG ;; m) mem=$OPTARG ;; c) cpus=$OPTARG ;;
	t) timeout=$OPTARG ;; s) scratch=$OPTARG ;; w) swap=$OPTARG ;;
	a) extra=$OPTARG ;; *) die "bad option, see $0" ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$job" ] && [ -n "$out" ] ||
	die "usage: $0 -k BZIMAGE -i INITRD -j JOB -o OUTDIR [...]"
[ -f "$kernel" ] || die "no kernel image $kernel"
[ -f "$initrd" ] || die "no initramfs $initrd"

rm -rf "$out"
mkdir -p "$out/results"
# The disk images are sparse and grow as the guest writes; when the host's
# disk fills, QEMU stops the guest (its default on ENOSPC) and the run ends
# only at its timeout.  Refuse to start without room for all of them.
results_size=256M
host_free_kb() { df -Pk "$out" | awk 'NR == 2 { print $4 }'; }
need_kb=$(( ($(numfmt --from=iec "$results_size") + $(numfmt --from=iec "${scratch:-0}") +
	$(numfmt --from=iec "${swap:-0}")) / 1024 ))
free_kb=$(host_free_kb)
[ "$free_kb" -ge "$need_kb" ] ||
	die "$out: $((free_kb / 1024)) MiB free on the host, the guest's disk images may grow to $((need_kb / 1024)) MiB (remove old build/ folders or clones)"
disks=()
add_disk() { # file serial
	disks+=(-drive "if=none,id=$2,file=$1,format=raw,cache=unsafe"
		-device "virtio-blk-pci,drive=$2,serial=$2")
}
truncate -s "$results_size" "$out/results.img"
add_disk "$out/results.img" results
if [ -n "$scratch" ]; then
	truncate -s "$scratch" "$out/scratch.img"
	mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$out/scratch.img"
	add_disk "$out/scratch.img" scratch
fi
if [ -n "$swap" ]; then
	truncate -s "$swap" "$out/swap.img"
	# the signature names the page size; a kernel of another one refuses it
	m=$(mkswap -p "$GUEST_PAGE_SIZE" "$out/swap.img" 2>&1) || die "mkswap $out/swap.img: $m"
	add_disk "$out/swap.img" swap
fi

accel=(-accel "${ACCEL:-tcg,thread=multi}")
if [ "${ICOUNT:-0}" = 1 ]; then
	accel=(-accel tcg,thread=single -icount shift=0,sleep=off)
fi

cmdline="console=$console panic=-1 oops=panic loglevel=7 job=$job $extra"
qemu=("$QEMU" "${accel[@]}" "${machine[@]}" -m "$mem" -smp "$cpus"
      -kernel "$kernel" -initrd "$initrd" -append "$cmdline"
      -display none -monitor none -serial stdio -no-reboot
      "${disks[@]}" ${QEMU_EXTRA:-})
echo "${qemu[*]}" > "$out/qemu.cmd"

note "booting ${kernel#$TOP/} job=$job mem=$mem cpus=$cpus timeout=${timeout}s"
start=$(date +%s)
set +e
timeout --foreground -k 10 "$timeout" "${qemu[@]}" < /dev/null 2>&1 |
	tee "$out/console.log" | { if [ "${VERBOSE:-0}" = 1 ]; then cat; else cat >/dev/null; fi; }
rc=${PIPESTATUS[0]}
set -e
elapsed=$(( $(date +%s) - start ))

# The why comes first and last: whoever reads only the head or only the
# tail of this output sees it.
fail() {
	echo "error: job $job: $*" >&2
	echo "---- last 40 lines of $out/console.log ----" >&2
	tail -n 40 "$out/console.log" | tr -d '\r' | cut -c1-240 >&2
	echo "----" >&2
	echo "error: job $job: $*" >&2
	exit "${fail_rc:-1}"
}
# QEMU before 8.1 (Debian 12 has 7.2), multi-threaded TCG: a vCPU can run
# a stale translation of kernel text another vCPU is patching, and trap
# on text_poke_bp()'s temporary int3 after it is gone (fixed by QEMU
# commit deba78709ae8).  The oops says so: its Code: line shows the byte
# before RIP, where the int3 was, as something other than cc.  Prints
# that byte for such an oops.
stray_int3() {
	tr -d '\r' < "$out/console.log" | sed -n '/Oops: int3/,/Code:/s/.*Code: .*\b\([0-9a-f][0-9a-f]\) <[0-9a-f][0-9a-f]>.*/\1/p' |
		grep -v '^cc$' | head -n 1 || true
}
[ $rc = 124 ] && fail "guest did not finish within ${timeout}s (hang?; $(( $(host_free_kb) / 1024 )) MiB free on the host: QEMU stops a guest whose disk cannot grow); killed"
# QEMU itself killed by a signal before the timeout (its own crash, or
# the host's OOM killer): not the guest's doing, exit 4
if [ $rc -gt 128 ] && ! grep -q "Kernel panic" "$out/console.log"; then
	[ $rc = 137 ] && [ $elapsed -ge "$timeout" ] &&
		fail "guest did not finish within ${timeout}s (hang?); killed"
	fail_rc=4 fail "qemu died of signal $((rc - 128)) after ${elapsed}s, the guest still running (host: $(free -m | awk '/^Mem:/ {print $7 " MiB available of " $2}'))"
fi
if grep -q "Kernel panic" "$out/console.log"; then
	b=$(stray_int3)
	[ -z "$b" ] || fail_rc=3 fail "kernel panic after ${elapsed}s: a stray int3 (the byte at RIP-1 is $b, not cc): QEMU < 8.1 multi-threaded TCG, not the kernel (README, Machine notes)"
	fail "kernel panic after ${elapsed}s"
fi
[ $rc = 0 ] || fail "qemu exited with status $rc after ${elapsed}s"
tar -C "$out/results" -xf "$out/results.img" 2>/dev/null ||
	fail "no results came back from the guest"
[ -f "$out/results/rc" ] || fail "the guest job did not report an exit status"
# the images once the results are out (a scratch image holds gigabytes);
# a run that failed above keeps them to be looked at
rm -f "$out/results.img" "$out/scratch.img" "$out/swap.img"
note "job $job finished in ${elapsed}s (guest exit status $(cat "$out/results/rc"))"
