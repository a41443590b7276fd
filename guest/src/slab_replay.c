// SPDX-License-Identifier: GPL-2.0
/*
 * SLUB's opportunistic high-order slabs on fragmented memory.
 *
 * SLUB first asks for a slab of its preferred order without direct reclaim
 * or compaction and falls back to the minimum order when that fails.  The
 * failure should wake kcompactd, so that the next slabs can have the
 * preferred order again.
 *
 * The setup replays the one of the original report, scaled to the machine:
 *   - THP is set to madvise, so that no huge page fault compacts;
 *   - vm.watermark_boost_factor and vm.compaction_proactiveness are set to
 *     0 (unless -k): both make kcompactd run for reasons of their own (a
 *     slab stealing a movable pageblock boosts the watermarks and wakes
 *     kswapd, which wakes kcompactd for a whole pageblock; proactive
 *     compaction runs every half second), which would hide whether the
 *     slab allocator itself wakes it;
 *   - with -c FILE, FILE is read into the page cache, so that kswapd has
 *     something to reclaim (add swap for anonymous memory);
 *   - a hogger takes (-H) percent of total memory;
 *   - all the rest of free memory but a margin above the watermarks is
 *     written as base pages, then freed except one page in every aligned
 *     8-page block (found through /proc/self/pagemap) plus pages picked at
 *     random, a quarter in all (-P): no free block of order 3 is left but
 *     the margin's, and each can be rebuilt by migrating one page;
 *   - with -U, the pages the fragmenter keeps are mlocked and
 *     vm.compact_unevictable_allowed is 0: compaction can rebuild no
 *     block, the worst case for waking kcompactd (what it costs is in
 *     kcompactd_ms and the PSI memory stall, psi_some_ms);
 *   - hackbench over pipes (-g groups, by default one per 25 MiB of memory,
 *     -l loops), (-r) rounds with a pause between them, grows the task,
 *     signal, mm and kmalloc caches.
 * With -w, the rounds take the loads named in turn instead (bench mode):
 *   pipe  hackbench over pipes, as above;
 *   sock  hackbench over sockets (the original report's mode): skbuff
 *         heads and kmalloc-512 for every message;
 *   fs    file system metadata on tmpfs (-d DIR): one worker per CPU
 *         creates -f empty files, stats and renames them, unlinks them
 *         (inode and dentry caches);
 *   net   one AF_UNIX stream connection per CPU, -n requests of 1 KiB
 *         each answered by 1 KiB, 16 in flight (skbuff heads with
 *         kmalloc-2k data), every request's round trip timed.
 * and -T keeps taking rounds until that many seconds have passed.
 * Per round it reads the SLUB statistics of every cache whose preferred
 * order is above its minimum (alloc_slab, order_fallback: CONFIG_SLUB_STATS)
 * and /proc/vmstat.
 *
 * The harness's replay of seed 002 (make check, make bench-slub*); the
 * series' own selftest, tools/testing/selftests/mm/slab_fallback.c, checks
 * the wake on any machine.  Built against the tree's selftest helpers.
 *
 * Check mode (the default) asserts what holds on this machine, once the
 * first round had to fall back (otherwise the setup did not fragment
 * memory and there is nothing to judge: both skip):
 *   - kcompactd was woken (compact_daemon_wake rose);
 *   - after the pressure, 90% of the last round's slabs have the
 *     preferred order.  The first round's share is printed: it depends
 *     on how fast kcompactd migrates compared with how fast hackbench
 *     allocates, which is the machine's, not the kernel's, business.
 * Bench mode (-B) prints one "slab-round" line per round and one "slab"
 * line for the whole run, key=value, and asserts nothing, so that it runs
 * on kernels without the change.
 *
 * All settings are restored on exit.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../kselftest.h"
#include "replay.h"
#include "vm_util.h"
#ifdef HAVE_HUGEPAGE_SETTINGS	/* thp_settings, renamed in newer trees */
#include "hugepage_settings.h"
#else
#include "thp_settings.h"
#endif

#define SLAB_DIR	"/sys/kernel/slab"
#define BLOCK_ORDER	3	/* PAGE_ALLOC_COSTLY_ORDER, SLUB's usual maximum */

enum { V_STALL, V_CSUCCESS, V_DAEMON_WAKE, V_MIGRATE, V_PAGEOUTRUN,
	V_SCAN_KSWAPD, V_STEAL_KSWAPD, V_SCAN_DIRECT, V_ALLOCSTALL, V_PSWPOUT,
	V_DAEMON_MSCAN, V_DAEMON_FSCAN, V_PGALLOC, NR_V };

