// SPDX-License-Identifier: GPL-2.0
/*
 * vm.extra_free_kbytes: replay an allocation burst under page-cache pressure.
 *
 * Background writers fill the page cache of a disk, so free memory sits
 * between the low and high watermarks and kswapd is busy.  Then one task
 * maps a sparse file, sets MADV_RANDOM and reads one byte of every page:
 * a burst of page-cache allocations that kswapd cannot follow.  Without a
 * reserve the burst runs below the min watermark and the task reclaims
 * itself (allocstall, pgscan_direct); with vm.extra_free_kbytes as large
 * as the burst it is served from free memory.
 *
 * The harness's replay of seed 000 (make check, make bench-burst); it writes
 * about twice the RAM to -d DIR, too much for the mm selftests.  Built
 * against the tree's kselftest.h.
 *
 * Check mode (no -s): rounds with the knob at 0 and at the burst size, in
 * turn; the reserve must remove direct reclaim in every round, except
 * that one round may see it once three quarters of the burst were served
 * (kswapd fell behind the writers; without the reserve direct reclaim
 * starts within the first few MB).  If knob 0 saw no direct reclaim
 * either, there is nothing to remove: skip.
 *
 * On a kernel with vm.burst_reserve (both series; the 7.2 series also
 * has vm.extra_free_kbytes, whose claim its kselftest burst_replay
 * checks), check mode checks the kernel-sized reserve instead: each round
 * is a burst at 0, then one with vm.burst_reserve=1 from nothing and one
 * more of the same size; every burst that reclaimed directly with it on
 * must have grown the reserve (burst_reserve_grow).  How many times the
 * next burst stalled is reported, not checked: that is the benchmarks'
 * question (make bench-burst-train-auto).  No direct reclaim in any first
 * burst: skip.  And whenever a round ends with a reserve held, every
 * zone's low watermark must be min + the gap + its reserve, and the
 * per-CPU lists' high_min and batch (/proc/zoneinfo, after a recompute)
 * must be those without it.
 *
 * Bench mode (-s SETTING): one machine-readable "burst ..." line per
 * round, for the benchmark harness.  SETTING is "off", "extra" (the knob
 * at the burst size), "wsf" (no extra, watermark_scale_factor raised
 * until the low watermarks are as high as with "extra"), "auto"
 * (vm.burst_reserve=1: the reserve the kernel sizes itself, a kernel
 * that has it; every setting starts with it off, so from nothing) or
 * "both" (the knob as in "extra" and vm.burst_reserve=1 above it).
 *
 * Train mode (-S SEED, with -s): for each setting, a train of bursts as
 * a user meets them, not one burst after a settled state: nine bursts of
 * three sizes (a sixteenth, an eighth and 22% of MemTotal, each three
 * times, in an order drawn from SEED), 10-30 s apart start to start
 * (drawn from SEED), while the writers keep filling the page cache; then
 * 90 s of quiet with the writers still running; then one more burst of
 * the largest size.  One SEED gives every setting the same schedule.
 * Each burst's line adds seq=, size_kb=, first_of_size=, phase=train or
 * after_quiet, start_s= (from the train's start) and reserve_kb; one
 * "train ..." line per setting gives the run: kswapd's CPU time and
 * pages scanned, free and file memory at the end of the quiet, direct
 * reclaim outside the bursts (the writers') and in the quiet, and the
 * compaction scanner's pages and kcompactd's CPU time.  "extra" sets the
 * knob to the largest burst, "wsf" raises watermark_scale_factor to the
 * same low watermark.
 * -Q ends the train after its nine bursts (no quiet, no burst after it,
 * no quiet_ fields): the low-spread shape under -icount, where a guest
 * second costs about ten on the host and the targets there are the later
 * bursts'.
 *
 * Files go to -d DIR, which must be on a disk-backed file system.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include "../kselftest.h"
#include "replay.h"
#include "alloc_latency.h"

#define EXTRA_PATH	"/proc/sys/vm/extra_free_kbytes"
#define WSF_PATH	"/proc/sys/vm/watermark_scale_factor"
#define AUTO_PATH	"/proc/sys/vm/burst_reserve"
#define PCP_FRACTION_PATH "/proc/sys/vm/percpu_pagelist_high_fraction"
#define TRACING		"/sys/kernel/tracing"
#define MAX_WRITERS	16
#define WRITE_CHUNK	(1024L * 1024)
#define STALL_SAMPLE	1024	/* pages between reads of allocstall */

enum setting { OFF, EXTRA, WSF, AUTO, BOTH, NR_SETTINGS };
static const char * const setting_name[] = { "off", "extra", "wsf", "auto", "both" };

struct vmstat {
	long allocstall, pgscan_direct, pgsteal_direct;
	long pgscan_kswapd, pgsteal_kswapd, nr_free, nr_file;
	long compact_migrate_scanned, burst_reserve_grow;
};

struct round {
	struct vmstat d;		/* deltas over the burst */
	long free_kb, file_kb;		/* before the burst */
	long p50, p99, p999, max;	/* fault latency, ns */
	long stall_us, stall_max_us;	/* direct reclaim, all tasks */
	long stalls_self, stall_self_us;	/* of the burst task */
	long stalls0;			/* direct reclaims of order 0, all tasks */
	long first_stall_kb;		/* burst done at the first allocstall */
	struct alat alloc;		/* allocator latency (-a) */
	double secs;
};

