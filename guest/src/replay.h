/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers of the workload replays in guest/src that vm_util.c lacks. */
#ifndef REPLAY_H
#define REPLAY_H

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include "../kselftest.h"

/*
 * Write @s to @path (a sysctl, sysfs or tracefs file), as echo does: 0, or
 * the errno of the failure.  Async-signal-safe.  The replays' own (the
 * series' vm_util has no such helper on every base).
 */
static inline int replay_write_text(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, strlen(s)) < 0)
		err = errno;
	close(fd);
	return err;
}

/* The /proc/meminfo field @name in kB, -1 if there is none. */
static inline long replay_meminfo_kb(const char *name)
{
	FILE *f = fopen("/proc/meminfo", "r");
	size_t len = strlen(name);
	char key[64];
	long val = -1, v;

	if (!f)
		ksft_exit_fail_msg("/proc/meminfo: %s\n", strerror(errno));
	while (fscanf(f, "%63s %ld kB", key, &v) == 2)
		if (!strncmp(key, name, len) && key[len] == ':') {
			val = v;
			break;
		}
	fclose(f);
	return val;
}

/* CLOCK_MONOTONIC in seconds. */
static inline double monotonic_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The task's PID and the time in us of a line of tracefs's "trace" file,
 * "  comm-PID  [cpu] flags  SEC.USEC: event: ...": 0, or -1 for a
 * comment or a line of another shape.
 */
static inline int trace_line(const char *line, long *pid, long *t_us)
{
	const char *p;
	long sec, usec;

	if (line[0] == '#')
		return -1;
	p = strstr(line, "] ");
	if (!p || sscanf(p + 2, "%*s %ld.%ld:", &sec, &usec) != 2)
		return -1;
	*t_us = sec * 1000000 + usec;
	p = strchr(line, '[');
	while (p > line && p[-1] == ' ')
		p--;
	while (p > line && p[-1] != '-')
		p--;
	*pid = atol(p);
	return 0;
}

/* Is the /proc/vmstat @key the counter @name, or @name of one zone? */
static inline int vmstat_key(const char *key, const char *name)
{
	static const char * const zones[] = {
		"dma", "dma32", "normal", "high", "movable", "device",
	};
	size_t len = strlen(name), z;

	if (strncmp(key, name, len))
		return 0;
	if (!key[len])
		return 1;
	if (key[len] != '_')
		return 0;
	for (z = 0; z < sizeof(zones) / sizeof(zones[0]); z++)
		if (!strcmp(key + len + 1, zones[z]))
			return 1;
	return 0;
}

/*
 * The /proc/vmstat counters @names[0 .. @n - 1] into @v, from one read of
 * the file: a counter, or the sum of its per-zone ones (allocstall is
 * allocstall_dma + allocstall_dma32 + allocstall_normal + ...); -1 for a
 * counter the kernel has neither of.  0, or -1 if the file cannot be read.
 */
static inline int vmstat_read(const char * const *names, int n, long *v)
{
	FILE *f = fopen("/proc/vmstat", "r");
	char key[64];
	long val;
	int i;

	if (!f)
		return -1;
	for (i = 0; i < n; i++)
		v[i] = -1;
	while (fscanf(f, "%63s %ld", key, &val) == 2)
		for (i = 0; i < n; i++)
			if (vmstat_key(key, names[i]))
				v[i] = (v[i] < 0 ? 0 : v[i]) + val;
	fclose(f);
	return 0;
}

/* qsort()'s comparison of two longs, ascending. */
static inline int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/*
 * The @q quantile (nearest rank) of the @n sorted values at @v; 0 if none.
 * No ceil(): scripts/mkinitramfs.sh links libm only into the programs
 * built with the tree's vm_util.c.
 */
static inline long pct(const long *v, long n, double q)
{
	long i;

	if (!n)
		return 0;
	i = (long)(q * n);	/* the rank, rounded up */
	if (i < q * n)
		i++;
	return v[i > 0 ? i - 1 : 0];
}