static const char * const vm_names[NR_V] = {
	"compact_stall", "compact_success", "compact_daemon_wake",
	"pgmigrate_success", "pageoutrun", "pgscan_kswapd", "pgsteal_kswapd",
	"pgscan_direct", "allocstall", "pswpout",
	"compact_daemon_migrate_scanned", "compact_daemon_free_scanned",
	"pgalloc",	/* the sum of pgalloc_ZONE */
};

struct sample {
	long vm[NR_V];
	long slabs, fallbacks;	/* caches whose order is above the minimum */
	long cur_slabs, cur_objs;	/* their slabs and objects now */
	long slab_kb;		/* Slab: of /proc/meminfo */
	long kcompactd_ms;	/* CPU time of the kcompactd threads */
	long psi_some_us, psi_full_us;	/* /proc/pressure/memory totals */
	double t;
};

static long page_size;
#define BOOST		"/proc/sys/vm/watermark_boost_factor"
#define PROACTIVE	"/proc/sys/vm/compaction_proactiveness"
#define PCP_FRACTION	"/proc/sys/vm/percpu_pagelist_high_fraction"
#define UNEVICTABLE	"/proc/sys/vm/compact_unevictable_allowed"

static int groups, loops = 200, rounds = 2, pause_s = 5;
static int hog_pct = 29, pin_pct = 25, bench, keep_wakers, unmovable;
static char saved_boost[32], saved_proactive[32], saved_pcp[32];
static char saved_unevictable[32];
static int nr_kcompactd;
static long stop_kb;	/* the fragmenter stops when MemFree falls below */
static int thp_saved;
static const char *cache_file;

/* Write @s to @path; no exit on failure, for restore() at exit. */
static void put(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, s, strlen(s)) < 0)
		ksft_print_msg("restoring %s failed: %s\n", path, strerror(errno));
	if (fd >= 0)
		close(fd);
}

static void restore(void)
{
	if (thp_saved)
		thp_restore_settings();
	thp_saved = 0;
	if (saved_boost[0])
		put(BOOST, saved_boost);
	if (saved_proactive[0])
		put(PROACTIVE, saved_proactive);
	if (saved_pcp[0])
		put(PCP_FRACTION, saved_pcp);
	if (saved_unevictable[0])
		put(UNEVICTABLE, saved_unevictable);
	saved_unevictable[0] = '\0';
	saved_boost[0] = '\0';
	saved_proactive[0] = '\0';
	saved_pcp[0] = '\0';
}

/* Save @path's value in @saved (for restore()) and write @val to it. */
static void set_knob(const char *path, char *saved, size_t len, const char *val)
{
	if (read_file(path, saved, len) <= 0)
		ksft_exit_fail_msg("cannot read %s\n", path);
	saved[strcspn(saved, "\n")] = '\0';
	/* replay.h's own: vm_util's write_file() changed its type in newer trees */
	if (replay_write_text(path, val))
		ksft_exit_fail_msg("cannot write %s\n", path);
}

static void on_signal(int sig)
{
	exit(128 + sig);	/* runs restore() */
}

static long first_num(const char *path)
{
	char buf[4096];

	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return atol(buf);
}

/* How many kcompactd threads there are, by their comm. */
static void find_kcompactd(void)
{
	char path[64], comm[64];
	struct dirent *d;
	DIR *dir = opendir("/proc");

	if (!dir)
		ksft_exit_fail_msg("/proc: %s\n", strerror(errno));
	while ((d = readdir(dir))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%d/comm", atoi(d->d_name));
		if (read_file(path, comm, sizeof(comm)) > 0 &&
		    !strncmp(comm, "kcompactd", 9))
			nr_kcompactd++;
	}
	closedir(dir);
}

/* The "total=" of the "some" and "full" lines of /proc/pressure/memory. */
static void psi_memory(long *some, long *full)
{
	char line[256], kind[8];
	long total;
	FILE *f = fopen("/proc/pressure/memory", "r");

	*some = *full = -1;
	while (f && fgets(line, sizeof(line), f)) {
		char *t = strstr(line, "total=");

		if (!t || sscanf(line, "%7s", kind) != 1)
			continue;
		total = atol(t + 6);
		if (!strcmp(kind, "some"))
			*some = total;
		else if (!strcmp(kind, "full"))
			*full = total;
	}
	if (f)
		fclose(f);
}