static long page_size, mem_kb, burst_kb;
static long extra_kb;		/* "extra": the knob's value */
static char train_tag[256];	/* train mode: the burst line's own fields */
static int nr_writers = 3;
static pid_t writers[MAX_WRITERS];
static const char *dir = ".";
static char saved_extra[32], saved_wsf[32], saved_auto[32];
static long wsf_peer;
static int tracing, alloc_latency;
static unsigned int train_seed;	/* -S: train mode */
static int train_no_quiet;	/* -Q: no quiet, no burst after it */
static unsigned long sink;	/* keeps the reads of the burst */

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	while (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return 0;
}

static void write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC);

	if (fd < 0 || write(fd, s, strlen(s)) < 0)
		ksft_exit_fail_msg("write \"%s\" to %s: %s\n", s, path, strerror(errno));
	close(fd);
}

static void write_long(const char *path, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	write_file(path, buf);
}

static void read_vmstat(struct vmstat *v)
{
	FILE *f = fopen("/proc/vmstat", "r");
	char key[64];
	long val;

	if (!f)
		ksft_exit_fail_msg("/proc/vmstat: %s\n", strerror(errno));
	memset(v, 0, sizeof(*v));
	while (fscanf(f, "%63s %ld", key, &val) == 2) {
		if (!strncmp(key, "allocstall_", 11))
			v->allocstall += val;
		else if (!strcmp(key, "pgscan_direct"))
			v->pgscan_direct = val;
		else if (!strcmp(key, "pgsteal_direct"))
			v->pgsteal_direct = val;
		else if (!strcmp(key, "pgscan_kswapd"))
			v->pgscan_kswapd = val;
		else if (!strcmp(key, "pgsteal_kswapd"))
			v->pgsteal_kswapd = val;
		else if (!strcmp(key, "nr_free_pages"))
			v->nr_free = val;
		else if (!strcmp(key, "nr_file_pages"))
			v->nr_file = val;
		else if (!strcmp(key, "compact_migrate_scanned"))
			v->compact_migrate_scanned = val;
		else if (!strcmp(key, "burst_reserve_grow"))
			v->burst_reserve_grow = val;
	}
	fclose(f);
}

/*
 * Sums over /proc/zoneinfo of the values of two fields, given as sscanf
 * formats (" low %ld"), in pages.
 */
static void zoneinfo_sums(const char *fmt1, long *sum1, const char *fmt2, long *sum2)
{
	FILE *f = fopen("/proc/zoneinfo", "r");
	char line[256];
	long v;

	if (!f)
		ksft_exit_fail_msg("/proc/zoneinfo: %s\n", strerror(errno));
	*sum1 = *sum2 = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, fmt1, &v) == 1)
			*sum1 += v;
		else if (sscanf(line, fmt2, &v) == 1)
			*sum2 += v;
	}
	fclose(f);
}

/* Sum of the low and high watermarks over all zones, in pages. */
static void read_watermarks(long *low, long *high)
{
	zoneinfo_sums(" low %ld", low, " high %ld", high);
}

static void restore(void)
{
	int i;

	for (i = 0; i < nr_writers; i++)
		if (writers[i] > 0)
			kill(writers[i], SIGKILL);
	if (saved_wsf[0])
		write_file(WSF_PATH, saved_wsf);
	if (saved_auto[0])
		write_file(AUTO_PATH, saved_auto);
	if (saved_extra[0])
		write_file(EXTRA_PATH, saved_extra);
	if (tracing)
		write_file(TRACING "/events/vmscan/enable", "0");
	alat_cleanup();
}

/*
 * With two or more CPUs the writers share the first one and the burst
 * task gets the last one to itself, as in the original report (four
 * cores, three writers): the latencies are then those of the allocator,
 * not of the scheduler.
 */
