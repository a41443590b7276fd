/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers of the workload replays in guest/src that vm_util.c lacks. */
#ifndef REPLAY_H
#define REPLAY_H

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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

#endif