static void sample(struct sample *s)
{
	char key[64], path[512];
	struct dirent *d;
	FILE *f;
	long val;
	DIR *dir;
	int i;

	memset(s, 0, sizeof(*s));
	f = fopen("/proc/vmstat", "r");
	if (!f)
		ksft_exit_fail_msg("/proc/vmstat: %s\n", strerror(errno));
	while (fscanf(f, "%63s %ld", key, &val) == 2) {
		if (!strncmp(key, "allocstall_", 11)) {
			s->vm[V_ALLOCSTALL] += val;
			continue;
		}
		if (!strncmp(key, "pgalloc_", 8)) {
			s->vm[V_PGALLOC] += val;
			continue;
		}
		for (i = 0; i < NR_V; i++)
			if (!strcmp(key, vm_names[i]))
				s->vm[i] = val;
	}
	fclose(f);

	dir = opendir(SLAB_DIR);
	if (!dir)
		ksft_exit_fail_msg(SLAB_DIR ": %s\n", strerror(errno));
	while ((d = readdir(dir))) {
		long order, size, alloc, fallback;
		int min;

		/* aliases are symlinks to the cache they merged into */
		if (d->d_type != DT_DIR || d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), SLAB_DIR "/%s/order", d->d_name);
		order = first_num(path);
		snprintf(path, sizeof(path), SLAB_DIR "/%s/slab_size", d->d_name);
		size = first_num(path);
		snprintf(path, sizeof(path), SLAB_DIR "/%s/alloc_slab", d->d_name);
		alloc = first_num(path);
		snprintf(path, sizeof(path), SLAB_DIR "/%s/order_fallback", d->d_name);
		fallback = first_num(path);
		if (order < 0 || size <= 0 || alloc < 0 || fallback < 0)
			continue;
		for (min = 0; (page_size << min) < size; min++)
			;
		if (order <= min)
			continue;
		s->slabs += alloc;
		s->fallbacks += fallback;
		snprintf(path, sizeof(path), SLAB_DIR "/%s/slabs", d->d_name);
		s->cur_slabs += first_num(path);
		snprintf(path, sizeof(path), SLAB_DIR "/%s/total_objects", d->d_name);
		s->cur_objs += first_num(path);
	}
	closedir(dir);
	s->slab_kb = replay_meminfo_kb("Slab");
	s->kcompactd_ms = threads_cpu_ms("kcompactd");
	psi_memory(&s->psi_some_us, &s->psi_full_us);
	s->t = monotonic_secs();
}

/* Free memory in blocks of @order pages or more, in kB, from /proc/buddyinfo. */
static long free_kb_from(int order)
{
	return replay_free_blocks(order) * (page_size / 1024) << order;
}

/*
 * Free memory to leave alone: every zone's high watermark, as far as a
 * watermark boost can raise it, plus the largest lowmem reserve the zone
 * keeps from allocations for higher zones, and 2 MiB.
 */
static long margin_kb(void)
{
	long boost = first_num(BOOST), pages = 0, v, max;
	FILE *f = fopen("/proc/zoneinfo", "r");
	char line[512], *p;
	int len;

	if (!f)
		ksft_exit_fail_msg("/proc/zoneinfo: %s\n", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, "protection: (");
		if (sscanf(line, " high %ld", &v) == 1) {
			pages += v + (boost > 0 ? v * boost / 10000 : 0);
		} else if (p) {
			p += strlen("protection: (");
			for (max = 0; sscanf(p, "%ld%n", &v, &len) == 1; p += len + 1)
				if (v > max)
					max = v;
			pages += max;
		}
	}
	fclose(f);
	return pages * (page_size / 1024) + 2048;
}

/*
 * Write @bytes page by page, then keep one page of every aligned block of
 * 1 << BLOCK_ORDER pages it got, and more at random up to pin_pct percent
 * of the pages; free the rest.  The pages kept are movable: compaction
 * can rebuild every block by moving one page away.
 */