static void pin(int last)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	if (n < 2)
		return;
	CPU_ZERO(&set);
	CPU_SET(last ? n - 1 : 0, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/*
 * A writer: sequential 1 MiB writes to its own file, starting over at
 * offset 0 once the file reaches @cap.  The file is larger than memory,
 * so every write needs a new page-cache page, like "dd if=/dev/zero".
 */
static void fill_cache(int i, long cap)
{
	char path[4096];
	char *buf = malloc(WRITE_CHUNK);
	long off = 0;
	int fd;

	/* never outlive the test, even if a timeout kills it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() == 1)
		_exit(0);
	pin(0);
	snprintf(path, sizeof(path), "%s/extra_free_burst.writer%d", dir, i);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || !buf)
		_exit(1);
	unlink(path);
	memset(buf, 0x5a, WRITE_CHUNK);
	for (;;) {
		if (pwrite(fd, buf, WRITE_CHUNK, off) != WRITE_CHUNK)
			_exit(1);
		off += WRITE_CHUNK;
		if (off >= cap)
			off = 0;
	}
}

static void start_writers(void)
{
	struct statfs fs;
	long avail_kb, cap;
	int i;

	if (statfs(dir, &fs))
		ksft_exit_fail_msg("statfs %s: %s\n", dir, strerror(errno));
	avail_kb = (long)(fs.f_bavail * fs.f_bsize / 1024);
	/* together twice the memory, so that a write never hits the cache */
	cap = 2 * mem_kb / nr_writers;
	if (cap * nr_writers > avail_kb * 9 / 10)
		cap = avail_kb * 9 / 10 / nr_writers;
	if (cap * nr_writers < mem_kb + mem_kb / 2)
		ksft_exit_skip("%s: %ld kB free, need %ld kB for the writers\n",
			       dir, avail_kb, (mem_kb + mem_kb / 2));
	cap = cap * 1024 / WRITE_CHUNK * WRITE_CHUNK;
	for (i = 0; i < nr_writers; i++) {
		writers[i] = fork();
		if (writers[i] < 0)
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		if (!writers[i])
			fill_cache(i, cap);
	}
	ksft_print_msg("%d writers on %s, %ld MiB each before they wrap\n",
		       nr_writers, dir, cap >> 20);
}

/*
 * Wait for the steady state the burst should meet: the page cache full,
 * free memory between the low watermark and a little over the high one
 * for a whole second (kswapd is keeping up with the writers).
 */
static void settle(void)
{
	struct vmstat v;
	long low, high, margin;
	int ok = 0, tries;

	for (tries = 0; tries < 1800 && ok < 10; tries++) {
		usleep(100000);
		read_watermarks(&low, &high);
		margin = (high - low) > mem_kb / 100 / (page_size / 1024) ?
			 (high - low) : mem_kb / 100 / (page_size / 1024);
		read_vmstat(&v);
		if (v.nr_free >= low && v.nr_free <= high + margin)
			ok++;
		else
			ok = 0;
	}
	if (ok < 10)
		ksft_exit_fail_msg("free memory (%ld pages) never settled in [%ld, %ld]\n",
				   v.nr_free, low, high + margin);
}

/* vm.extra_free_kbytes in setting @s */
static long knob_kb(enum setting s)
{
	return s == EXTRA || s == BOTH ? extra_kb : 0;
}

static void apply(enum setting s)
{
	write_long(WSF_PATH, s == WSF ? wsf_peer : atol(saved_wsf));
	if (saved_extra[0])
		write_long(EXTRA_PATH, knob_kb(s));
	/* off first: every setting starts without a reserve the kernel grew */
	if (saved_auto[0]) {
		write_long(AUTO_PATH, 0);
		if (s == AUTO || s == BOTH)
			write_long(AUTO_PATH, 1);
	}
}

/*
 * The watermark_scale_factor that gives (at least) the low watermarks of
 * extra_free_kbytes = burst: the peer that 6.12 already offers.
 */
static void find_wsf_peer(void)
{
	long low_extra, low, high, w;

	write_long(WSF_PATH, atol(saved_wsf));
	write_long(EXTRA_PATH, extra_kb);
	read_watermarks(&low_extra, &high);
	write_long(EXTRA_PATH, 0);
	for (w = atol(saved_wsf); w <= 3000; w++) {
		write_long(WSF_PATH, w);
		read_watermarks(&low, &high);
		if (low >= low_extra)
			break;
	}
	if (w > 3000)
		ksft_exit_skip("watermark_scale_factor cannot reach the reserve's low\n");
	wsf_peer = w;
	write_long(WSF_PATH, atol(saved_wsf));
}

static void trace_start(void)
{
	if (!tracing)
		return;
	write_file(TRACING "/events/vmscan/enable", "0");
	write_file(TRACING "/buffer_size_kb", "8192");
	write_file(TRACING "/trace", "");
	write_file(TRACING "/events/vmscan/mm_vmscan_direct_reclaim_begin/enable", "1");
	write_file(TRACING "/events/vmscan/mm_vmscan_direct_reclaim_end/enable", "1");
}

/* Direct reclaim stall time of all tasks, from the begin/end events. */
static void trace_stop(struct round *r)
{
	static long begin[4194304 / 64];	/* by pid % size, in us */
	char line[512];
	long pid, t;
	FILE *f;

	r->stall_us = -1;
	r->stall_max_us = -1;
	if (!tracing)
		return;
	write_file(TRACING "/events/vmscan/enable", "0");
	f = fopen(TRACING "/trace", "r");
	if (!f)
		return;
	r->stall_us = 0;
	r->stall_max_us = 0;
	memset(begin, 0, sizeof(begin));
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "LOST"))
			ksft_print_msg("trace: %s", line);
		if (trace_line(line, &pid, &t))
			continue;
		if (strstr(line, "direct_reclaim_begin")) {
			begin[pid % ARRAY_SIZE(begin)] = t;
			if (pid == getpid())
				r->stalls_self++;
			r->stalls0 += !!strstr(line, " order=0 ");
		} else if (strstr(line, "direct_reclaim_end") &&
			   begin[pid % ARRAY_SIZE(begin)]) {
			t -= begin[pid % ARRAY_SIZE(begin)];
			begin[pid % ARRAY_SIZE(begin)] = 0;
			r->stall_us += t;
			if (pid == getpid())
				r->stall_self_us += t;
			if (t > r->stall_max_us)
				r->stall_max_us = t;
		}
	}
	fclose(f);
}