/*
 * CPU time (utime + stime) of the tasks whose comm starts with @prefix
 * (kernel threads: "kswapd", "kcompactd"), in ms; -1 without /proc.
 */
static inline long threads_cpu_ms(const char *prefix)
{
	char path[300], buf[512], *p;
	unsigned long ut, st;
	struct dirent *e;
	long ticks = 0;
	DIR *d = opendir("/proc");
	FILE *f;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		p = fgets(buf, sizeof(buf), f);
		fclose(f);
		/* "pid (comm) state ...": utime and stime are fields 14, 15 */
		if (!p || !(p = strchr(buf, '(')) ||
		    strncmp(p + 1, prefix, strlen(prefix)) || !(p = strrchr(buf, ')')))
			continue;
		if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
			   &ut, &st) == 2)
			ticks += ut + st;
	}
	closedir(d);
	return ticks * 1000 / sysconf(_SC_CLK_TCK);
}

/*
 * Fork a child that runs @fn(@bytes, @arg), then waits to be killed (it
 * dies with its parent).  Returns once @fn has returned, so that what it
 * set up (memory taken, pages pinned) is in place.  (The harness's own:
 * the series' vm_util has no such helper.)
 */
static inline pid_t spawn_child(void (*fn)(size_t, void *), size_t bytes,
				void *arg)
{
	pid_t pid, parent = getpid();
	int pfd[2];
	char c;

	if (pipe(pfd))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	/* or the child's exit() writes the parent's buffered output again */
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* the parent may have died before the prctl() */
		if (getppid() != parent)
			_exit(1);
		close(pfd[0]);
		fn(bytes, arg);
		if (write(pfd[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(pfd[1]);
	if (read(pfd[0], &c, 1) != 1)
		ksft_exit_fail_msg("child %d died while starting\n", pid);
	close(pfd[0]);
	return pid;
}

/*
 * In a child of spawn_child(): say what failed on stderr and exit, with
 * neither TAP output nor the parent's atexit() handlers.
 */
static inline void child_fail(const char *what)
{
	fprintf(stderr, "# child %d: %s: %s\n", getpid(), what, strerror(errno));
	_exit(1);
}

/*
 * Fragment @bytes of memory, for spawn_child(): write it page by page,
 * then free all but one page of every @every (an int *; NULL: 8) and
 * mlock that one where it is, so that hardly a free block of @every pages
 * or more is left there.  Compaction can still move the pages it keeps
 * (with vm.compact_unevictable_allowed, the default).
 */
static inline void fragment_pages(size_t bytes, void *every)
{
	size_t i, ps = getpagesize(), n = bytes / ps;
	int keep = every ? *(int *)every : 8;
	char *p;

	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		child_fail("mmap");
	if (madvise(p, bytes, MADV_NOHUGEPAGE))
		child_fail("MADV_NOHUGEPAGE");
	for (i = 0; i < n; i++)
		p[i * ps] = 1;
	for (i = 0; i < n; i++)
		if (i % keep && madvise(p + i * ps, ps, MADV_DONTNEED))
			child_fail("MADV_DONTNEED");
	/* only the pages left (MLOCK_ONFAULT), and no VMA split */
	if (syscall(__NR_mlock2, p, bytes, 1))
		child_fail("mlock2");
}

/*
 * Free memory an allocation can take without waking kswapd, in kB: each
 * zone's free pages above its high watermark and its largest reserve
 * against allocations from higher zones.
 */
static inline long replay_usable_kb(void)
{
	long free = 0, high = 0, prot, usable = 0, v;
	char line[512], *c;
	FILE *f = fopen("/proc/zoneinfo", "r");

	while (f && fgets(line, sizeof(line), f)) {
		c = strstr(line, "protection: (");
		if (sscanf(line, " pages free %ld", &v) == 1) {
			free = v;
		} else if (sscanf(line, " high %ld", &v) == 1) {
			high = v;
		} else if (c) {
			for (prot = 0, c += 13; *c && *c != ')'; c = *c == ',' ? c + 1 : c) {
				v = strtol(c, &c, 10);
				prot = v > prot ? v : prot;
			}
			if (free > high + prot)
				usable += free - high - prot;
		}
	}
	if (f)
		fclose(f);
	return usable * (getpagesize() / 1024);
}

/*
 * A line's free block counts, one per order from 0 (">100000" read as
 * 100000), summed in blocks of @order from @order on.
 */
static inline long replay_sum_orders(char *c, int order)
{
	long n = 0, v;
	char *end;
	int o;

	for (o = 0;; o++, c = end) {
		c += strspn(c, " >");
		v = strtol(c, &end, 10);
		if (end == c)
			break;
		if (o >= order)
			n += v << (o - order);
	}
	return n;
}

/*
 * Free blocks of @order or more, counted in blocks of @order, from
 * /proc/buddyinfo (every node and zone).
 */
static inline long replay_free_blocks(int order)
{
	char line[512], *c;
	FILE *f = fopen("/proc/buddyinfo", "r");
	long n = 0;

	if (!f)
		ksft_exit_fail_msg("/proc/buddyinfo: %s\n", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		c = strstr(line, "zone");
		if (!c)
			continue;
		c += 4 + strspn(c + 4, " ");
		n += replay_sum_orders(c + strcspn(c, " "), order);
	}
	fclose(f);
	return n;
}

/*
 * Take the free blocks of a PMD's size as THPs, found free (the mapping
 * is not madvised: a fault does not compact), for a fragmenter: the
 * high watermarks' share of free memory is still in large blocks.
 * Without THP ("never") they stay.
 */
static inline void replay_take_huge_blocks(void)
{
	long page = getpagesize(), pmd = 0, n, i;
	char mode[64] = "";
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", "r");
	int order = 0;
	char *p;

	if (!f || fscanf(f, "%ld", &pmd) != 1)
		pmd = 0;
	if (f)
		fclose(f);
	f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	if (!f || !fgets(mode, sizeof(mode), f) || strstr(mode, "[never]") || pmd <= 0) {
		if (f)
			fclose(f);
		return;
	}
	fclose(f);
	while ((page << order) < pmd)
		order++;
	n = replay_free_blocks(order);
	if (!n)
		return;
	p = mmap(NULL, (n + 1) * pmd, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return;
	p = (char *)(((unsigned long)p + pmd - 1) & ~(pmd - 1));
	for (i = 0; i < n; i++)
		p[i * pmd] = 1;
}

/*
 * Pages in pipes, which hold unmovable order-0 pages: taken from the
 * smallest free block of unmovable pageblocks, then reclaimable ones,
 * then the largest free block of movable ones.  @w: the write end of the
 * pipe being filled (-1: none yet); @pipes: how many were opened.  The
 * pages added, or fewer when @max_pipes are full.
 */
static inline long replay_pipe_pages(long pages, int *w, int *pipes, int max_pipes)
{
	long page = getpagesize(), done = 0;
	static char *buf;
	int fds[2];

	if (!buf)
		buf = calloc(1, page);
	while (buf && done < pages) {
		if (*w >= 0 && write(*w, buf, page) == page) {
			done++;
			continue;
		}
		if (*pipes >= max_pipes || pipe(fds))
			break;
		(*pipes)++;
		*w = fds[1];
		fcntl(*w, F_SETPIPE_SZ, 1 << 20);
		fcntl(*w, F_SETFL, O_NONBLOCK);
	}
	return done;
}

/* Free pages in unmovable and reclaimable pageblocks (/proc/pagetypeinfo) */
static inline long replay_unmovable_free_pages(void)
{
	char line[512], *c;
	FILE *f = fopen("/proc/pagetypeinfo", "r");
	long n = 0;

	while (f && fgets(line, sizeof(line), f)) {
		c = strstr(line, ", type ");
		if (!c || (!strstr(c, "Unmovable") && !strstr(c, "Reclaimable")))
			continue;
		n += replay_sum_orders(strstr(c, "able") + 4, 0);
	}
	if (f)
		fclose(f);
	return n;
}

#endif