static void fragmenter(size_t bytes, void *unused)
{
	size_t npages = bytes / page_size, i, kept = 0, absent = 0;
	unsigned long pfn, max_pfn = 0;
	unsigned char *seen;
	unsigned long *pfns;
	int fd;
	char *p;

	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap of the memory to fragment: %s\n", strerror(errno));
	if (madvise(p, bytes, MADV_NOHUGEPAGE))
		ksft_exit_fail_msg("MADV_NOHUGEPAGE: %s\n", strerror(errno));
	pfns = calloc(npages, sizeof(*pfns));
	if (!pfns)
		ksft_exit_fail_msg("out of memory\n");
	/* fault the array in now, before free memory runs short */
	memset(pfns, 0, npages * sizeof(*pfns));
	/* stop early if free memory (other CPUs' lists aside) runs short */
	for (i = 0; i < npages; i++) {
		if (!(i % 16) && replay_meminfo_kb("MemFree") < stop_kb)
			break;
		p[i * page_size] = 1;
	}
	npages = i;
	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0)
		ksft_exit_fail_msg("/proc/self/pagemap: %s\n", strerror(errno));
	/*
	 * A page kswapd already swapped out has no PFN (-1): it fragments
	 * nothing, so it is freed and not kept.
	 */
	for (i = 0; i < npages; i++) {
		pfns[i] = pagemap_get_pfn(fd, p + i * page_size);
		if (!pfns[i])
			ksft_exit_fail_msg("PFN 0 in /proc/self/pagemap: not root?\n");
		if (pfns[i] == -1UL) {
			absent++;
			if (madvise(p + i * page_size, page_size, MADV_DONTNEED))
				ksft_exit_fail_msg("MADV_DONTNEED: %s\n", strerror(errno));
			continue;
		}
		if (pfns[i] > max_pfn)
			max_pfn = pfns[i];
	}
	close(fd);
	if (absent)
		ksft_print_msg("%zu of %zu pages to fragment not present (swapped out)\n",
			       absent, npages);
	if (absent > npages / 2)
		ksft_exit_fail_msg("most pages to fragment are not in memory\n");
	seen = calloc((max_pfn >> BLOCK_ORDER) + 1, 1);
	if (!seen)
		ksft_exit_fail_msg("out of memory\n");
	srandom(1);
	for (i = 0; i < npages; i++) {
		if (pfns[i] == -1UL)
			continue;
		pfn = pfns[i] >> BLOCK_ORDER;
		if (!seen[pfn]) {
			seen[pfn] = 1;
			kept++;
			continue;
		}
		pfns[i] = 0;
	}
	/* more pages at random until pin_pct percent are kept */
	for (i = 0; i < npages; i++) {
		if (pfns[i])
			continue;
		if (kept * 100 < (size_t)pin_pct * npages &&
		    random() % 100 < pin_pct) {
			kept++;
			continue;
		}
		if (madvise(p + i * page_size, page_size, MADV_DONTNEED))
			ksft_exit_fail_msg("MADV_DONTNEED: %s\n", strerror(errno));
	}
	free(pfns);
	free(seen);
	/* -U: the pages kept are locked where they are (no fault-in) */
	if (unmovable && mlock2(p, bytes, MLOCK_ONFAULT))
		ksft_exit_fail_msg("mlock2 of the kept pages: %s\n", strerror(errno));
}

static void hog(size_t bytes, void *unused)
{
	char *p;

	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap of the hogger: %s\n", strerror(errno));
	if (mlock(p, bytes))
		ksft_exit_fail_msg("mlock of the hogger: %s\n", strerror(errno));
}

/* hackbench, processes, over pipes or sockets; its time in seconds, or -1 */
static double run_hackbench(int pipes)
{
	char cmd[128], line[256];
	double secs = -1;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "hackbench %s-g %d -l %d 2>&1",
		 pipes ? "-p " : "", groups, loops);
	f = popen(cmd, "r");
	if (!f)
		ksft_exit_fail_msg("popen: %s\n", strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Time: %lf", &secs) != 1 && secs < 0)
			ksft_print_msg("%s", line);
	if (pclose(f))
		ksft_exit_fail_msg("%s failed\n", cmd);
	return secs;
}

enum { L_PIPE, L_SOCK, L_FS, L_NET, NR_LOADS };
static const char * const load_names[NR_LOADS] = { "pipe", "sock", "fs", "net" };
#define MAX_CYCLE	16
static int cycle[MAX_CYCLE] = { L_PIPE }, cycle_len = 1, run_secs;
static int fs_files = 2000, net_reqs = 2000, nr_workers;
static const char *fs_dir = "/tmp";
#define NET_SIZE	1024	/* bytes of a request and of its answer */
#define NET_DEPTH	16	/* requests in flight per connection */

/* Run @fn(i, arg) in @n children at once; exit the test if one fails. */
static void run_workers(int n, void (*fn)(int, void *), void *arg)
{
	int i, status, failed = 0;
	pid_t pid;

	fflush(stdout);
	for (i = 0; i < n; i++) {
		pid = fork();
		if (pid < 0)
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		if (!pid) {
			fn(i, arg);
			_exit(0);
		}
	}
	for (i = 0; i < n; i++)
		if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			failed++;
	if (failed)
		ksft_exit_fail_msg("%d of %d workers failed\n", failed, n);
}