static long ts_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* The burst: one read of every page of a sparse file, MADV_RANDOM. */
static void burst(struct round *r, const char *cdf_path)
{
	long pages = burst_kb / (page_size / 1024), i, t0, t, start;
	long *lat = calloc(pages, sizeof(*lat));
	struct vmstat a, b;
	char path[4096];
	const char *map;
	FILE *cdf;
	int fd;

	if (!lat)
		ksft_exit_fail_msg("no memory for %ld samples\n", pages);
	snprintf(path, sizeof(path), "%s/extra_free_burst.sparse", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || ftruncate(fd, pages * page_size))
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	map = mmap(NULL, pages * page_size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED || madvise((void *)map, pages * page_size, MADV_RANDOM))
		ksft_exit_fail_msg("mmap/madvise: %s\n", strerror(errno));

	/* the samples' pages now: not allocations of the burst */
	memset(lat, 0, pages * sizeof(*lat));
	/* a train's schedule replaces the settled state */
	if (!train_seed)
		settle();
	trace_start();
	if (alloc_latency && alat_start(getpid()))
		ksft_exit_fail_msg("allocator latency: cannot start\n");
	read_vmstat(&a);
	r->first_stall_kb = -1;
	start = ts_ns();
	for (i = 0; i < pages; i++) {
		t0 = ts_ns();
		sink += map[i * page_size];
		t = ts_ns();
		lat[i] = t - t0;
		/* how far the burst got before anyone reclaimed directly */
		if (r->first_stall_kb < 0 && !((i + 1) % STALL_SAMPLE)) {
			read_vmstat(&b);
			if (b.allocstall != a.allocstall)
				r->first_stall_kb = (i + 1) * (page_size / 1024);
		}
	}
	r->secs = (ts_ns() - start) / 1e9;
	if (alloc_latency && alat_stop(&r->alloc))
		ksft_exit_fail_msg("allocator latency: cannot read the histograms\n");
	read_vmstat(&b);
	trace_stop(r);

	r->free_kb = a.nr_free * (page_size / 1024);
	r->file_kb = a.nr_file * (page_size / 1024);
	r->d.allocstall = b.allocstall - a.allocstall;
	if (r->first_stall_kb < 0 && r->d.allocstall)
		r->first_stall_kb = burst_kb;
	r->d.pgscan_direct = b.pgscan_direct - a.pgscan_direct;
	r->d.pgsteal_direct = b.pgsteal_direct - a.pgsteal_direct;
	r->d.pgscan_kswapd = b.pgscan_kswapd - a.pgscan_kswapd;
	r->d.pgsteal_kswapd = b.pgsteal_kswapd - a.pgsteal_kswapd;

	qsort(lat, pages, sizeof(*lat), cmp_long);
	r->p50 = lat[pages / 2];
	r->p99 = lat[pages * 99 / 100];
	r->p999 = lat[pages * 999 / 1000];
	r->max = lat[pages - 1];
	cdf = cdf_path ? fopen(cdf_path, "a") : NULL;
	if (cdf) {
		/* 1000 quantiles are enough for a CDF plot */
		for (i = 0; i < 1000; i++)
			fprintf(cdf, "%ld %.4f\n", lat[pages * i / 1000], i / 1000.0);
		fprintf(cdf, "%ld 1.0\n\n\n", lat[pages - 1]);
		fclose(cdf);
	}
	munmap((void *)map, pages * page_size);
	close(fd);
	unlink(path);
	free(lat);
}

static void print_round(enum setting s, int n, struct round *r)
{
	printf("burst setting=%s round=%d burst_kb=%ld extra_kb=%ld wsf=%ld",
	       setting_name[s], n, burst_kb, knob_kb(s),
	       s == WSF ? wsf_peer : atol(saved_wsf));
	printf(" secs=%.3f free_kb=%ld file_kb=%ld", r->secs, r->free_kb, r->file_kb);
	printf(" allocstall=%ld pgscan_direct=%ld pgsteal_direct=%ld",
	       r->d.allocstall, r->d.pgscan_direct, r->d.pgsteal_direct);
	printf(" pgscan_kswapd=%ld pgsteal_kswapd=%ld",
	       r->d.pgscan_kswapd, r->d.pgsteal_kswapd);
	printf(" stall_us=%ld stall_max_us=%ld stalls_self=%ld stall_self_us=%ld",
	       r->stall_us, r->stall_max_us, r->stalls_self, r->stall_self_us);
	printf(" first_stall_kb=%ld", r->first_stall_kb);
	printf(" p50_us=%.1f p99_us=%.1f p999_us=%.1f max_us=%.1f",
	       r->p50 / 1e3, r->p99 / 1e3, r->p999 / 1e3, r->max / 1e3);
	if (alloc_latency)
		printf(" alloc_n=%ld alloc_lost=%ld alloc_dropped=%ld alloc_p50_us=%ld alloc_p99_us=%ld alloc_p999_us=%ld alloc_max_us=%ld",
		       r->alloc.n, r->alloc.lost, r->alloc.dropped, alat_us(r->alloc.p50),
		       alat_us(r->alloc.p99), alat_us(r->alloc.p999), alat_us(r->alloc.max));
	printf("%s\n", train_tag);
	fflush(stdout);
}

/*
 * The reserve the kernel holds now, in kB: the sum of /proc/zoneinfo's
 * "burst_reserve" lines (older kernels: "reserve") if it has them, else
 * vm.extra_free_kbytes.
 */
static long reserve_now_kb(void)
{
	FILE *f = fopen("/proc/zoneinfo", "r");
	char line[256];
	long v, sum = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, " burst_reserve %ld", &v) == 1 ||
		    sscanf(line, " reserve %ld", &v) == 1)
			sum = (sum < 0 ? 0 : sum) + v;
	if (f)
		fclose(f);
	if (sum >= 0)
		return sum * (page_size / 1024);
	if (read_file(EXTRA_PATH, line, sizeof(line)))
		return -1;
	return atol(line);
}

static unsigned int train_rng;

/* 15 bits from the train's own generator: the same sequence per SEED */
static unsigned int train_rand(void)
{
	train_rng = train_rng * 1103515245u + 12345u;
	return (train_rng >> 16) & 0x7fff;
}

#define TRAIN_BURSTS	9
#define TRAIN_QUIET_S	90

static void sleep_until(double t)
{
	double now = monotonic_secs();

	if (t > now)
		usleep((useconds_t)((t - now) * 1e6));
}

/* -A: trace the slow allocations of what runs next into WHY.SETTING.N */
static void why_into(const char *why, enum setting s, int n)
{
	static char path[4096];

	if (!why)
		return;
	snprintf(path, sizeof(path), "%s.%s.%d", why, setting_name[s], n);
	alat_why = path;
}

/*
 * One train of setting @s (train mode, -S): see the top of the file.
 * With @why, each burst's slow allocations are traced into
 * WHY.SETTING.SEQ.
 */
static void run_train(enum setting s, const char *cdf, const char *why)
{
	long sizes[3] = { mem_kb / 16, mem_kb / 8, mem_kb * 22 / 100 };
	int order[TRAIN_BURSTS], seen[3] = { 0 }, i, k, t, last;
	double gap[TRAIN_BURSTS], t0, start, next;
	char cdf_path[4096];
	struct vmstat a, b, q, qa;
	long k0, k1, c0, c1;
	struct round r;
	int first;
	/* the targets' figures: first bursts of a size, later ones, after the quiet */
	long first_stalls = 0, later_stalls = 0, later_stalled = 0, later_max = 0;
	long later_p999 = 0, later_amax = 0, quiet_stalls = 0, quiet_max = 0;
	int later_n = 0;

	train_rng = train_seed;
	for (i = 0; i < TRAIN_BURSTS; i++)
		order[i] = i % 3;
	for (i = TRAIN_BURSTS - 1; i > 0; i--) {
		k = train_rand() % (i + 1);
		t = order[i];
		order[i] = order[k];
		order[k] = t;
	}
	for (i = 0; i < TRAIN_BURSTS; i++)
		gap[i] = 10 + (train_rand() % 2001) / 100.0;
	for (i = 0; i < 3; i++)
		sizes[i] -= sizes[i] % (page_size / 1024);

	apply(s);
	/* the train starts from the steady state; then only its schedule */
	settle();
	snprintf(cdf_path, sizeof(cdf_path), "%s.%s", cdf ? cdf : "", setting_name[s]);
	read_vmstat(&a);
	k0 = threads_cpu_ms("kswapd");
	c0 = threads_cpu_ms("kcompactd");
	t0 = next = monotonic_secs();
	memset(&q, 0, sizeof(q));
	memset(&qa, 0, sizeof(qa));
	for (i = 0; i < TRAIN_BURSTS + !train_no_quiet; i++) {
		last = i == TRAIN_BURSTS;
		if (last) {
			/* the quiet, the writers still running */
			read_vmstat(&qa);
			sleep_until(monotonic_secs() + TRAIN_QUIET_S);
			read_vmstat(&q);
		} else {
			sleep_until(next);
		}
		t = last ? 2 : order[i];
		burst_kb = sizes[t];
		start = monotonic_secs();
		first = !seen[t];
		seen[t] = 1;
		snprintf(train_tag, sizeof(train_tag),
			 " seed=%u seq=%d size_kb=%ld first_of_size=%d phase=%s start_s=%.1f reserve_kb=%ld",
			 train_seed, i + 1, burst_kb, first, last ? "after_quiet" : "train",
			 start - t0, reserve_now_kb());
		why_into(why, s, i + 1);
		memset(&r, 0, sizeof(r));
		burst(&r, cdf ? cdf_path : NULL);
		print_round(s, i + 1, &r);
		if (last) {
			quiet_stalls = r.d.allocstall;
			quiet_max = r.max;
		} else if (first) {
			first_stalls += r.d.allocstall;
		} else {
			later_stalls += r.d.allocstall;
			later_stalled += r.d.allocstall > 0;
			later_max = r.max > later_max ? r.max : later_max;
			later_p999 += r.p999;
			later_n++;
			if (alloc_latency && r.alloc.max > later_amax)
				later_amax = r.alloc.max;
		}
		if (!last)
			next = start + gap[i];
	}
	read_vmstat(&b);
	k1 = threads_cpu_ms("kswapd");
	c1 = threads_cpu_ms("kcompactd");
	train_tag[0] = '\0';
	printf("train setting=%s seed=%u bursts=%d train_secs=%.1f extra_kb=%ld wsf=%ld",
	       setting_name[s], train_seed, TRAIN_BURSTS + !train_no_quiet,
	       monotonic_secs() - t0, knob_kb(s),
	       s == WSF ? wsf_peer : atol(saved_wsf));
	printf(" kswapd_ms=%ld run_pgscan_kswapd=%ld run_pgsteal_kswapd=%ld run_allocstall=%ld",
	       k0 < 0 || k1 < 0 ? -1 : k1 - k0,
	       b.pgscan_kswapd - a.pgscan_kswapd, b.pgsteal_kswapd - a.pgsteal_kswapd,
	       b.allocstall - a.allocstall);
	/* direct reclaim outside the bursts (the writers'), and in the quiet */
	printf(" outside_allocstall=%ld", b.allocstall - a.allocstall - first_stalls -
	       later_stalls - quiet_stalls);
	if (!train_no_quiet)
		printf(" quiet_free_kb=%ld quiet_file_kb=%ld quiet_writers_allocstall=%ld",
		       q.nr_free * (page_size / 1024), q.nr_file * (page_size / 1024),
		       q.allocstall - qa.allocstall);
	printf(" compact_migrate_scanned=%ld kcompactd_ms=%ld",
	       b.compact_migrate_scanned - a.compact_migrate_scanned,
	       c0 < 0 || c1 < 0 ? -1 : c1 - c0);
	/* the later bursts: of a size seen before, before the quiet */
	printf(" first_allocstall=%ld later_allocstall=%ld later_stalled=%ld later_clean=%d",
	       first_stalls, later_stalls, later_stalled, !later_stalls);
	printf(" later_max_us=%.1f later_p999_us=%.1f", later_max / 1e3,
	       later_n ? later_p999 / 1e3 / later_n : 0);
	if (!train_no_quiet)
		printf(" quiet_allocstall=%ld quiet_max_us=%.1f", quiet_stalls, quiet_max / 1e3);
	if (alloc_latency)
		printf(" later_alloc_max_us=%ld", alat_us(later_amax));
	printf("\n");
	fflush(stdout);
}