static void fs_worker(int w, void *unused)
{
	char dir[512], a[600], b[600];
	struct stat st;
	int i, fd;

	snprintf(dir, sizeof(dir), "%s/slab_replay.%d.%d", fs_dir, getppid(), w);
	if (mkdir(dir, 0700))
		_exit(1);
	/* all of them alive at once, so that the caches grow */
	for (i = 0; i < fs_files; i++) {
		snprintf(a, sizeof(a), "%s/a%d", dir, i);
		fd = open(a, O_CREAT | O_EXCL | O_WRONLY, 0600);
		if (fd < 0)
			_exit(1);
		close(fd);
	}
	for (i = 0; i < fs_files; i++) {
		snprintf(a, sizeof(a), "%s/a%d", dir, i);
		snprintf(b, sizeof(b), "%s/b%d", dir, i);
		if (stat(a, &st) || rename(a, b))
			_exit(1);
	}
	for (i = 0; i < fs_files; i++) {
		snprintf(b, sizeof(b), "%s/b%d", dir, i);
		if (unlink(b))
			_exit(1);
	}
	if (rmdir(dir))
		_exit(1);
}

static int io_full(int fd, char *buf, int len, int wr)
{
	int done = 0, n;

	while (done < len) {
		n = wr ? write(fd, buf + done, len - done) : read(fd, buf + done, len - done);
		if (n <= 0)
			return -1;
		done += n;
	}
	return 0;
}

/* One connection: the server echoes, the client times each round trip. */
static void net_worker(int w, void *lat)
{
	long *us = (long *)lat + (long)w * net_reqs;
	char buf[NET_SIZE] = "";
	int sv[2], sent = 0, got = 0;
	double t;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		_exit(1);
	pid = fork();
	if (pid < 0)
		_exit(1);
	if (!pid) {
		close(sv[0]);
		while (!io_full(sv[1], buf, NET_SIZE, 0))
			if (io_full(sv[1], buf, NET_SIZE, 1))
				_exit(1);
		_exit(0);
	}
	close(sv[1]);
	while (got < net_reqs) {
		while (sent < net_reqs && sent - got < NET_DEPTH) {
			t = monotonic_secs();
			memcpy(buf, &t, sizeof(t));
			if (io_full(sv[0], buf, NET_SIZE, 1))
				_exit(1);
			sent++;
		}
		if (io_full(sv[0], buf, NET_SIZE, 0))
			_exit(1);
		memcpy(&t, buf, sizeof(t));
		us[got++] = (monotonic_secs() - t) * 1e6;
	}
	close(sv[0]);
	if (waitpid(pid, NULL, 0) != pid)
		_exit(1);
}

static long *net_lat, net_n;	/* every round trip of the run, us */