static int stalled(const struct round *r)
{
	return r->d.allocstall || r->d.pgscan_direct;
}

static void report(const char *what, int n, const struct round *r)
{
	ksft_print_msg("%-7s round %d: %.1f s, allocstall %ld, pgsteal_direct %ld, reserve %ld kB after\n",
		       what, n, r->secs, r->d.allocstall, r->d.pgsteal_direct,
		       reserve_now_kb());
}

/*
 * The per-CPU lists' sizes summed over every zone and CPU, in pages, as
 * the kernel computes them now: writing watermark_scale_factor (its
 * current value) makes it recompute the watermarks (clearing any boost)
 * and, from them, each list's high_min (from the low watermark; batch
 * follows the zone's size only and is read as a guard).
 */
static void pcp_sizes(long *high_min, long *batch)
{
	write_long(WSF_PATH, atol(saved_wsf));
	zoneinfo_sums(" high_min: %ld", high_min, " batch: %ld", batch);
}

/*
 * Zones in /proc/zoneinfo whose low watermark is not min plus the
 * watermark_scale_factor gap (high - low) plus their burst reserve: the
 * reserve moves low, high and promo together, min not (a boost moves all
 * of them alike).  A zone is printed under its lock, which the updates
 * take.  -1 without burst_reserve lines.
 */
static int reserve_wrong_zones(void)
{
	FILE *f = fopen("/proc/zoneinfo", "r");
	long v, min = -1, low = -1, high = -1, res = -1;
	char line[256], key[32], *got;
	int wrong = 0, seen = 0;

	if (!f)
		return -1;
	do {
		got = fgets(line, sizeof(line), f);
		if (!got || !strncmp(line, "Node ", 5)) {
			if (res >= 0 && min >= 0 && low >= 0 && high >= 0) {
				seen++;
				if (low - min - res != high - low) {
					wrong++;
					ksft_print_msg("zone: min %ld low %ld high %ld burst_reserve %ld pages\n",
						       min, low, high, res);
				}
			}
			min = low = high = res = -1;
			continue;
		}
		if (sscanf(line, " %31s %ld", key, &v) != 2)
			continue;
		if (!strcmp(key, "min"))
			min = v;
		else if (!strcmp(key, "low"))
			low = v;
		else if (!strcmp(key, "high"))
			high = v;
		else if (!strcmp(key, "burst_reserve"))
			res = v;
	} while (got);
	fclose(f);
	return seen ? wrong : -1;
}

/*
 * Check mode without vm.extra_free_kbytes: a burst that reclaimed directly
 * with vm.burst_reserve=1 must grow the reserve (see the top comment), and
 * the per-CPU lists must be sized as without it (pages there are not free:
 * sized from a low watermark with the reserve in, each CPU's list would
 * take its share of the reserve).  What else changes their size (CPU or
 * memory hotplug, a balloon, min_free_kbytes) does not happen in the
 * check's guest; with percpu_pagelist_high_fraction set they do not
 * follow the watermarks and there is nothing to check.
 */
static void auto_check(int rounds)
{
	int i, first_stalled = 0, grew = 0, pcp_rounds = 0, pcp_bad = 0;
	int wm_rounds = 0, wm_bad = 0;
	long stalls_off = 0, stalls_first = 0, stalls_next = 0, peak = 0, kb;
	long high0, batch0, high, batch;
	char fraction[32];
	struct round r;
	struct vmstat a, b;

	if (!read_file(PCP_FRACTION_PATH, fraction, sizeof(fraction)) && atol(fraction))
		pcp_rounds = -1;
	apply(OFF);
	pcp_sizes(&high0, &batch0);
	for (i = 1; i <= rounds; i++) {
		apply(OFF);
		memset(&r, 0, sizeof(r));
		burst(&r, NULL);
		report("off", i, &r);
		stalls_off += r.d.allocstall;

		apply(AUTO);
		read_vmstat(&a);
		memset(&r, 0, sizeof(r));
		burst(&r, NULL);
		/* kswapd sizes it while it reclaims: let it refill first */
		settle();
		read_vmstat(&b);
		report("auto", i, &r);
		stalls_first += r.d.allocstall;
		/*
		 * What the reserve grows from: order-0 direct reclaim, which
		 * starts below min.  A higher order reclaims with free memory
		 * above low on fragmented memory (the tests before this one
		 * leave it so), and the kernel leaves that out by design.
		 */
		if (tracing ? r.stalls0 > 0 : stalled(&r)) {
			first_stalled++;
			grew += b.burst_reserve_grow > a.burst_reserve_grow;
		}
		kb = reserve_now_kb();
		if (kb > peak)
			peak = kb;
		if (kb > 0) {
			wm_rounds++;
			/* -1 (unreadable) counts as wrong too */
			wm_bad += reserve_wrong_zones() != 0;
		}
		if (kb > 0 && pcp_rounds >= 0) {
			pcp_sizes(&high, &batch);
			/* once more if kswapd moved the reserve meanwhile */
			if (high != high0 || batch != batch0)
				pcp_sizes(&high, &batch);
			pcp_rounds++;
			if (high != high0 || batch != batch0) {
				pcp_bad++;
				ksft_print_msg("per-cpu lists with %ld kB of reserve: high_min %ld, batch %ld pages (without: %ld, %ld)\n",
					       kb, high, batch, high0, batch0);
			}
		}

		memset(&r, 0, sizeof(r));
		burst(&r, NULL);
		report("auto+1", i, &r);
		stalls_next += r.d.allocstall;
	}
	apply(OFF);
	ksft_print_msg("allocstall: %ld at 0, %ld in the first bursts with the reserve on, %ld in the next\n",
		       stalls_off, stalls_first, stalls_next);
	if (!first_stalled)
		ksft_test_result_skip("burst_reserve: no order-0 direct reclaim in the first burst of %d rounds, nothing to grow from\n",
				      rounds);
	else
		ksft_test_result(grew == first_stalled,
				 "burst_reserve: %d of %d bursts that reclaimed directly at order 0 grew the reserve (to %ld kB at most)\n",
				 grew, first_stalled, peak);
	if (!wm_rounds)
		ksft_test_result_skip("burst_reserve: watermarks: no reserve held after any round\n");
	else
		ksft_test_result(!wm_bad,
				 "burst_reserve: low = min + gap + reserve in every zone in %d of %d rounds with one\n",
				 wm_rounds - wm_bad, wm_rounds);
	if (pcp_rounds < 0)
		ksft_test_result_skip("burst_reserve: per-cpu lists: percpu_pagelist_high_fraction %s sizes them\n",
				      fraction);
	else if (!pcp_rounds)
		ksft_test_result_skip("burst_reserve: per-cpu lists: no reserve held after any round\n");
	else
		ksft_test_result(!pcp_bad,
				 "burst_reserve: per-cpu lists sized as without the reserve in %d of %d rounds with one (high_min %ld, batch %ld pages)\n",
				 pcp_rounds - pcp_bad, pcp_rounds, high0, batch0);
	ksft_finished();
}

static void help(const char *argv0)
{
	fprintf(stderr,
		"usage: %s [-d DIR] [-b BURST_MB] [-w WRITERS] [-r ROUNDS]\n"
		"          [-s off|extra|wsf|auto]... [-S SEED [-Q]] [-c CDF_PREFIX] [-a]\n"
		"          [-A WHY_PREFIX]\n"
		"  -d  directory on a disk-backed file system (default .)\n"
		"  -b  burst size in MiB (default a sixth of MemTotal)\n"
		"  -w  background writers (default 3, at most %d)\n"
		"  -r  rounds of each setting (default 3)\n"
		"  -s  bench mode: run these settings in turn, print one line per round\n"
		"  -S  with -s: train mode, one train of bursts per setting, its\n"
		"      schedule drawn from SEED (a positive number; -r is ignored)\n"
		"  -Q  with -S: end the train after its nine bursts (no quiet)\n"
		"  -c  append each round's latency quantiles to CDF_PREFIX.SETTING\n"
		"  -a  also measure the allocator's latency for the burst task\n"
		"      (kprobe events and a histogram trigger; alloc_latency.h)\n"
		"  -A  with -a: also trace what ran while an allocation took 1 ms or\n"
		"      more, into WHY_PREFIX.SETTING.ROUND (train mode: .SEQ, the\n"
		"      burst's place in the train; scripts/alat-why.py)\n",
		argv0, MAX_WRITERS);
	exit(KSFT_FAIL);
}