/* One round of load @l; its time in seconds. */
static double run_load(int l)
{
	size_t len = (size_t)nr_workers * net_reqs * sizeof(long);
	double t0 = monotonic_secs();
	long *lat;

	switch (l) {
	case L_PIPE:
	case L_SOCK:
		return run_hackbench(l == L_PIPE);
	case L_FS:
		run_workers(nr_workers, fs_worker, NULL);
		break;
	case L_NET:
		lat = mmap(NULL, len, PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (lat == MAP_FAILED)
			ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
		run_workers(nr_workers, net_worker, lat);
		t0 = monotonic_secs() - t0;
		net_lat = realloc(net_lat, (net_n + (long)nr_workers * net_reqs) * sizeof(long));
		if (!net_lat)
			ksft_exit_fail_msg("out of memory\n");
		memcpy(net_lat + net_n, lat, len);
		net_n += (long)nr_workers * net_reqs;
		munmap(lat, len);
		return t0;
	}
	return monotonic_secs() - t0;
}

/* Is round @r due, @elapsed seconds into the rounds?  -r of them, or -T's time. */
static int more_rounds(int r, double elapsed)
{
	return r <= rounds || (run_secs && elapsed < run_secs);
}

static void parse_loads(const char *arg)
{
	char *copy = strdup(arg), *tok, *save;
	int l;

	cycle_len = 0;
	for (tok = strtok_r(copy, ",+", &save); tok; tok = strtok_r(NULL, ",+", &save)) {
		for (l = 0; l < NR_LOADS && strcmp(tok, load_names[l]); l++)
			;
		if (l == NR_LOADS || cycle_len == MAX_CYCLE)
			ksft_exit_fail_msg("-w: unknown load '%s' or more than %d\n",
					   tok, MAX_CYCLE);
		cycle[cycle_len++] = l;
	}
	free(copy);
	if (!cycle_len)
		ksft_exit_fail_msg("-w: no load\n");
}

/*
 * One line of key=value: @prefix round=@r (or rounds=@r for the totals),
 * the slabs and counters between @a and @b, free order-3+ memory @o3 kB;
 * a round says its load (with -w), the totals each load's mean time.
 */
static double load_secs[NR_LOADS];
static int load_rounds[NR_LOADS];

static void print_sample(const char *prefix, int r, int load, double secs,
			 struct sample *a, struct sample *b, long o3)
{
	long slabs = b->slabs - a->slabs, fb = b->fallbacks - a->fallbacks;
	int total = !strcmp(prefix, "slab"), l;
	double wall_ms;
	int i;

	/* the key=value lines are for bench mode; TAP comments otherwise */
	printf("%s%s %s=%d secs=%.3f slabs=%ld fallbacks=%ld pref_pct=%.1f free_o3_kb=%ld",
	       bench ? "" : "# ", prefix, total ? "rounds" : "round", r, secs,
	       slabs, fb, slabs ? 100.0 * (slabs - fb) / slabs : 100.0, o3);
	if (!total && cycle_len > 1)
		printf(" load=%s", load_names[load]);
	for (i = 0; i < NR_V; i++)
		printf(" %s=%ld", vm_names[i], b->vm[i] - a->vm[i]);
	/* the window's cost in percent of one CPU: kcompactd, PSI memory */
	wall_ms = (b->t - a->t) * 1000;
	printf(" wall_ms=%.0f kcompactd_ms=%ld kcompactd_pct=%.2f",
	       wall_ms, b->kcompactd_ms - a->kcompactd_ms,
	       wall_ms > 0 ? 100 * (b->kcompactd_ms - a->kcompactd_ms) / wall_ms : 0);
	if (a->psi_some_us >= 0 && b->psi_some_us >= 0)
		printf(" psi_some_ms=%.1f psi_some_pct=%.2f psi_full_ms=%.1f",
		       (b->psi_some_us - a->psi_some_us) / 1e3,
		       wall_ms > 0 ? (b->psi_some_us - a->psi_some_us) / 10 / wall_ms : 0,
		       (b->psi_full_us - a->psi_full_us) / 1e3);
	/* slab memory and how full the high-order caches' slabs are, now */
	printf(" slab_kb=%ld objs_per_slab=%.2f", b->slab_kb,
	       b->cur_slabs ? (double)b->cur_objs / b->cur_slabs : 0);
	if (total && cycle_len > 1) {
		for (l = 0; l < NR_LOADS; l++)
			if (load_rounds[l])
				printf(" %s_s=%.3f %s_rounds=%d", load_names[l],
				       load_secs[l] / load_rounds[l], load_names[l],
				       load_rounds[l]);
	}
	if (total && net_n) {
		qsort(net_lat, net_n, sizeof(*net_lat), cmp_long);
		printf(" net_p50_us=%ld net_p99_us=%ld net_p999_us=%ld net_max_us=%ld",
		       pct(net_lat, net_n, 0.50), pct(net_lat, net_n, 0.99),
		       pct(net_lat, net_n, 0.999), net_lat[net_n - 1]);
	}
	printf("\n");
	fflush(stdout);
}

/* Read @path to its end: its pages stay in the page cache. */
static long read_into_cache(const char *path)
{
	static char buf[1 << 16];
	long total = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		total += n;
	if (n < 0)
		ksft_exit_fail_msg("reading %s: %s\n", path, strerror(errno));
	close(fd);
	return total;
}

static int have_hackbench(void)
{
	return !system("command -v hackbench >/dev/null 2>&1");
}

static void help(const char *prog)
{
	printf("usage: %s [-B] [-k] [-g GROUPS] [-l LOOPS] [-r ROUNDS] [-p PAUSE_S]\n"
	       "       [-H HOG_PCT] [-P PIN_PCT] [-c FILE] [-U]\n"
	       "       [-w LOAD+...] [-T SECS] [-d DIR] [-f FILES] [-n REQUESTS]\n"
	       "  -B  bench mode: key=value lines per round and per run, no checks\n"
	       "  -k  keep vm.watermark_boost_factor and vm.compaction_proactiveness\n"
	       "      (default: 0 while the test runs)\n"
	       "  -g, -l  hackbench -g GROUPS -l LOOPS (1 group per 25 MiB\n"
	       "      of memory, 20 to 60; 200)\n"
	       "  -r  rounds of hackbench (2), -p seconds between them (5)\n"
	       "  -c  read FILE into the page cache before the hogger starts\n"
	       "  -H  hogger, percent of total memory (29)\n"
	       "  -P  pages kept by the fragmenter, percent (25)\n"
	       "  -U  the pages kept are mlocked, vm.compact_unevictable_allowed=0:\n"
	       "      compaction can rebuild no block\n"
	       "  -w  the rounds take these loads in turn (bench mode; \",\" or \"+\"\n"
	       "      between them): pipe, sock\n"
	       "      (hackbench over pipes, sockets), fs (metadata in -d DIR,\n"
	       "      /tmp: -f FILES per CPU, 2000), net (AF_UNIX, 1 KiB requests,\n"
	       "      -n REQUESTS per CPU, 2000); the default: pipe\n"
	       "  -T  rounds until SECS have passed (at least -r)\n", prog);
}

int main(int argc, char **argv)
{
	struct sample s0, s1, first, prev;
	long kb, free_o3 = 0, fb1 = 0, slabs1 = 0;
	long wake = 0, last_fb = 0, last_slabs = 0;
	double secs, total_secs = 0;
	pid_t frag_pid, hog_pid;
	int o, r;

	while ((o = getopt(argc, argv, "Bkg:l:r:p:H:P:c:Uw:T:d:f:n:h")) != -1) {
		switch (o) {
		case 'B':
			bench = 1;
			break;
		case 'k':
			keep_wakers = 1;
			break;
		case 'g':
			groups = atoi(optarg);
			break;
		case 'l':
			loops = atoi(optarg);
			break;
		case 'r':
			rounds = atoi(optarg);
			break;
		case 'p':
			pause_s = atoi(optarg);
			break;
		case 'H':
			hog_pct = atoi(optarg);
			break;
		case 'P':
			pin_pct = atoi(optarg);
			break;
		case 'c':
			cache_file = optarg;
			break;
		case 'U':
			unmovable = 1;
			break;
		case 'w':
			parse_loads(optarg);
			break;
		case 'T':
			run_secs = atoi(optarg);
			break;
		case 'd':
			fs_dir = optarg;
			break;
		case 'f':
			fs_files = atoi(optarg);
			break;
		case 'n':
			net_reqs = atoi(optarg);
			break;
		case 'h':
			help(argv[0]);
			return 0;
		default:
			help(argv[0]);
			return KSFT_FAIL;
		}
	}
	if (groups < 0 || loops < 1 || rounds < 2 || pause_s < 0 ||
	    hog_pct < 0 || hog_pct > 60 || pin_pct < 13 || pin_pct > 90 ||
	    run_secs < 0 || fs_files < 1 || net_reqs < 1 ||
	    (!bench && (cycle_len > 1 || cycle[0] != L_PIPE))) {
		help(argv[0]);
		return KSFT_FAIL;
	}
	page_size = getpagesize();
	nr_workers = sysconf(_SC_NPROCESSORS_ONLN);

	ksft_print_header();
	if (geteuid())
		ksft_exit_skip("needs root\n");
	if (access(SLAB_DIR "/kmalloc-1k/order_fallback", R_OK))
		ksft_exit_skip("no SLUB statistics (CONFIG_SLUB_STATS)\n");
	if (!have_hackbench())
		ksft_exit_skip("no hackbench (rt-tests) in PATH\n");
	if (!groups) {
		groups = replay_meminfo_kb("MemTotal") / 1024 / 25;
		groups = groups < 20 ? 20 : groups > 60 ? 60 : groups;
	}
	ksft_set_plan(bench ? 0 : 2);

	atexit(restore);
	if (thp_is_enabled()) {
		thp_save_settings();
		thp_saved = 1;
		thp_write_string("enabled", "madvise");
	}
	/*
	 * After the save: 7.2's hugepage_save_settings() installs handlers
	 * that exit with KSFT_FAIL, which made a timeout read as a failure.
	 */
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	if (!keep_wakers) {
		set_knob(BOOST, saved_boost, sizeof(saved_boost), "0");
		set_knob(PROACTIVE, saved_proactive, sizeof(saved_proactive), "0");
	}
	if (unmovable && access("/proc/pressure/memory", R_OK))
		ksft_exit_fail_msg("-U: no /proc/pressure/memory (CONFIG_PSI) for the cost of the wake\n");
	if (unmovable)
		set_knob(UNEVICTABLE, saved_unevictable, sizeof(saved_unevictable), "0");
	find_kcompactd();
	ksft_print_msg("hackbench -g %d -l %d, %d rounds%s%s; boost and proactive compaction %s%s; %d kcompactd\n",
		       groups, loops, rounds, run_secs ? " or more, for the seconds of -T" : "",
		       cycle_len > 1 ? " of the loads of -w" : " over pipes",
		       keep_wakers ? "as they are" : "off",
		       unmovable ? "; kept pages mlocked, not compacted" : "",
		       nr_kcompactd);

	/* every clean, freeable page out first, then a fresh free list */
	sync();
	write_file("/proc/sys/vm/drop_caches", "3", 2);
	write_file("/proc/sys/vm/compact_memory", "1", 2);
	if (cache_file)
		ksft_print_msg("%s: %ld MiB in the page cache\n", cache_file,
			       read_into_cache(cache_file) >> 20);

	/*
	 * The hogger first, then all the rest but a margin above the
	 * watermarks is fragmented: order-0 allocations take the smallest
	 * free blocks first, so a hogger started later would fill the holes
	 * and leave the margin's large blocks to the slabs.
	 */
	/*
	 * Small per-CPU free lists while memory is taken: MemFree does not
	 * count them, and a large refill could take the fragmenter below
	 * the watermarks between two looks at MemFree.
	 */
	set_knob(PCP_FRACTION, saved_pcp, sizeof(saved_pcp), "100000");
	hog_pid = spawn_child(hog, replay_meminfo_kb("MemTotal") * hog_pct / 100 * 1024UL, NULL);
	stop_kb = margin_kb();
	kb = replay_meminfo_kb("MemFree") - stop_kb;
	if (kb < 16384)
		ksft_exit_fail_msg("too little free memory (%ld kB)\n", kb);
	frag_pid = spawn_child(fragmenter, kb * 1024UL, NULL);
	put(PCP_FRACTION, saved_pcp);
	saved_pcp[0] = '\0';
	free_o3 = free_kb_from(BLOCK_ORDER);
	ksft_print_msg("hog %d%% of memory, %ld MiB fragmented: %ld kB free, %ld kB of order %d+\n",
		       hog_pct, kb >> 10, replay_meminfo_kb("MemFree"), free_o3, BLOCK_ORDER);

	sample(&first);
	prev = first;
	for (r = 1; more_rounds(r, prev.t - first.t); r++) {
		long o3 = free_kb_from(BLOCK_ORDER);
		int load = cycle[(r - 1) % cycle_len];

		sample(&s0);
		secs = run_load(load);
		sample(&s1);
		total_secs += secs;
		load_secs[load] += secs;
		load_rounds[load]++;
		if (r == 1) {
			fb1 = s1.fallbacks - s0.fallbacks;
			slabs1 = s1.slabs - s0.slabs;
		}
		last_fb = s1.fallbacks - s0.fallbacks;
		last_slabs = s1.slabs - s0.slabs;
		/* counters over the round and the pause before it */
		print_sample("slab-round", r, load, secs, &prev, &s1, o3);
		prev = s1;
		if (more_rounds(r + 1, prev.t - first.t))
			sleep(pause_s);
	}
	print_sample("slab", r - 1, -1, total_secs, &first, &prev, free_o3);
	wake = prev.vm[V_DAEMON_WAKE] - first.vm[V_DAEMON_WAKE];
	kill(hog_pid, SIGKILL);
	kill(frag_pid, SIGKILL);
	waitpid(hog_pid, NULL, 0);
	waitpid(frag_pid, NULL, 0);

	if (bench)
		ksft_finished();

	/* no fallback: the setup did not fragment memory, nothing to judge */
	if (!fb1) {
		ksft_test_result_skip("kcompactd woken: %ld kB free of order %d+, no fallback\n",
				      free_o3, BLOCK_ORDER);
		ksft_test_result_skip("preferred order after the pressure\n");
		ksft_finished();
	}
	ksft_print_msg("fragmentation: %ld kB free of order %d+, %ld of %ld fell back\n",
		       free_o3, BLOCK_ORDER, fb1, slabs1);
	ksft_test_result(wake > 0, "kcompactd woken %ld times\n", wake);
	/*
	 * How much of round 1 gets the preferred order back depends on how
	 * fast kcompactd migrates compared with how fast hackbench
	 * allocates (slowly under emulation, with a busy second CPU).  So
	 * round 1 is reported, and the order after the pressure asserted.
	 */
	ksft_print_msg("round 1: %ld of %ld slabs at the preferred order\n",
		       slabs1 - fb1, slabs1);
	ksft_test_result(last_slabs && last_fb * 10 <= last_slabs,
			 "preferred order after the pressure: %ld of %ld slabs in round %d\n",
			 last_slabs - last_fb, last_slabs, rounds);
	ksft_finished();
}