int main(int argc, char **argv)
{
	enum setting order[NR_SETTINGS] = { OFF, EXTRA }, s;
	int nset = 0, rounds = 3, bench = 0, i, j, opt;
	int stalled_off = 0, stalled_extra = 0, early_extra = 0;
	long first_off = -1, first_late = -1;
	const char *cdf = NULL;
	char cdf_path[4096], buf[128];
	const char *why = NULL;
	struct round r;
	struct statfs fs;
	long burst_mb = 0;

	while ((opt = getopt(argc, argv, "d:b:w:r:s:S:Qc:aA:")) != -1) {
		switch (opt) {
		case 'd':
			dir = optarg;
			break;
		case 'b':
			burst_mb = atol(optarg);
			break;
		case 'w':
			nr_writers = atoi(optarg);
			break;
		case 'r':
			rounds = atoi(optarg);
			break;
		case 'c':
			cdf = optarg;
			break;
		case 'S':
			train_seed = strtoul(optarg, NULL, 10);
			if (!train_seed)
				help(argv[0]);
			break;
		case 'Q':
			train_no_quiet = 1;
			break;
		case 'a':
			alloc_latency = 1;
			break;
		case 'A':
			why = optarg;
			alloc_latency = 1;
			break;
		case 's':
			for (s = OFF; s < NR_SETTINGS; s++)
				if (!strcmp(optarg, setting_name[s]))
					break;
			if (s == NR_SETTINGS || nset == NR_SETTINGS)
				help(argv[0]);
			order[nset++] = s;
			bench = 1;
			break;
		default:
			help(argv[0]);
		}
	}
	if (nr_writers < 1 || nr_writers > MAX_WRITERS || rounds < 1 || burst_mb < 0 ||
	    (train_seed && !bench) || (train_no_quiet && !train_seed))
		help(argv[0]);
	if (!bench)
		nset = 2;

	ksft_print_header();
	if (geteuid())
		ksft_exit_skip("must run as root\n");
	/* without the manual knob: check the kernel-sized reserve, or skip */
	if (access(EXTRA_PATH, F_OK) && (bench || access(AUTO_PATH, F_OK)))
		ksft_exit_skip("%s missing: kernel without extra_free_kbytes\n", EXTRA_PATH);
	if (statfs(dir, &fs))
		ksft_exit_fail_msg("statfs %s: %s\n", dir, strerror(errno));
	if (fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC)
		ksft_exit_skip("%s is on tmpfs/ramfs: the writers need a disk (-d DIR)\n", dir);

	page_size = sysconf(_SC_PAGESIZE);
	mem_kb = sysconf(_SC_PHYS_PAGES) * (page_size / 1024);
	burst_kb = burst_mb ? burst_mb * 1024 : mem_kb / 6;
	burst_kb -= burst_kb % (page_size / 1024);
	/* the knob at the burst, in a train at its largest burst */
	extra_kb = train_seed ? mem_kb * 22 / 100 : burst_kb;
	extra_kb -= extra_kb % (page_size / 1024);
	if ((!access(EXTRA_PATH, F_OK) &&
	     read_file(EXTRA_PATH, saved_extra, sizeof(saved_extra))) ||
	    read_file(WSF_PATH, saved_wsf, sizeof(saved_wsf)))
		ksft_exit_fail_msg("cannot read the current settings\n");
	/* vm.burst_reserve, the reserve the kernel sizes: "auto" needs it */
	if (read_file(AUTO_PATH, saved_auto, sizeof(saved_auto)))
		saved_auto[0] = '\0';
	for (j = 0; j < nset; j++)
		if ((order[j] == AUTO || order[j] == BOTH) && !saved_auto[0])
			ksft_exit_skip("-s auto: %s missing\n", AUTO_PATH);
	atexit(restore);
	tracing = !access(TRACING "/events/vmscan/mm_vmscan_direct_reclaim_begin", F_OK);
	if (!tracing)
		ksft_print_msg("no vmscan tracepoints: stall times not measured\n");
	if (alloc_latency) {
		if (alat_setup(buf, sizeof(buf)))
			ksft_exit_fail_msg("-a: %s\n", buf);
		ksft_print_msg("allocator latency: %s, movable allocations of the burst task\n",
			       alat_func);
	}

	if (saved_extra[0]) {
		write_long(EXTRA_PATH, 0);
		find_wsf_peer();
	}
	ksft_print_msg("MemTotal %ld kB, burst %ld kB, watermark_scale_factor %s (peer %ld)\n",
		       mem_kb, train_seed ? extra_kb : burst_kb, saved_wsf, wsf_peer);
	start_writers();
	pin(1);
	if (!bench)
		ksft_set_plan(saved_auto[0] ? 3 : 1);

	if (!bench && saved_auto[0]) {
		auto_check(rounds);
		return 0;
	}

	if (train_seed) {
		/* in the order given (bench-burst.sh balances it over boots) */
		for (j = 0; j < nset; j++)
			run_train(order[j], cdf, why);
		apply(OFF);
		exit(KSFT_PASS);
	}

	for (i = 0; i < rounds; i++) {
		for (j = 0; j < nset; j++) {
			/* rotate, so that no setting always runs first */
			s = order[(i + j) % nset];
			apply(s);
			snprintf(cdf_path, sizeof(cdf_path), "%s.%s",
				 cdf ? cdf : "", setting_name[s]);
			why_into(why, s, i + 1);
			memset(&r, 0, sizeof(r));
			burst(&r, cdf ? cdf_path : NULL);
			if (bench) {
				print_round(s, i + 1, &r);
				continue;
			}
			ksft_print_msg("%-5s round %d: %.1f s, allocstall %ld, pgscan_direct %ld\n",
				       setting_name[s], i + 1, r.secs, r.d.allocstall,
				       r.d.pgscan_direct);
			ksft_print_msg("  direct reclaim %ld us; burst task: %ld, %ld us\n",
				       r.stall_us, r.stalls_self, r.stall_self_us);
			ksft_print_msg("  fault latency p50 %.1f p99 %.1f p99.9 %.1f max %.1f us\n",
				       r.p50 / 1e3, r.p99 / 1e3, r.p999 / 1e3, r.max / 1e3);
			if (r.first_stall_kb >= 0)
				ksft_print_msg("  first direct reclaim after %ld of %ld kB\n",
					       r.first_stall_kb, burst_kb);
			if (s == OFF) {
				stalled_off += r.d.allocstall || r.d.pgscan_direct;
				if (r.first_stall_kb >= 0 &&
				    (first_off < 0 || r.first_stall_kb > first_off))
					first_off = r.first_stall_kb;
				continue;
			}
			if (!r.d.allocstall && !r.d.pgscan_direct)
				continue;
			stalled_extra++;
			if (r.first_stall_kb < burst_kb / 4 * 3)
				early_extra++;
			else if (r.first_stall_kb < first_late || first_late < 0)
				first_late = r.first_stall_kb;
		}
	}
	apply(OFF);
	if (bench)
		exit(KSFT_PASS);

	/* Without pressure at knob 0 there is nothing for the reserve to remove. */
	snprintf(buf, sizeof(buf), "%ld kB", burst_kb);
	if (!stalled_off) {
		ksft_test_result_skip("extra_free_kbytes = burst (%s): no direct reclaim at knob 0 in %d rounds, burst too small\n",
				      buf, rounds);
		ksft_finished();
	}
	ksft_print_msg("knob 0: direct reclaim in %d of %d rounds, the first after %ld kB at the latest\n",
		       stalled_off, rounds, first_off);
	/*
	 * The reserve covers the burst if kswapd keeps pace with the
	 * writers meanwhile.  Under emulation it sometimes falls behind
	 * near the end of a burst: one round may see direct reclaim once
	 * three quarters of the burst were served.  Without the reserve,
	 * direct reclaim starts within the first few MB.
	 */
	if (stalled_extra == 1 && !early_extra) {
		ksft_test_result_pass("extra_free_kbytes = burst (%s): no direct reclaim in %d of %d rounds, in the other not before %ld kB\n",
				      buf, rounds - 1, rounds, first_late);
		ksft_finished();
	}
	ksft_test_result(!stalled_extra,
			 "extra_free_kbytes = burst (%s): no direct reclaim in %d of %d rounds (%d before three quarters of the burst)\n",
			 buf, rounds - stalled_extra, rounds, early_extra);
	ksft_finished();
}
